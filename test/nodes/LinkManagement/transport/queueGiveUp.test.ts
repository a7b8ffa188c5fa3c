/**
 * A request with a time to keep (a poll's) does not wait behind other requests of its key past
 * it: when the head of the queue waits for the rate limit until after that time, it gives up at
 * once, with that time. Without a time (the action node's items) it waits as long as they take.
 * On virtual time.
 */
import type { AnswerReport } from '../../../../nodes/LinkManagement/transport/answer';
import { budgetKey, forgetBudgets } from '../../../../nodes/LinkManagement/transport/budget';
import {
	requestSettled,
	ticketFor,
	waitForTurn,
} from '../../../../nodes/LinkManagement/transport/queue';
import { useVirtualTime } from '../../../helpers/virtualTime';

useVirtualTime();
afterEach(forgetBudgets);

const key = budgetKey('https://a.test/api', 'queue-give-up');
const MINUTE = 60_000;
/** One run sending both requests. */
const party = {};
/** The service refused a request until `retryAt`. */
const refusedUntil = (retryAt: number): AnswerReport => ({
	info: {},
	rateLimited: true,
	retryAt,
	succeeded: false,
});

/** A request at the head of the queue, held a minute by a rate limit, and a later one behind it. */
async function behindAHeldRequest(giveUpAt?: number) {
	const first = ticketFor(party);
	expect(await waitForTurn(key, first, MINUTE)).toEqual({ go: true });
	const heldUntil = Date.now() + MINUTE;
	requestSettled(key, refusedUntil(heldUntil));
	const startedAt = Date.now();
	const head = waitForTurn(key, first, 2 * MINUTE);
	const later = waitForTurn(key, ticketFor(party), 2 * MINUTE, undefined, giveUpAt).then(
		(turn) => ({
			turn,
			waitedMs: Date.now() - startedAt,
		}),
	);
	return { head, later, heldUntil };
}

test('with a time to keep: behind a head held past it, it gives up at once', async () => {
	const { head, later, heldUntil } = await behindAHeldRequest(Date.now() + 5_000);
	const { turn, waitedMs } = await later;
	expect(turn).toEqual({ go: false, until: heldUntil, behindOthers: true });
	expect(waitedMs).toBe(0);
	expect(await head).toEqual({ go: true });
});

test('with a time to keep past the hold: it waits for its turn', async () => {
	const { head, later } = await behindAHeldRequest(Date.now() + 2 * MINUTE);
	expect(await head).toEqual({ go: true });
	requestSettled(key, { info: {}, rateLimited: false, succeeded: true });
	expect((await later).turn).toEqual({ go: true });
});

test('without one: it waits for its turn, however long the others take', async () => {
	const { head, later } = await behindAHeldRequest();
	expect(await head).toEqual({ go: true });
	requestSettled(key, { info: {}, rateLimited: false, succeeded: true });
	const { turn, waitedMs } = await later;
	expect(turn).toEqual({ go: true });
	expect(waitedMs).toBeGreaterThanOrEqual(MINUTE);
});
