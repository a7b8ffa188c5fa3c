/**
 * One key, many jobs: requests of a key take turns between the parties sending them (a node run,
 * a poll, a webhook call), so a bulk run never makes the key's other work wait for all of it. On
 * n8n's engine against a truthful service at 30 requests per 2-s window (the minute compressed
 * 30-fold, windows on whole 2-s marks), on virtual time.
 */
import { runNode, select } from '../../../helpers';
import { durableTrigger } from '../../../helpers/durableTrigger';
import { createQrFromRow, credentialsOf, qrNamesOf, urlRows } from '../../../helpers/sandbox';
import { pause, useVirtualTime } from '../../../helpers/virtualTime';
import type { Sandbox } from '../../../sandbox/server';
import { startSandbox } from '../../../sandbox/server';

useVirtualTime();

const LIMIT = 30;
const WINDOW_MS = 2000;

let sandbox: Sandbox;
beforeEach(async () => {
	sandbox = await startSandbox({ rateLimit: LIMIT, rateWindowMs: WINDOW_MS, seed: 0 });
	// Start on a window's mark, as the measurements did.
	await pause(WINDOW_MS - (Date.now() % WINDOW_MS));
});
afterEach(async () => await sandbox.stop());

/** A run of `count` QR codes, with when it started and ended (virtual ms). */
async function bulkRun(count: number, prefix: string) {
	const startedAt = Date.now();
	const result = await runNode({
		credentials: credentialsOf(sandbox),
		parameters: createQrFromRow,
		items: urlRows(count, prefix),
	});
	return { result, startedAt, endedAt: Date.now() };
}

/** A one-link execution (Link › Create) asked after `delayMs`: how long its answer took. */
async function oneLink(delayMs: number, name: string) {
	await pause(delayMs);
	const askedAt = Date.now();
	const result = await runNode({
		credentials: credentialsOf(sandbox),
		parameters: select('link', 'create', { url: `https://example.com/one/${name}` }),
	});
	expect(result.error).toBeUndefined();
	expect(result.items[0].json.shorturl).toEqual(expect.any(String));
	return Date.now() - askedAt;
}

/** The windows `requests` need at the limit, from a window's mark: the floor of any schedule. */
const floorMs = (requests: number) => Math.ceil(requests / LIMIT) * WINDOW_MS;

function expectEachOnceInOrder(run: Awaited<ReturnType<typeof bulkRun>>, count: number) {
	expect(run.result.error).toBeUndefined();
	const nameOf = (id: unknown) => sandbox.store.qr.records.get(id as number)?.name;
	expect(run.result.items.map((item) => nameOf(item.json.id))).toEqual(
		urlRows(count, '').map((_, i) => expect.stringMatching(new RegExp(`/${i}$`))),
	);
}

test('a one-link execution asked 1 s into a run of 300 is answered within 2 windows', async () => {
	const [bulk, waitedMs] = await Promise.all([bulkRun(300, 'bulk'), oneLink(1000, 'a')]);

	expect(waitedMs).toBeLessThanOrEqual(2 * WINDOW_MS);
	expectEachOnceInOrder(bulk, 300);
	expect(bulk.endedAt - bulk.startedAt).toBeLessThanOrEqual(1.1 * floorMs(301));
	expect(sandbox.stats.rateLimited).toBe(0);
	expect(new Set(qrNamesOf(sandbox)).size).toBe(300);
	expect(sandbox.store.qr.created).toBe(300);
}, 60_000);

test('ten one-link executions, one every 0.5 s during a run of 300: each within 2 windows', async () => {
	const [bulk, ...waits] = await Promise.all([
		bulkRun(300, 'bulk'),
		...Array.from({ length: 10 }, (_, i) => oneLink(500 * (i + 1), String(i))),
	]);

	expect(Math.max(...waits)).toBeLessThanOrEqual(2 * WINDOW_MS);
	expectEachOnceInOrder(bulk, 300);
	expect(bulk.endedAt - bulk.startedAt).toBeLessThanOrEqual(1.1 * floorMs(310));
	expect(sandbox.stats.rateLimited).toBe(0);
	expect(sandbox.store.qr.created).toBe(300);
}, 60_000);

test('a run of 60 started 1 s after a run of 300 shares the windows: done within 14 s', async () => {
	const [big, small] = await Promise.all([
		bulkRun(300, 'big'),
		pause(1000).then(async () => await bulkRun(60, 'small')),
	]);

	expect(small.endedAt - big.startedAt).toBeLessThanOrEqual(14_000);
	expect(small.endedAt).toBeLessThan(big.endedAt);
	expectEachOnceInOrder(big, 300);
	expectEachOnceInOrder(small, 60);
	expect(big.endedAt - big.startedAt).toBeLessThanOrEqual(1.1 * floorMs(360));
	expect(sandbox.stats.rateLimited).toBe(0);
	expect(new Set(qrNamesOf(sandbox)).size).toBe(360);
}, 60_000);

describe('at the service’s real minute, on n8n’s durable scheduler', () => {
	const MINUTE = 60_000;

	beforeEach(async () => {
		await sandbox.stop();
		sandbox = await startSandbox({ rateLimit: LIMIT, rateWindowMs: MINUTE, seed: 0 });
	});

	test('a poll asked during a bulk run on its key reads its pages within its time and fires', async () => {
		const credentials = credentialsOf(sandbox);
		const trigger = durableTrigger({ event: 'linkCreated' }, { credentials });
		await trigger.publish();
		const bulk = bulkRun(300, 'nightly');
		// A chained workflow makes a link 1.5 minutes into the run; the next poll comes a minute later.
		await pause(MINUTE + MINUTE / 2);
		const created = runNode({
			credentials,
			parameters: select('link', 'create', { url: 'https://example.com/from-the-crm' }),
		});
		await pause(MINUTE);

		// tick() throws if the poll fails (or outlasts n8n's timeout and is abandoned).
		const { items } = await trigger.tick();

		// The poll sends nothing it could not have the answer of within its time (36 s): it read
		// the page that shows the link, where it once failed as rate-limited.
		const link = await created;
		expect(link.error).toBeUndefined();
		expect(items?.map((item) => item.json.id)).toEqual([link.items[0].json.id]);
		expectEachOnceInOrder(await bulk, 300);
		expect(sandbox.stats.rateLimited).toBe(0);
	}, 60_000);
});
