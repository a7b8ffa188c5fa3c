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
 * Requests start in groups, one a turn. Starting one costs n8n's HTTP helper a few tenths of a
 * millisecond (its options, proxy agent and socket), all of it before anything goes out: two
 * hundred started at once held the event loop for 60 ms and more (in n8n 2.41), and the first
 * left only once the last was prepared. The first group is small, so that the first requests
 * leave at once; while requests keep waiting for their turn, a group is some 10 to 15 ms of n8n's
 * work, less than the runner's slices.
 */
const FIRST_GROUP = 10;
const GROUP = 50;
let startsThisTurn = 0;
let groupSize = FIRST_GROUP;
/** Whether a request waits for the end of this turn: then the next group is a full one. */
let waiting = false;
let turnEnd: Promise<void> = Promise.resolve();

/** Whether one more request may start in this turn of the event loop. */
export const mayStartNow = (): boolean => startsThisTurn < groupSize;

/** Resolves when the turn in which requests started is over (the next group may start then). */
export function startsResume(): Promise<void> {
	waiting = true;
	return turnEnd;
}

/** Counts a request started in this turn. */
export function requestStarted(): void {
	if (startsThisTurn++ > 0) return;
	turnEnd = nextTurn().then(() => {
		groupSize = waiting ? GROUP : FIRST_GROUP;
		waiting = false;
		startsThisTurn = 0;
	});
}
