import type { IDataObject, IN8nHttpFullResponse } from 'n8n-workflow';

import { readRateLimit } from './rateLimit';

/** What one answer of the service means for the request that got it. */
export interface Answer {
	status: number;
	headers: IDataObject;
	/** The body, parsed when it is JSON text. */
	body: unknown;
	/** `error` 0 (or "0" in lists): the request was done. */
	succeeded: boolean;
	/** The service refused the request for the rate limit: it was not applied. */
	rateLimited: boolean;
}

export function readAnswer(response: IN8nHttpFullResponse): Answer {
	const status = response.statusCode;
	const headers = (response.headers ?? {}) as IDataObject;
	const body = parseBody(response.body);
	const succeeded = status < 400 && isSuccessBody(body);
	const nothingRemains = readRateLimit(headers, Date.now()).remaining === 0;
	return {
		status,
		headers,
		body,
		succeeded,
		rateLimited: status === 429 || (!succeeded && nothingRemains),
	};
}

function parseBody(body: unknown): unknown {
	if (typeof body !== 'string') return body;
	try {
		return JSON.parse(body);
	} catch {
		return body;
	}
}

function isSuccessBody(body: unknown): boolean {
	// `error` is 0 on success, "0" in list answers: compared loosely, as the reference asks.
	return typeof body === 'object' && body !== null && String((body as IDataObject).error) === '0';
}

export function isRecord(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
