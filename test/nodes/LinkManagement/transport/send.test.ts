import nock from 'nock';

import {
	announcingReset,
	createForumPixel,
	jsonOf,
	replyInTurn,
	runNode,
	TEST_BASE_URL,
} from '../../../helpers';
import { listAnswer } from '../../../helpers/fixtures';
import { credentialsOf } from '../../../helpers/sandbox';
import { pause, useVirtualTime } from '../../../helpers/virtualTime';
import { startSandbox } from '../../../sandbox/server';

const account = { error: 0, data: { id: 1, email: 'ada@example.com' } };
const getAccount = { resource: 'account', operation: 'get' };
const createQr = (data = 'https://example.com') => ({
	resource: 'qrCode',
	operation: 'create',
	type: 'link',
	data,
});
const rateLimited = { error: 1, message: 'Rate limit exceeded.' };

// Every wait below (resets, Retry-After, backoff) passes on virtual time: `arrivals` and the
// times compared are virtual.
useVirtualTime();

describe('HTTP 429: waits until X-RateLimit-Reset and sends the same request again', () => {
	test.each([
		['Unix milliseconds', (resetAt: number) => String(resetAt)],
		['Unix seconds', (resetAt: number) => String(Math.ceil(resetAt / 1000))],
		['seconds to wait', (resetAt: number) => String(Math.ceil((resetAt - Date.now()) / 1000))],
		['an HTTP date', (resetAt: number) => new Date(Math.ceil(resetAt / 1000) * 1000).toUTCString()],
	])('reset given as %s', async (_, format) => {
		const refusal = announcingReset(600, [429, rateLimited], { format });
		const { arrivals, scope } = replyInTurn('GET', '/api/account', [
			refusal.reply,
			() => [200, account, { 'X-RateLimit-Remaining': '29' }],
		]);
		const result = await runNode({ parameters: getAccount });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([account.data]);
		// The second try came after the reset the service announced (rounded to its format).
		expect(arrivals).toHaveLength(2);
		expect(arrivals[1]).toBeGreaterThanOrEqual(Math.floor(refusal.resetAt / 1000) * 1000);
		scope.done();
	});

	test('an error with Remaining 0 is no rate limit: the POST fails at once, sent once', async () => {
		const { arrivals } = replyInTurn('POST', '/api/qr/add', [
			(now) => [
				500,
				{ error: 1, message: 'Could not create the QR code.' },
				{ 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': String(now + 300) },
			],
			() => [200, { error: 0, id: 5, link: 'https://q.test/5' }, { 'X-RateLimit-Remaining': '29' }],
		]);
		const result = await runNode({ parameters: createQr() });
		expect(result.error?.message).toBe('Could not create the QR code. [item 0]');
		expect(arrivals).toHaveLength(1);
	});

	test('falls back to Retry-After', async () => {
		const { arrivals } = replyInTurn('GET', '/api/account', [
			() => [429, rateLimited, { 'Retry-After': '1' }],
			() => [200, account],
		]);
		const result = await runNode({ parameters: getAccount });
		expect(jsonOf(result)).toEqual([account.data]);
		expect(arrivals[1] - arrivals[0]).toBeGreaterThanOrEqual(1000);
	});

	test('falls back to backoff when no header says when', async () => {
		const { arrivals } = replyInTurn('GET', '/api/account', [
			() => [429, rateLimited],
			() => [200, account],
		]);
		const result = await runNode({ parameters: getAccount });
		expect(jsonOf(result)).toEqual([account.data]);
		expect(arrivals).toHaveLength(2);
		// Backoff with jitter: at least half of the first step (1 s).
		expect(arrivals[1] - arrivals[0]).toBeGreaterThanOrEqual(500);
	});

	test('a reset beyond Max Wait per Pause fails at once, saying when it resets', async () => {
		const inAnHour = Date.now() + 3_600_000;
		const { arrivals } = replyInTurn('GET', '/api/account', [
			() => [
				429,
				rateLimited,
				{ 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': String(inAnHour) },
			],
		]);
		const result = await runNode({ parameters: getAccount });
		expect(result.error?.message).toContain('Rate limited by the Link Management service');
		expect(result.error?.message).toContain(new Date(inAnHour + 20).toISOString().slice(0, 16));
		expect(result.error?.description).toContain('Max Wait per Pause');
		expect(arrivals).toHaveLength(1);
	});

	test('Max Total Wait per Item bounds repeated waits', async () => {
		const always429 = (now: number): [number, unknown, Record<string, string>] => [
			429,
			rateLimited,
			{ 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': String(now + 700) },
		];
		const { arrivals } = replyInTurn('GET', '/api/account', [
			always429,
			always429,
			always429,
			always429,
		]);
		const result = await runNode({ parameters: { ...getAccount, options: { maxTotalWait: 1 } } });
		expect(result.error?.message).toContain('Rate limited');
		expect(result.error?.description).toContain('Max Total Wait per Item');
		expect(arrivals).toHaveLength(2); // waited 0.7 s once; a second 0.7 s would pass 1 s
	});

	test('Max Total Wait per Item counts the waits of every page of a Return All', async () => {
		const refused = { error: 429, message: 'Too Many API Requests.', 'Retry-After': 1 };
		const page = (n: number) =>
			listAnswer('qrs', [{ id: n, name: `QR code ${n}` }], { currentpage: n, maxpage: 3 });
		const arrivals: string[] = [];
		nock(TEST_BASE_URL)
			.get('/api/qr')
			.query(true)
			.times(6)
			.reply((uri) => {
				arrivals.push(uri);
				const asked = Number(new URL(uri, TEST_BASE_URL).searchParams.get('page'));
				// Each page is refused once (one second to wait), then answered.
				const refusedBefore = arrivals.filter((each) => each === uri).length === 1;
				return [200, refusedBefore ? refused : page(asked)];
			});

		const result = await runNode({
			parameters: {
				resource: 'qrCode',
				operation: 'getAll',
				returnAll: true,
				options: { maxTotalWait: 1.5 },
			},
		});

		expect(result.error?.message).toContain('Rate limited by the Link Management service');
		expect(result.error?.description).toContain('made this item wait 1 s in all');
		// Page 1 refused, page 1, page 2 refused: a second one-second wait would pass 1.5 s.
		expect(arrivals.map((uri) => new URL(uri, TEST_BASE_URL).searchParams.get('page'))).toEqual([
			'1',
			'1',
			'2',
		]);
		nock.cleanAll();
	});

	test('stopping the execution abandons the wait: the request is not sent again', async () => {
		const refusal = announcingReset(3000, [429, rateLimited]);
		const { arrivals } = replyInTurn('GET', '/api/account', [refusal.reply, () => [200, account]]);
		let cancel: () => void = () => {};
		const running = runNode({ parameters: getAccount, onStart: (stop) => (cancel = stop) });
		while (arrivals.length === 0) await pause(10);
		await pause(300); // the 429 has been read: the node waits
		cancel();
		const result = await running;
		expect(result.run.status).toBe('canceled');
		// The node stopped waiting before the window reset, and sent nothing more.
		const settled = await result.nodeSettled;
		expect(settled).toBeLessThan(refusal.resetAt);
		await pause(refusal.resetAt - Date.now() + 200);
		expect(arrivals).toHaveLength(1);
	});
});

describe('transient faults', () => {
	test.each([[502], [503], [504]])('GET is retried after HTTP %i', async (status) => {
		const { arrivals } = replyInTurn('GET', '/api/account', [
			() => [status, 'Bad gateway'],
			() => [200, account],
		]);
		const result = await runNode({ parameters: getAccount });
		expect(jsonOf(result)).toEqual([account.data]);
		expect(arrivals).toHaveLength(2);
	});

	// nock cannot drop a connection the way a server does, so these run against the sandbox.
	test('PUT is retried after a dropped connection', async () => {
		const sandbox = await startSandbox({ rateLimit: 0, faults: { script: ['drop'] } });
		try {
			const result = await runNode({
				credentials: credentialsOf(sandbox),
				parameters: {
					resource: 'pixel',
					operation: 'update',
					pixelId: { __rl: true, mode: 'id', value: '1' },
					tag: 'GTM-1',
				},
			});
			expect(jsonOf(result)).toEqual([
				{ success: true, message: 'Pixel has been updated successfully.', pixelId: 1 },
			]);
			expect(sandbox.stats.byStatus.dropped).toBe(1);
			expect(sandbox.store.pixels.records.get(1)?.tag).toBe('GTM-1');
		} finally {
			await sandbox.stop();
		}
	});

	test('POST is never sent again after a dropped connection, and the error says so', async () => {
		// The sandbox applies the request, then drops the connection: a resend would duplicate it.
		const sandbox = await startSandbox({
			rateLimit: 0,
			faults: { script: ['drop'], applyThenFault: true },
		});
		try {
			const result = await runNode({
				credentials: credentialsOf(sandbox),
				parameters: createForumPixel,
			});
			expect(result.error?.message).toContain('Could not reach the Link Management service');
			expect(result.error?.description).toContain('It was not sent again');
			expect(sandbox.stats.requests).toBe(1);
			expect(sandbox.store.pixels.created).toBe(1);
			expect(JSON.stringify(result.run.data.resultData)).not.toContain(sandbox.apiKey);
		} finally {
			await sandbox.stop();
		}
	});

	test('GET gives up after a bounded number of retries', async () => {
		const down = (): [number, unknown] => [503, 'down'];
		const { arrivals } = replyInTurn('GET', '/api/account', [down, down, down, down, down]);
		const result = await runNode({ parameters: getAccount });
		expect(result.error?.httpCode).toBe('503');
		expect(arrivals).toHaveLength(4); // the first try and 3 retries
	}, 30_000);
});
