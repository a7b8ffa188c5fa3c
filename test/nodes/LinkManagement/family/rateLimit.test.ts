/**
 * (The family: real installations of the service, as opposed to the API reference's answers.)
 * The family's rate limit on n8n's engine: refusals as HTTP 200 with Retry-After in the body,
 * with or without X-RateLimit-* headers, Remaining negative or clamped, windows that start at
 * the key's first request. The node waits and goes on; every item is created exactly once.
 */
import { runNode } from '../../../helpers';
import { createQrFromRow, qrNamesOf, urlRows } from '../../../helpers/sandbox';
import type { RemainingMode, Sandbox } from '../../../sandbox/server';
import { credentialsOf, familySandbox, spendBudget } from './helpers';
import { useVirtualTime } from '../../../helpers/virtualTime';

// The waits (rate-limit windows, Retry-After, backoff) pass on virtual time.
useVirtualTime();

let sandbox: Sandbox;
afterEach(async () => await sandbox.stop());

/** Every item has its own QR code, named after its row: each created once, none lost. */
async function expectEachCreatedOnce(items: number, prefix: string) {
	const result = await runNode({
		credentials: credentialsOf(sandbox),
		parameters: createQrFromRow,
		items: urlRows(items, prefix),
	});
	expect(result.error).toBeUndefined();
	expect(result.items).toHaveLength(items);
	result.items.forEach((item, i) => {
		expect(item.json.error).toBeUndefined();
		expect(sandbox.store.qr.get(Number(item.json.id))?.name).toBe(
			urlRows(items, prefix)[i].json.url,
		);
	});
	expect(sandbox.store.qr.created).toBe(items);
	expect(new Set(qrNamesOf(sandbox)).size).toBe(items);
}

describe.each<RemainingMode>(['negative', 'clamped'])(
	'rate limit in the body, with headers, Remaining %s',
	(remaining) => {
		beforeEach(async () => {
			sandbox = await familySandbox({ remaining, rateLimit: 30, rateWindowMs: 2000, seed: 0 });
		});

		test('another client spent the window: the node waits, then creates all 40, once', async () => {
			await spendBudget(sandbox, 30);
			await expectEachCreatedOnce(40, remaining);
			expect(sandbox.stats.rateLimited).toBeGreaterThanOrEqual(1);
			// The refusal's Remaining (-1 or 0) keeps the pacing on: the node is not refused again
			// window after window (at most once more, at the edge of the window it waited out).
			expect(sandbox.stats.rateLimited).toBeLessThanOrEqual(2);
		}, 30_000);
	},
);

describe('rate limit in the body, without any X-RateLimit-* header', () => {
	beforeEach(async () => {
		sandbox = await familySandbox({
			rateHeaders: false,
			rateLimit: 30,
			rateWindowMs: 2000,
			seed: 0,
		});
	});

	test('45 items: refused past the budget, waits as the body says, creates all 45, once', async () => {
		await spendBudget(sandbox, 30);
		await expectEachCreatedOnce(45, 'no-headers');
		expect(sandbox.stats.rateLimited).toBeGreaterThanOrEqual(1);
		const posts = sandbox.stats.log.filter((entry) => entry.route === 'POST /api/qr/add');
		// Refused requests were sent again; none was applied twice.
		expect(posts.length).toBeGreaterThan(45);
	}, 30_000);
});

describe('windows that start at the key’s first request', () => {
	beforeEach(async () => {
		sandbox = await familySandbox({ rateLimit: 10, rateWindowMs: 2000, seed: 0 });
	});

	test('25 items over three windows: paced by the Unix reset, never refused', async () => {
		await expectEachCreatedOnce(25, 'windows');
		expect(sandbox.stats.rateLimited).toBe(0);
		expect(sandbox.stats.requests).toBe(25);
	}, 30_000);
});
