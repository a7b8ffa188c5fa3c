import type { IDataObject, IN8nHttpFullResponse } from 'n8n-workflow';

import { isRecord } from '../shared/typeGuards';
import type { RateLimitInfo } from './rateLimitHeaders';
import { header, parseRetryAfter, readRateLimit } from './rateLimitHeaders';

/** What one answer of the service means for the request that got it. */
export interface Answer {
	status: number;
	headers: IDataObject;
	/** The body, parsed when it is JSON text; '' when the answer was empty. */
	body: unknown;
	kind: 'success' | 'rateLimited' | 'redirect' | 'failed';
	/** Where a redirect points. */
	location?: string;
	/** For a rate-limit answer: when the service says to try again, if it says (epoch ms). */
	retryAt?: number;
	rateLimit: RateLimitInfo;
}

/**
 * Reads an answer as the reference and the real installations give it: success is `error` 0
 * ("0" in lists; compared loosely), a rate limit is HTTP 429 or a body whose `error` is 429 or
 * whose message says the rate limit was hit (real installations answer HTTP 200 with
 * `Retry-After` in the body). Nothing else is a rate limit, whatever the X-RateLimit-* headers
 * say.
 */
export function readAnswer(response: IN8nHttpFullResponse, now: number): Answer {
	const status = response.statusCode;
	const headers = (response.headers ?? {}) as IDataObject;
	const body = parseBody(response.body);
	const rateLimit = readRateLimit(headers, now);
	const answer = { status, headers, body, rateLimit };
	const location = header(headers, 'location');
	if (status >= 300 && status < 400 && location) return { ...answer, kind: 'redirect', location };
	if (status >= 200 && status < 300 && isRecord(body) && isSuccess(body.error)) {
		return { ...answer, kind: 'success' };
	}
	if (isRateLimit(status, body)) {
		// Retry-After counts whole seconds (rounded up) while a reset time may be exact: the
		// earliest time the answer gives is the one it means.
		const hint = isRecord(body) ? (body['Retry-After'] ?? body.retryAfter) : undefined;
		const times = [
			parseRetryAfter(hint, now),
			parseRetryAfter(header(headers, 'Retry-After'), now),
			rateLimit.resetAt,
		].filter((time): time is number => time !== undefined);
		const retryAt = times.length ? Math.min(...times) : undefined;
		return { ...answer, kind: 'rateLimited', retryAt };
	}
	return { ...answer, kind: 'failed' };
}

/**
 * What the budget learns from an answer: built here (reportOf), carried by the queue
 * (requestSettled) to the budget (recordAnswer), its one way there.
 */
export interface AnswerReport {
	/** The answer's X-RateLimit-* headers (`remaining` undefined when it sent none). */
	info: RateLimitInfo;
	/** The answer refused the request for the rate limit (it was not applied). */
	rateLimited: boolean;
	/** For a rate-limit answer: when the caller will try again (epoch ms). */
	retryAt?: number;
	succeeded: boolean;
}

/** The report of an answer, with when the caller will try again after a rate limit. */
export function reportOf(answer: Answer, retryAt?: number): AnswerReport {
	return {
		info: answer.rateLimit,
		rateLimited: answer.kind === 'rateLimited',
		retryAt,
		succeeded: answer.kind === 'success',
	};
}

function isSuccess(error: unknown): boolean {
	return error === 0 || error === '0' || error === false;
}

/**
 * A message that says the rate limit was hit, in the usual wordings: "Too many requests",
 * "Rate limit exceeded", "API rate limit reached", "You have been rate limited". A message that
 * only mentions a limit (a plan's, a quota's) is not one: waiting would not help.
 */
const RATE_LIMIT_WORDS =
	/too many (api )?requests|rate[ -]?limit(s|ed)?\b[^.]*?\b(exceeded|reached|hit)\b|\b(exceeded|reached|hit)\b[^.]*?\brate[ -]?limit|\b(been|are|being|is) rate[ -]?limited\b/i;

function isRateLimit(status: number, body: unknown): boolean {
	if (status === 429) return true;
	if (!isRecord(body)) return false;
	return String(body.error).trim() === '429' || RATE_LIMIT_WORDS.test(textOf(body.message));
}

function parseBody(body: unknown): unknown {
	if (Buffer.isBuffer(body)) body = body.toString('utf8');
	if (body === undefined || body === null) return '';
	if (typeof body !== 'string') return body;
	const text = body.trim();
	if (!text) return '';
	try {
		return JSON.parse(text);
	} catch {
		return body;
	}
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');
