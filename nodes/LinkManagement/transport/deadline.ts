import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { declared, rateLimited, TEMPORARILY_UNAVAILABLE } from '../shared/causes';
import { clock } from './clock';

/**
 * The time a piece of work is given (a poll: what n8n's scheduler gives it), and what the
 * requests sent for it learn of how long an answer takes. A request neither waits for its turn
 * nor starts when its answer could not arrive in time; it throws DeadlineReached instead, so
 * that the work returns what it has before its time runs out.
 */
export interface Deadline {
	/** Epoch ms by which the work must have its last answer. */
	at: number;
	/** The longest any answer took so far: a request that would end later does not start. */
	slowestMs: number;
	/** The time given, in ms. */
	givenMs: number;
}

export function deadlineIn(givenMs: number, now: number): Deadline {
	return { at: now + givenMs, slowestMs: 0, givenMs };
}

/** What an answer is expected to take before any has been timed. */
const FIRST_ANSWER_MS = 500;

/** How long the work may still wait before its next request, that request's answer included. */
export function roomToWait(deadline: Deadline | undefined, now: number): number {
	if (deadline === undefined) return Infinity;
	return deadline.at - now - Math.max(deadline.slowestMs, FIRST_ANSWER_MS);
}

/** How long the next answer may take: the request's timeout is cut to it. */
export function roomToAnswer(deadline: Deadline | undefined, now: number): number {
	return deadline === undefined ? Infinity : deadline.at - now;
}

/** Counts what an answer took. */
export function answerTook(deadline: Deadline | undefined, ms: number): void {
	if (deadline) deadline.slowestMs = Math.max(deadline.slowestMs, ms);
}

/**
 * The work's time would run out before the next answer arrives: nothing more was sent. The
 * work (a poll) catches it and returns what it has; its cause is declared should it go further.
 */
export class DeadlineReached extends NodeOperationError {
	/** The page a list reading stopped before (set by the reader of pages). */
	page?: number;

	constructor(
		node: INode,
		/** When the rate limit lets the next request go, where that is what stopped it (epoch ms). */
		readonly resetsAt?: number,
	) {
		super(node, 'The time given for this work ran out before the next answer could arrive');
		declared(
			this,
			resetsAt === undefined ? TEMPORARILY_UNAVAILABLE : rateLimited(resetsAt, clock.now()),
		);
	}
}
