import { clock } from './clock';
import type { RequestContext } from './context';
import { DeadlineReached, roomToWait } from './deadline';
import { rateLimitedError } from './errors';
import type { Ticket } from './queue';
import { requestSettled, waitForTurn } from './queue';

/**
 * Waits for the request's turn among its key's requests (queue.ts), within the work's time and
 * the Options' Max Wait, and counts it as sent. Throws DeadlineReached when the work's time
 * (a poll's) would pass before its answer could arrive, and the rate-limit error when Max Wait
 * would.
 */
export async function takeTurn(context: RequestContext, ticket: Ticket): Promise<void> {
	const { settings } = context;
	const room = roomToWait(context.deadline, clock.now());
	if (room <= 0) throw new DeadlineReached(context.node);
	const turn = await waitForTurn(
		context.budget,
		ticket,
		Math.min(settings.maxWaitMs, room),
		context.signal,
		clock.now() + room,
	);
	if (!turn.go) {
		// The work's time, not the Options' Max Wait, is what the wait would pass.
		if (turn.behindOthers || turn.until - clock.now() <= settings.maxWaitMs) {
			throw new DeadlineReached(context.node, turn.until);
		}
		throw rateLimitedError(context, turn.until);
	}
	if (roomToWait(context.deadline, clock.now()) <= 0) {
		// Its turn came too late for an answer in the work's time: not sent after all.
		requestSettled(context.budget, undefined);
		throw new DeadlineReached(context.node);
	}
}
