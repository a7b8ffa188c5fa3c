import { wholeNumber } from '../shared/validation';

/**
 * What an answer says about the rate limit, read defensively: the service documents no format
 * for X-RateLimit-Reset, older versions count Remaining below zero, and a time that cannot be
 * right (in the past, more than a day ahead, beyond the date range) is treated as unknown, so
 * that one odd answer can never hold a credential's requests back.
 */

export interface RateLimitInfo {
	limit?: number;
	remaining?: number;
	/** When the window resets, as epoch milliseconds. */
	resetAt?: number;
}

type Headers = Record<string, unknown>;

/** The furthest ahead a reset or retry time may lie and still be believed. */
export const MAX_AHEAD_MS = 24 * 60 * 60 * 1000;

/** A header's value whatever its case, the first one when n8n hands an array. */
export function header(headers: Headers, name: string): string | undefined {
	const wanted = name.toLowerCase();
	const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === wanted);
	const value = key === undefined ? undefined : headers[key];
	const first = Array.isArray(value) ? value[0] : value;
	return first === undefined || first === null ? undefined : String(first).trim();
}

/** A time from now on, within a day; anything else is unknown. */
export function plausibleTime(time: number, now: number): number | undefined {
	return Number.isFinite(time) && time > now && time - now <= MAX_AHEAD_MS ? time : undefined;
}

/**
 * X-RateLimit-Reset: Unix seconds, Unix milliseconds, seconds to wait, or an HTTP date.
 * Returns epoch milliseconds, or undefined when it cannot be read or cannot be right.
 */
export function parseResetTime(value: string | undefined, now: number): number | undefined {
	if (!value) return undefined;
	if (/^\d+(\.\d+)?$/.test(value)) {
		const number = Number(value);
		if (number >= 1e12) return plausibleTime(number, now); // Unix milliseconds
		if (number >= 1e9) return plausibleTime(number * 1000, now); // Unix seconds
		return plausibleTime(now + number * 1000, now); // seconds to wait
	}
	return httpDate(value, now);
}

/** Retry-After (a header, or a field of the body): seconds to wait, or an HTTP date. */
export function parseRetryAfter(value: unknown, now: number): number | undefined {
	if (typeof value === 'number') return plausibleTime(now + value * 1000, now);
	if (typeof value !== 'string' || !value.trim()) return undefined;
	const text = value.trim();
	if (/^\d+(\.\d+)?$/.test(text)) return plausibleTime(now + Number(text) * 1000, now);
	return httpDate(text, now);
}

/** An HTTP date such as "Sat, 21 Nov 2026 12:00:42 GMT" (a bare number is not a date). */
function httpDate(value: string, now: number): number | undefined {
	if (!/[a-z]/i.test(value)) return undefined;
	return plausibleTime(Date.parse(value), now);
}

export function readRateLimit(headers: Headers, now: number): RateLimitInfo {
	const remaining = wholeNumber(header(headers, 'X-RateLimit-Remaining'));
	const limit = wholeNumber(header(headers, 'X-RateLimit-Limit'));
	return {
		limit: limit !== undefined && limit > 0 ? limit : undefined,
		// Older versions of the service count below zero once the budget is spent.
		remaining: remaining === undefined ? undefined : Math.max(0, remaining),
		resetAt: parseResetTime(header(headers, 'X-RateLimit-Reset'), now),
	};
}
