import type { Failure } from 'n8n-workflow';

/**
 * Why a request or a poll failed, declared on the error as n8n 2.41+ reads it (`error.failure`):
 * its durable scheduler backs a failed poll off by it, and agents read it. Set as a plain
 * property after the error is made, so that n8n 1.x, whose errors take no such option, sees
 * an ordinary error.
 */

export type { Failure };

/** Declares why `error` happened, unless it already says. */
export function declared<E extends object>(error: E, failure: Failure): E {
	const current = (error as { failure?: unknown }).failure;
	if (!current) Object.assign(error, { failure });
	return error;
}

/** The cause a failed answer's HTTP status shows, where the words do not say more. */
export function failureOfStatus(status: number): Failure {
	if (status === 429) return { cause: 'rate-limited' };
	if (status === 401) return { cause: 'credential-invalid' };
	if (status >= 500 || status === 408) return { cause: 'temporarily-unavailable' };
	return { cause: 'configuration-invalid' };
}

/** A rate limit, with when the service said the window resets (epoch ms). */
export function rateLimited(resetsAtEpochMs: number, now: number): Failure {
	if (!Number.isFinite(resetsAtEpochMs)) return { cause: 'rate-limited' };
	return {
		cause: 'rate-limited',
		resetsAtEpochMs,
		retryAfterMs: Math.max(0, Math.ceil(resetsAtEpochMs - now)),
	};
}

export const TEMPORARILY_UNAVAILABLE: Failure = { cause: 'temporarily-unavailable' };
export const CREDENTIAL_INVALID: Failure = { cause: 'credential-invalid' };
export const CONFIGURATION_INVALID: Failure = { cause: 'configuration-invalid' };
export const NODE_DEFECT: Failure = { cause: 'node-defect' };
