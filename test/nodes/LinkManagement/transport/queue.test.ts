/**
 * Requests take turns (transport/queue.ts) and start in groups, one a turn of n8n's event loop
 * (transport/eventLoop.ts): at most 10 in the first, so that the first request leaves before the
 * last one is started, then at most 50 while requests keep waiting, n8n answering between. On
 * n8n's engine against the sandbox: a request starts when n8n's credentials helper adds its key
 * (once per request), a turn is one pass of the event loop (counted in its check phase).
 */
import { TestCredentialsHelper } from '../../../harness';
import { runNode, select } from '../../../helpers';
import { credentialsOf } from '../../../helpers/sandbox';
import type { Sandbox } from '../../../sandbox/server';
import { startSandbox } from '../../../sandbox/server';

const ITEMS = 120;

let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await startSandbox({ rateLimit: 0 });
});
afterAll(async () => await sandbox.stop());

type Event = { what: 'start' | 'arrival'; turn: number };

/** Runs Account › Get over ITEMS items, noting each request's start and arrival with its turn. */
async function runNoted(): Promise<Event[]> {
	const events: Event[] = [];
	let turn = 0;
	let counting = true;
	const tick = () => {
		turn++;
		if (counting) setImmediate(tick);
	};
	setImmediate(tick);
	const authenticate = TestCredentialsHelper.prototype.authenticate;
	const started = jest
		.spyOn(TestCredentialsHelper.prototype, 'authenticate')
		.mockImplementation(function (this: TestCredentialsHelper, ...args) {
			events.push({ what: 'start', turn });
			return authenticate.apply(this, args);
		});
	sandbox.setFaults({
		decide: () => {
			events.push({ what: 'arrival', turn });
			return null;
		},
	});
	try {
		const items = Array.from({ length: ITEMS }, () => ({ json: {} }));
		const result = await runNode({
			parameters: select('account', 'get'),
			items,
			credentials: credentialsOf(sandbox),
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(ITEMS);
	} finally {
		counting = false;
		started.mockRestore();
		sandbox.setFaults({});
	}
	return events;
}

test('10 requests start in the first turn of the event loop, then at most 50 a turn; the first leaves before the last starts', async () => {
	// A first run teaches the budget that nothing limits the key: then every item may go at once.
	await runNoted();

	const events = await runNoted();

	const starts = events.filter(({ what }) => what === 'start');
	expect(starts).toHaveLength(ITEMS);
	const perTurn = new Map<number, number>();
	for (const { turn } of starts) perTurn.set(turn, (perTurn.get(turn) ?? 0) + 1);
	const groups = [...perTurn.values()];
	expect(groups[0]).toBe(10);
	expect(Math.max(...groups)).toBeLessThanOrEqual(50);
	const firstArrival = events.findIndex(({ what }) => what === 'arrival');
	const lastStart = events.map(({ what }) => what).lastIndexOf('start');
	expect(firstArrival).toBeGreaterThanOrEqual(0);
	expect(firstArrival).toBeLessThan(lastStart);
});
