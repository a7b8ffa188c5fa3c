import { createHash } from 'node:crypto';

import { wholeNumber } from '../shared/validation';

/**
 * The service allows a number of requests per window and announces it in X-RateLimit-*
 * headers. This module keeps, per credential, what the last responses said and holds
 * requests back when nothing remains, so that concurrent items and executions in this
 * process share one budget. It only does arithmetic and bookkeeping: waiting is the
 * caller's (it owns the cancel signal), so this file never sleeps.
 */

export interface RateLimitInfo {
	limit?: number;
	remaining?: number;
	/** When the window resets, as epoch milliseconds. */
	resetAt?: number;
}

type Headers = Record<string, unknown>;

const header = (headers: Headers, name: string): string | undefined => {
	const value = headers[name] ?? headers[name.toLowerCase()];
	const first = Array.isArray(value) ? value[0] : value;
	return first === undefined || first === null ? undefined : String(first).trim();
};

/**
 * X-RateLimit-Reset has no documented format. Accepted: Unix seconds, Unix milliseconds,
 * seconds to wait, and an HTTP date. Returns epoch milliseconds.
 */
export function parseResetTime(value: string | undefined, now: number): number | undefined {
	if (!value) return undefined;
	if (/^\d+(\.\d+)?$/.test(value)) {
		const number = Number(value);
		if (number >= 1e12) return number; // Unix milliseconds
		if (number >= 1e9) return number * 1000; // Unix seconds
		return now + number * 1000; // seconds to wait
	}
	return httpDate(value);
}

/** An HTTP date such as "Sat, 21 Nov 2026 12:00:42 GMT" (a bare number is not a date). */
function httpDate(value: string): number | undefined {
	if (!/[a-z]/i.test(value)) return undefined;
	const date = Date.parse(value);
	return Number.isNaN(date) ? undefined : date;
}

/** Retry-After: seconds to wait, or an HTTP date. Returns epoch milliseconds. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
	if (!value) return undefined;
	if (/^\d+(\.\d+)?$/.test(value)) return now + Number(value) * 1000;
	return httpDate(value);
}

export function readRateLimit(headers: Headers, now: number): RateLimitInfo {
	const remaining = wholeNumber(header(headers, 'X-RateLimit-Remaining'));
	return {
		limit: wholeNumber(header(headers, 'X-RateLimit-Limit')),
		// Older versions of the service count below zero once the budget is spent.
		remaining: remaining === undefined ? undefined : Math.max(0, remaining),
		resetAt: parseResetTime(header(headers, 'X-RateLimit-Reset'), now),
	};
}

/** When a rate-limited request may be sent again: the reset header, then Retry-After. */
export function retryTimeFromHeaders(headers: Headers, now: number): number | undefined {
	return (
		readRateLimit(headers, now).resetAt ?? parseRetryAfter(header(headers, 'Retry-After'), now)
	);
}

/** A small pause after the announced reset, for clock rounding between us and the service. */
export const RESET_MARGIN_MS = 20;

/** Two reset times this close apart belong to the same window (reset formats round to seconds). */
const SAME_WINDOW_MS = 1000;

interface Budget {
	remaining?: number;
	resetAt?: number;
	inFlight: number;
	/** The service answered without rate-limit headers: nothing to pace by. */
	unlimited: boolean;
	waiters: Array<() => void>;
}

const budgets = new Map<string, Budget>();

/** The budget's key: never the API key itself, only a hash of it with the API root. */
export function budgetKey(apiRoot: string, apiKey: string): string {
	return createHash('sha256').update(`${apiRoot}\n${apiKey}`).digest('hex');
}

function budgetFor(key: string): Budget {
	let budget = budgets.get(key);
	if (!budget) {
		budget = { inFlight: 0, unlimited: false, waiters: [] };
		budgets.set(key, budget);
	}
	return budget;
}

export type SlotDecision =
	| { kind: 'go' }
	/** Nothing remains: wait until this time (epoch ms), then ask again. */
	| { kind: 'waitUntil'; time: number }
	/** The budget is unknown and a request is already finding it out: wait for its answer. */
	| { kind: 'waitForAnswer'; answered: Promise<void> };

/**
 * Ask for permission to send one request now. When the window has passed or nothing is known
 * yet, one request goes alone to learn the budget; the rest wait for its answer.
 */
export function takeSlot(key: string, now: number): SlotDecision {
	const budget = budgetFor(key);
	if (budget.resetAt !== undefined && now >= budget.resetAt) {
		budget.remaining = undefined;
		budget.resetAt = undefined;
	}
	if (budget.unlimited) {
		budget.inFlight++;
		return { kind: 'go' };
	}
	if (budget.remaining === undefined) {
		if (budget.inFlight === 0) {
			budget.inFlight++;
			return { kind: 'go' };
		}
		return {
			kind: 'waitForAnswer',
			answered: new Promise<void>((resolve) => budget.waiters.push(resolve)),
		};
	}
	if (budget.remaining > 0) {
		budget.remaining--;
		budget.inFlight++;
		return { kind: 'go' };
	}
	if (budget.resetAt === undefined) {
		// Nothing remains and no reset time is known: learn it again with one request.
		budget.remaining = undefined;
		return takeSlot(key, now);
	}
	return { kind: 'waitUntil', time: budget.resetAt + RESET_MARGIN_MS };
}

/** Record what a response said about the budget (or that no response came) and wake waiters. */
export function settleSlot(key: string, headers: Headers | undefined, now: number): void {
	const budget = budgetFor(key);
	budget.inFlight = Math.max(0, budget.inFlight - 1);
	if (headers) {
		const info = readRateLimit(headers, now);
		if (info.remaining === undefined) {
			budget.unlimited = true;
		} else {
			budget.unlimited = false;
			applyInfo(budget, info.remaining, info.resetAt, now);
		}
	}
	const waiters = budget.waiters.splice(0);
	for (const wake of waiters) wake();
}

function applyInfo(budget: Budget, remaining: number, resetAt: number | undefined, now: number) {
	// Requests still in flight may not be counted by the service yet: count them as spent.
	const left = Math.max(0, remaining - budget.inFlight);
	if (resetAt !== undefined && resetAt <= now) return; // an answer from a window already over
	if (budget.resetAt === undefined || budget.remaining === undefined) {
		budget.remaining = left;
		budget.resetAt = resetAt;
	} else if (resetAt === undefined || Math.abs(resetAt - budget.resetAt) < SAME_WINDOW_MS) {
		budget.remaining = Math.min(budget.remaining, left);
		if (resetAt !== undefined) budget.resetAt = Math.min(budget.resetAt, resetAt);
	} else if (resetAt > budget.resetAt) {
		budget.remaining = left; // the service has started a new window
		budget.resetAt = resetAt;
	}
}

/** What this process knows of a budget, for tests and diagnostics. */
export function budgetSnapshot(key: string): Readonly<Omit<Budget, 'waiters'>> {
	const { waiters: _waiters, ...rest } = budgetFor(key);
	return { ...rest };
}

/** Forget every budget (tests start from a clean process state). */
export function forgetBudgets(): void {
	budgets.clear();
}
