import type { AnswerReport } from './answer';
import { recordAnswer, reserveRequest } from './budget';
import { clock } from './clock';
import { mayStartNow, requestStarted, startsResume } from './eventLoop';

/**
 * Requests of one key take their turns in order: the request that asked first goes first,
 * also when it comes back after a rate-limit answer, so no item starves while later ones go.
 * Only the head of the queue asks the budget; the others wait until they are the head. Across
 * keys, requests start in groups, one a turn of n8n's event loop (eventLoop.ts).
 */

interface Waiter {
	place: number;
	wake: () => void;
}

const queues = new Map<string, Waiter[]>();
/** Until when the head of a key's queue waits for the budget (its rate limit), while it does. */
const held = new Map<string, number>();
let lastPlace = 0;

/** A place in the queue of its key, kept by a request across all its tries. */
export function placeInQueue(): number {
	return ++lastPlace;
}

/**
 * Waits until this request may be sent, and counts it as sent. Resolves `go`, or the time it
 * would have to wait until when that is further than `maxWaitMs`, or, behind other requests,
 * the time the head of the queue waits for the budget until when that is `giveUpAt` or later
 * (in both cases it is not sent). Rejects when the execution is cancelled.
 */
export async function waitForTurn(
	key: string,
	place: number,
	maxWaitMs: number,
	signal?: AbortSignal,
	giveUpAt = Infinity,
): Promise<{ go: true } | { go: false; until: number; behindOthers?: true }> {
	const queue = queues.get(key) ?? [];
	queues.set(key, queue);
	const waiter: Waiter = { place, wake: () => {} };
	const index = queue.findIndex((other) => other.place > place);
	queue.splice(index === -1 ? queue.length : index, 0, waiter);
	try {
		for (;;) {
			signal?.throwIfAborted();
			if (queue[0] !== waiter) {
				// Behind other requests of the key: as long as they take, unless the head already
				// waits for the budget past the time this one has.
				const heldUntil = held.get(key) ?? clock.now();
				if (heldUntil >= giveUpAt) return { go: false, until: heldUntil, behindOthers: true };
				await woken(waiter, undefined, signal);
				continue;
			}
			held.delete(key);
			if (!mayStartNow()) {
				await startsResume();
				continue;
			}
			const reservation = reserveRequest(key, clock.now());
			if (reservation.kind === 'go') {
				requestStarted();
				return { go: true };
			}
			if (reservation.kind === 'waitForAnswer') {
				await woken(waiter, undefined, signal);
				continue;
			}
			const waitMs = reservation.time - clock.now();
			if (waitMs > maxWaitMs) return { go: false, until: reservation.time };
			held.set(key, reservation.time);
			for (const behind of queue.slice(1)) behind.wake();
			await woken(waiter, waitMs, signal);
		}
	} finally {
		if (queue[0] === waiter) held.delete(key);
		queue.splice(queue.indexOf(waiter), 1);
		if (queue.length === 0) queues.delete(key);
		else queue[0].wake();
	}
}

/** Records an answer (or that none came) and lets the head of the queue look again. */
export function requestSettled(key: string, report: AnswerReport | undefined): void {
	recordAnswer(key, report, clock.now());
	queues.get(key)?.[0]?.wake();
}

/** Why a wait's own timer is stopped: given, so that no DOMException is made for every wait. */
const WAIT_OVER = new Error('The wait is over');

/**
 * Waits until woken, `ms` have passed, or the execution is cancelled. A timer only where there is
 * a time to wait: most waits are for the head of the queue, which wakes the next one.
 */
async function woken(waiter: Waiter, ms: number | undefined, signal?: AbortSignal) {
	let timer: AbortController | undefined;
	let onAbort: (() => void) | undefined;
	try {
		await new Promise<void>((resolve) => {
			waiter.wake = resolve;
			if (signal) {
				onAbort = resolve;
				signal.addEventListener('abort', onAbort, { once: true });
			}
			if (ms !== undefined) {
				timer = new AbortController();
				clock.sleep(Math.max(0, ms), timer.signal).then(resolve, () => resolve());
			}
		});
	} finally {
		waiter.wake = () => {};
		timer?.abort(WAIT_OVER);
		if (onAbort) signal?.removeEventListener('abort', onAbort);
	}
}
