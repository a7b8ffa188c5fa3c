import { sleep } from 'n8n-workflow';

/**
 * n8n's event loop, given back: between slices of the runner's work and between groups of
 * requests. n8n answers the editor, webhooks, health checks and its queue's job lock only then.
 */

/**
 * Resolves once n8n has had a turn of its event loop (I/O included). n8n's sleep, twice: on
 * Node 20 (libuv 1.46) a timer set before work that sets timers of its own (an HTTP request
 * does) is due again before the loop polls, so one sleep(0) followed by request starts gave
 * nothing back. The second timer is set when nothing else is left to do: it fires after the poll.
 */
export async function nextTurn(): Promise<void> {
	await sleep(0);
	await sleep(0);
}

/**
 * At most this many requests start in one turn. Starting one costs n8n's HTTP helper a few
 * tenths of a millisecond (its options, proxy agent and socket), all of it before anything goes
 * out: two hundred started at once held the event loop for 60 ms and more (in n8n 2.41), and the
 * first left only once the last was prepared. Ten a turn, the first leave at once and n8n answers
 * between.
 */
const STARTS_PER_TURN = 10;
let startsThisTurn = 0;
let turnEnd: Promise<void> = Promise.resolve();

/** Whether one more request may start in this turn of the event loop. */
export const mayStartNow = (): boolean => startsThisTurn < STARTS_PER_TURN;

/** Resolves when the turn in which requests started is over (the next may start then). */
export const startsResume = (): Promise<void> => turnEnd;

/** Counts a request started in this turn. */
export function requestStarted(): void {
	if (startsThisTurn++ === 0) turnEnd = nextTurn().then(() => void (startsThisTurn = 0));
}
