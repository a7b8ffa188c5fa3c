/**
 * A request with a time to keep (a poll's) does not wait behind other requests of its key past
 * it: waiting its turn behind a bulk run ends when its time does, not when the run's requests
 * have gone. Without a time (the action node's items) it waits as long as they take. On virtual
 * time.
 */
import type { AnswerReport } from '../../../../nodes/LinkManagement/transport/answer';
import { budgetKey, forgetBudgets } from '../../../../nodes/LinkManagement/transport/budget';
import {
	placeInQueue,
	requestSettled,
	waitForTurn,
} from '../../../../nodes/LinkManagement/transport/queue';
import { useVirtualTime } from '../../../helpers/virtualTime';

useVirtualTime();
afterEach(forgetBudgets);

const key = budgetKey('https://a.test/api', 'queue-give-up');
const MINUTE = 60_000;
/** The service refused a request until `retryAt`. */
const refusedUntil = (retryAt: number): AnswerReport => ({
	info: {},
	rateLimited: true,
	retryAt,
	succeeded: false,
});

/** A request at the head of the queue, held a minute by a rate limit, and a later one behind it. */
async function behindAHeldRequest(giveUpAt?: number) {
	const first = placeInQueue();
	expect(await waitForTurn(key, first, MINUTE)).toEqual({ go: true });
	requestSettled(key, refusedUntil(Date.now() + MINUTE));
	const startedAt = Date.now();
	const head = waitForTurn(key, first, 2 * MINUTE);
	const later = waitForTurn(key, placeInQueue(), 2 * MINUTE, undefined, giveUpAt).then((turn) => ({
		turn,
		waitedMs: Date.now() - startedAt,
	}));
	return { head, later };
}

test('with a time to keep: it gives up behind the others when its time ends', async () => {
	const giveUpAt = Date.now() + 5_000;
	const { head, later } = await behindAHeldRequest(giveUpAt);
	const { turn, waitedMs } = await later;
	expect(turn).toEqual({ go: false, until: giveUpAt, behindOthers: true });
	expect(waitedMs).toBeLessThan(MINUTE);
	expect(await head).toEqual({ go: true });
});

test('without one: it waits for its turn, however long the others take', async () => {
	const { head, later } = await behindAHeldRequest();
	expect(await head).toEqual({ go: true });
	requestSettled(key, { info: {}, rateLimited: false, succeeded: true });
	const { turn, waitedMs } = await later;
	expect(turn).toEqual({ go: true });
	expect(waitedMs).toBeGreaterThanOrEqual(MINUTE);
});
