import nock from 'nock';

import { jsonOf, runNode, TEST_BASE_URL } from '../../../helpers';
import { createQrFromRow, credentialsOf, qrNamesOf, urlRows } from '../../../helpers/sandbox';
import type { Sandbox } from '../../../sandbox/server';
import { startSandbox } from '../../../sandbox/server';
import { useVirtualTime } from '../../../helpers/virtualTime';

// The waits (rate-limit windows, Retry-After, backoff) pass on virtual time.
useVirtualTime();

/** Bulk runs against a service that enforces its budget and answers 429 past it. */
describe('bulk runs share one budget and receive no 429', () => {
	let sandbox: Sandbox;
	beforeEach(async () => {
		sandbox = await startSandbox({ rateLimit: 10, rateWindowMs: 1000, seed: 0 });
	});
	afterEach(async () => await sandbox.stop());

	test('45 items, 10 requests per second allowed: every item succeeds, once', async () => {
		const result = await runNode({
			credentials: credentialsOf(sandbox),
			parameters: createQrFromRow,
			items: urlRows(45, 'a'),
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(45);
		expect(result.items.every((item) => typeof item.json.id === 'number')).toBe(true);
		expect(result.items.map((item) => item.pairedItem)).toEqual(
			urlRows(45, 'a').map((_, item) => ({ item })),
		);
		expect(sandbox.stats.rateLimited).toBe(0);
		expect(sandbox.store.qr.created).toBe(45);
		expect(new Set(qrNamesOf(sandbox)).size).toBe(45);
	}, 30_000);

	test('two executions at the same time share the budget', async () => {
		const credentials = credentialsOf(sandbox);
		const [first, second] = await Promise.all([
			runNode({ credentials, parameters: createQrFromRow, items: urlRows(20, 'first') }),
			runNode({ credentials, parameters: createQrFromRow, items: urlRows(20, 'second') }),
		]);
		expect(jsonOf(first)).toHaveLength(20);
		expect(jsonOf(second)).toHaveLength(20);
		expect(sandbox.stats.rateLimited).toBe(0);
		expect(sandbox.store.qr.created).toBe(40);
	}, 30_000);

	test('Return All over many pages keeps to the budget too', async () => {
		await sandbox.stop();
		sandbox = await startSandbox({ rateLimit: 5, rateWindowMs: 1000, seed: { pixels: 120 } });
		const result = await runNode({
			credentials: credentialsOf(sandbox),
			parameters: {
				resource: 'pixel',
				operation: 'getAll',
				returnAll: true,
				options: { pageSize: 10 },
			},
		});
		expect(jsonOf(result).map((json) => json.id)).toEqual(
			Array.from({ length: 120 }, (_, i) => i + 1),
		);
		expect(sandbox.stats.requests).toBe(12);
		expect(sandbox.stats.rateLimited).toBe(0);
	}, 30_000);
});

test('items do not all fire before the first answer shows the budget', async () => {
	let answered = 0;
	const answeredWhenArriving: number[] = [];
	nock(TEST_BASE_URL)
		.post('/api/pixel/add')
		.times(5)
		.reply((_uri, _body, respond) => {
			answeredWhenArriving.push(answered);
			setTimeout(() => {
				answered++;
				respond(null, [
					200,
					{ error: 0, id: answered },
					{ 'X-RateLimit-Remaining': '25', 'X-RateLimit-Reset': '60' },
				]);
			}, 100);
		});
	const result = await runNode({
		parameters: { resource: 'pixel', operation: 'create', type: 'forum', name: 'P', tag: 'T' },
		items: Array.from({ length: 5 }, () => ({ json: {} })),
	});
	expect(result.items).toHaveLength(5);
	// Only the first request went out before any answer; the other four came after it.
	expect(answeredWhenArriving.filter((count) => count === 0)).toHaveLength(1);
	expect(answeredWhenArriving).toHaveLength(5);
});

describe('items take their turns in order', () => {
	let sandbox: Sandbox;
	afterEach(async () => await sandbox.stop());

	test('an item the service refused keeps its place: it goes before those behind it', async () => {
		// The second request is refused (429) although budget remains: it must not starve.
		sandbox = await startSandbox({
			rateLimit: 3,
			rateWindowMs: 1000,
			seed: 0,
			faults: { script: [null, '429'] },
		});
		const rows = Array.from({ length: 9 }, (_, i) => ({ json: { name: `item ${i + 1}` } }));

		const result = await runNode({
			credentials: credentialsOf(sandbox),
			parameters: { resource: 'channel', operation: 'create', name: '={{ $json.name }}' },
			items: rows,
		});

		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toHaveLength(9);
		const created = sandbox.store.channels.list().map((channel) => channel.name);
		expect([...created].sort()).toEqual(rows.map((row) => row.json.name).sort());
		// Refused in the first window, item 2 is created before the items still waiting then.
		expect(created.indexOf('item 2')).toBeLessThan(created.indexOf('item 5'));
	}, 30_000);
});
