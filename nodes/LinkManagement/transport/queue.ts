import type { AnswerReport } from './answer';
import { recordAnswer, reserveRequest } from './budget';
import { clock } from './clock';
import { mayStartNow, requestStarted, startsResume } from './eventLoop';

/**
 * The requests of one key take turns fairly between the parties that send them: a party is
 * one node run of an execution, one poll or one webhook call (one credential read). The parties
 * with a request waiting go round in turn, one request each: a party that starts asking joins
 * the end of the round, so a one-request execution waits behind one request of each other
 * party, never behind a bulk run's thousand, and two bulk runs share the windows. Within a
 * party, requests go in the order they asked, also when one comes back after a rate-limit
 * answer, so its items keep their order and none starves. Only the head (the first request of
 * the party whose turn it is) asks the budget; the others wait until they are the head. Across
 * keys, requests start in groups, one a turn of n8n's event loop (eventLoop.ts).
 */

/** Who a request is sent for; only its identity counts. */
export type Party = object;

/** A request's place in its party's line, kept across all its tries. */
export interface Ticket {
	party: Party;
	place: number;
}

interface Waiter {
	place: number;
	/** When it gives up waiting behind others (a poll's time); Infinity for the patient. */
	giveUpAt: number;
	wake: () => void;
}

interface Line {
	/** The parties with a request waiting, in the order their turns come. */
	round: Party[];
	waiting: Map<Party, Waiter[]>;
	/** How many requests wait, all parties together. */
	count: number;
	/** Until when the head waits for the budget (its rate limit), while it does. */
	heldUntil?: number;
}

const lines = new Map<string, Line>();
let lastPlace = 0;

/** A ticket for one request of a party, kept by the request across all its tries. */
export function ticketFor(party: Party): Ticket {
	return { party, place: ++lastPlace };
}

/**
 * Waits until this request may be sent, and counts it as sent. Resolves `go`, or the time it
 * would have to wait until when that is further than `maxWaitMs`, or, behind other requests,
 * the time the head waits for the budget until when that is `giveUpAt` or later (in both cases
 * it is not sent). Rejects when the execution is cancelled.
 */
export async function waitForTurn(
	key: string,
	{ party, place }: Ticket,
	maxWaitMs: number,
	signal?: AbortSignal,
	giveUpAt = Infinity,
): Promise<{ go: true } | { go: false; until: number; behindOthers?: true }> {
	const line = lineOf(key);
	const waiter: Waiter = { place, giveUpAt, wake: () => {} };
	join(line, party, waiter);
	let sent = false;
	try {
		for (;;) {
			signal?.throwIfAborted();
			if (headOf(line) !== waiter) {
				// Behind other requests: as long as they take, unless the head already waits for
				// the budget past the time this one has.
				const heldUntil = line.heldUntil ?? clock.now();
				if (heldUntil >= giveUpAt) return { go: false, until: heldUntil, behindOthers: true };
				await woken(waiter, undefined, signal);
				continue;
			}
			line.heldUntil = undefined;
			if (!mayStartNow()) {
				await startsResume();
				continue;
			}
			const reservation = reserveRequest(key, clock.now(), line.count);
			if (reservation.kind === 'go') {
				requestStarted();
				sent = true;
				return { go: true };
			}
			if (reservation.kind === 'waitForAnswer') {
				await woken(waiter, undefined, signal);
				continue;
			}
			const waitMs = reservation.time - clock.now();
			if (waitMs > maxWaitMs) return { go: false, until: reservation.time };
			line.heldUntil = reservation.time;
			// Those with a time to keep look whether the hold passes it.
			for (const queue of line.waiting.values()) {
				for (const other of queue) if (other.giveUpAt !== Infinity) other.wake();
			}
			await woken(waiter, waitMs, signal);
		}
	} finally {
		if (headOf(line) === waiter) line.heldUntil = undefined;
		leave(key, line, party, waiter, sent);
	}
}

/** Records an answer (or that none came) and lets the head look again. */
export function requestSettled(key: string, report: AnswerReport | undefined): void {
	recordAnswer(key, report, clock.now());
	const line = lines.get(key);
	if (line) headOf(line)?.wake();
}

function lineOf(key: string): Line {
	let line = lines.get(key);
	if (!line) {
		line = { round: [], waiting: new Map(), count: 0 };
		lines.set(key, line);
	}
	return line;
}

function headOf(line: Line): Waiter | undefined {
	const party = line.round[0];
	return party === undefined ? undefined : line.waiting.get(party)?.[0];
}

/** A party that starts asking joins the end of the round; its requests keep the order asked. */
function join(line: Line, party: Party, waiter: Waiter) {
	let queue = line.waiting.get(party);
	if (!queue) {
		queue = [];
		line.waiting.set(party, queue);
		line.round.push(party);
	}
	const index = queue.findIndex((other) => other.place > waiter.place);
	queue.splice(index === -1 ? queue.length : index, 0, waiter);
	line.count++;
}

/**
 * A request leaves the line: sent (its party's turn is over: the party goes to the end of the
 * round while it has requests waiting), given up or cancelled. The new head is woken.
 */
function leave(key: string, line: Line, party: Party, waiter: Waiter, sent: boolean) {
	const queue = line.waiting.get(party)!;
	queue.splice(queue.indexOf(waiter), 1);
	line.count--;
	const turn = line.round.indexOf(party);
	if (sent || queue.length === 0) line.round.splice(turn, 1);
	if (queue.length === 0) line.waiting.delete(party);
	else if (sent) line.round.push(party);
	if (line.count === 0) lines.delete(key);
	else headOf(line)?.wake();
}

/** Why a wait's own timer is stopped: given, so that no DOMException is made for every wait. */
const WAIT_OVER = new Error('The wait is over');

/**
 * Waits until woken, `ms` have passed, or the execution is cancelled. A timer only where there is
 * a time to wait: most waits are for the head, which wakes the next one.
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
