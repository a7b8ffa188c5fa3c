/**
 * What counts as a rate limit, and how its state is kept: only an answer that says so (HTTP
 * 429, a body whose `error` is 429 or whose message says the rate limit was hit) is waited out and
 * sent again, a POST included; any other error fails the item at once, whatever the
 * X-RateLimit-* headers say. Odd reset times never hold a credential back.
 */
import nock from 'nock';
import type { INodeParameters } from 'n8n-workflow';

import type { RequestContext } from '../../../../nodes/LinkManagement/transport/context';
import { rateLimitedError } from '../../../../nodes/LinkManagement/transport/errors';
import type { Reply } from '../../../helpers';
import {
	announcingReset,
	createForumPixel,
	jsonOf,
	replyInTurn,
	rl,
	runNode,
} from '../../../helpers';
import { useVirtualTime } from '../../../helpers/virtualTime';

// The waits (rate-limit windows, Retry-After, backoff) pass on virtual time.
useVirtualTime();

const created: Reply = [200, { error: 0, id: 9 }];

describe('a rate limit is an answer that says so; sent again, a POST too', () => {
	test.each([
		['HTTP 429', [429, { error: 1, message: 'Rate limit exceeded.' }, { 'Retry-After': '1' }]],
		[
			'HTTP 200 with error 429 and Retry-After in the body (real installations)',
			[200, { error: 429, message: 'Too Many API Requests.', 'Retry-After': 1 }],
		],
		[
			'HTTP 200 with error "429"',
			[200, { error: '429', message: 'Slow down.', 'Retry-After': '1' }],
		],
		[
			'an error whose message says too many requests',
			[200, { error: 1, message: 'Too many requests' }],
		],
		[
			'HTTP 200, Remaining 0 and "Rate limit exceeded."',
			[200, { error: 1, message: 'Rate limit exceeded.' }, { 'X-RateLimit-Remaining': '0' }],
		],
		['"API rate limit reached"', [200, { error: 1, message: 'API rate limit reached, wait.' }]],
		['"You have been rate limited"', [200, { error: 1, message: 'You have been rate limited' }]],
		[
			'"You have exceeded the rate limit"',
			[200, { error: 1, message: 'You have exceeded the rate limit.' }],
		],
	] as Array<[string, Reply]>)('%s', async (_, refusal) => {
		const { arrivals } = replyInTurn('POST', '/api/pixel/add', [() => refusal, () => created]);

		const result = await runNode({ parameters: createForumPixel });

		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([{ id: 9 }]);
		expect(arrivals).toHaveLength(2);
		// Told (or backed off) to wait about a second before sending it again.
		expect(arrivals[1] - arrivals[0]).toBeGreaterThanOrEqual(500);
	});

	test('without any X-RateLimit-* header, the body alone says when to try again', async () => {
		const { arrivals } = replyInTurn('POST', '/api/pixel/add', [
			() => [200, { error: 429, message: 'Too Many API Requests.', 'Retry-After': 2 }],
			() => created,
		]);

		const result = await runNode({ parameters: createForumPixel });

		expect(jsonOf(result)).toEqual([{ id: 9 }]);
		expect(arrivals[1] - arrivals[0]).toBeGreaterThanOrEqual(2000);
	});
});

describe('any other error fails the item at once with the service message, sent once', () => {
	const spent = (now: number) => ({
		'X-RateLimit-Limit': '30',
		'X-RateLimit-Remaining': '0',
		'X-RateLimit-Reset': String(Math.ceil((now + 30_000) / 1000)),
	});

	test('a POST answered HTTP 500 with Remaining 0 is not sent again', async () => {
		const { arrivals } = replyInTurn('POST', '/api/pixel/add', [
			(now) => [500, { error: 1, message: 'Database unavailable.' }, spent(now)],
			() => created,
		]);

		const result = await runNode({ parameters: createForumPixel });

		expect(result.error?.message).toBe('Database unavailable. [item 0]');
		expect(arrivals).toHaveLength(1);
	});

	test.each(['You have reached your link limit.', 'Monthly quota exceeded.'])(
		'%j (another limit) with Remaining 0 fails at once, sent once',
		async (message) => {
			const { arrivals } = replyInTurn('POST', '/api/pixel/add', [
				(now) => [200, { error: 1, message }, spent(now)],
				() => created,
			]);

			const result = await runNode({ parameters: createForumPixel });

			expect(result.error?.message).toBe(`${message} [item 0]`);
			expect(arrivals).toHaveLength(1);
		},
	);

	test('a DELETE of a missing record with Remaining 0 is not retried as if rate limited', async () => {
		const { arrivals } = replyInTurn('DELETE', '/api/pixel/77/delete', [
			(now) => [404, { error: 1, message: 'Pixel not found. Please try again.' }, spent(now)],
			() => [200, { error: 0, message: 'Pixel has been deleted successfully.' }],
		]);

		const result = await runNode({
			parameters: { resource: 'pixel', operation: 'delete', pixelId: rl('77') },
		});

		expect(result.error?.message).toBe('Pixel not found. Please try again. [item 0]');
		expect(arrivals).toHaveLength(1);
	});
});

describe('rate-limit state cannot get stuck', () => {
	const getAccount: INodeParameters = {
		resource: 'account',
		operation: 'get',
		options: { maxTotalWait: 3 },
	};
	const account: Reply = [200, { error: 0, data: { id: 1 } }];

	test.each([
		['a reset in the year 3000', String(Date.UTC(3000, 0, 1) / 1000)],
		['a reset beyond the date range', '99999999999999999999'],
		['a reset in the past', '1000000000'],
		['a reset that cannot be read', 'soon'],
	])(
		'%s is unknown: bounded backoff, then a clear error',
		async (_, reset) => {
			const refusal = (): Reply => [
				429,
				{ error: 1, message: 'Rate limit exceeded.' },
				{ 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': reset },
			];
			const { arrivals } = replyInTurn('GET', '/api/account', [
				refusal,
				refusal,
				refusal,
				refusal,
				refusal,
			]);

			const result = await runNode({ parameters: getAccount });

			expect(result.error?.message).toMatch(/^Rate limited by the Link Management service/);
			expect(result.error?.description).toContain('Max Total Wait per Item');
			expect(arrivals.length).toBeGreaterThanOrEqual(2);
			nock.cleanAll();

			// The next execution of the same credential is not held back by it.
			replyInTurn('GET', '/api/account', [() => account]);
			const next = await runNode({ parameters: { ...getAccount, options: { maxWait: 5 } } });
			expect(next.error).toBeUndefined();
			expect(jsonOf(next)).toEqual([{ id: 1 }]);
		},
		30_000,
	);

	test('the newest answer wins: Retry-After 2 s after a 60-s window retries in ~2 s', async () => {
		const windowEnd = (now: number) => String(Math.ceil((now + 60_000) / 1000));
		const { arrivals } = replyInTurn('GET', '/api/account', [
			(now) => [
				200,
				{ error: 0, data: { id: 1 } },
				{ 'X-RateLimit-Remaining': '5', 'X-RateLimit-Reset': windowEnd(now) },
			],
			(now) => [
				429,
				{ error: 1, message: 'Rate limit exceeded.' },
				{ 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': windowEnd(now), 'Retry-After': '2' },
			],
			() => account,
		]);

		const result = await runNode({
			parameters: { resource: 'account', operation: 'get' },
			items: [{ json: {} }, { json: {} }],
		});

		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toHaveLength(2);
		expect(arrivals).toHaveLength(3);
		expect(arrivals[2] - arrivals[1]).toBeGreaterThanOrEqual(2000);
		expect(arrivals[2] - arrivals[1]).toBeLessThan(30_000);
	}, 30_000);

	test('a negative Remaining (older versions) means nothing is left until the reset', async () => {
		const answered = { error: 0, data: { id: 1 } };
		const nothingLeft = announcingReset(1500, [200, answered], { remaining: '-1' });
		const { arrivals } = replyInTurn('GET', '/api/account', [nothingLeft.reply, () => account]);

		const result = await runNode({
			parameters: { resource: 'account', operation: 'get' },
			items: [{ json: {} }, { json: {} }],
		});

		expect(result.error).toBeUndefined();
		expect(arrivals).toHaveLength(2);
		expect(arrivals[1]).toBeGreaterThanOrEqual(nothingLeft.resetAt);
	});
});

describe('the rate-limit error', () => {
	const context = {
		node: { name: 'Link Management' },
		itemIndex: 0,
		settings: { maxWaitMs: 120_000, maxTotalWaitMs: 300_000 },
	} as RequestContext;

	test.each([[8.64e15 + 1], [Infinity], [NaN]])(
		'is written without throwing for a reset of %p',
		(resetAt) => {
			const error = rateLimitedError(context, resetAt, 0);
			expect(error.message).toMatch(/the window resets at an unknown time/);
		},
	);

	test('names the reset time and both caps', () => {
		const resetAt = Date.UTC(2026, 10, 21, 12, 0, 0);
		const error = rateLimitedError(context, resetAt, 7_000);
		expect(error.message).toContain('2026-11-21T12:00:00.000Z');
		expect(error.description).toMatch(
			/wait 7 s in all.*Max Wait per Pause.*Max Total Wait per Item/,
		);
	});
});
