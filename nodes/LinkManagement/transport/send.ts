import type {
	IDataObject,
	IHttpRequestMethods,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
} from 'n8n-workflow';

import type { Answer } from './answer';
import { readAnswer } from './answer';
import type { RequestContext } from './context';
import {
	connectionError,
	connectionErrorCode,
	NOT_SENT_CODES,
	TIMED_OUT,
	rateLimitedError,
	serviceError,
} from './errors';
import { RESET_MARGIN_MS, retryTimeFromHeaders, settleSlot, takeSlot } from './rateLimit';
import { backoffMs, pause, untilAborted } from './waits';

/** One request to the service, below its API root. */
export interface ServiceRequest {
	method: IHttpRequestMethods;
	/** Path below the API root, such as `/campaigns`. */
	path: string;
	qs?: IDataObject;
	body?: IDataObject;
	/** What n8n prepared for the request (proxy, certificates, allowed domains…): kept, added to. */
	prepared?: Partial<IHttpRequestOptions>;
}

const IDEMPOTENT_METHODS = ['GET', 'PUT', 'DELETE', 'HEAD', 'OPTIONS'];
const TRANSIENT_STATUSES = [502, 503, 504];
const MAX_TRANSIENT_RETRIES = 3;

/**
 * Sends one request through the shared budget, waiting and retrying as the service asks, and
 * returns the body of a successful answer (`error` 0). Anything else becomes an error that
 * carries the service's message.
 */
export async function sendRequest(
	context: RequestContext,
	request: ServiceRequest,
): Promise<IDataObject> {
	let waitedMs = 0;
	let transientRetries = 0;
	let rateLimitRetries = 0;
	const idempotent = IDEMPOTENT_METHODS.includes(request.method);
	// Transient faults are tried again only while the item has spent less than one Timeout on
	// them, so that a failing service holds an item for about two Timeouts at most.
	const retriesEndAt = Date.now() + context.settings.timeoutMs;
	const mayRetry = (delayMs: number) =>
		transientRetries < MAX_TRANSIENT_RETRIES && Date.now() + delayMs < retriesEndAt;

	for (;;) {
		await takeBudgetSlot(context);
		let response: IN8nHttpFullResponse;
		try {
			response = await context.send(requestOptionsFor(context, request));
		} catch (error) {
			settleSlot(context.budget, undefined, Date.now());
			const code = connectionErrorCode(error);
			const delayMs = backoffMs(transientRetries);
			// A request that timed out is not sent again: the Timeout has been spent waiting.
			const mayResend =
				NOT_SENT_CODES.includes(code ?? '') ||
				(idempotent && code !== undefined && code !== TIMED_OUT);
			if (mayResend && mayRetry(delayMs)) {
				transientRetries++;
				await pause(delayMs, context.signal);
				continue;
			}
			throw connectionError(context, request, error, code);
		}
		settleSlot(context.budget, response.headers, Date.now());
		const answer = readAnswer(response);

		if (answer.rateLimited) {
			const waitMs = rateLimitWaitMs(answer, rateLimitRetries++);
			const resetAt = Date.now() + waitMs;
			const { maxWaitMs, maxTotalWaitMs } = context.settings;
			if (waitMs > maxWaitMs || waitedMs + waitMs > maxTotalWaitMs) {
				throw rateLimitedError(context, resetAt, waitedMs);
			}
			waitedMs += waitMs;
			await pause(waitMs, context.signal);
			continue;
		}
		const delayMs = backoffMs(transientRetries);
		if (TRANSIENT_STATUSES.includes(answer.status) && idempotent && mayRetry(delayMs)) {
			transientRetries++;
			await pause(delayMs, context.signal);
			continue;
		}
		if (!answer.succeeded) throw serviceError(context, answer);
		return answer.body as IDataObject;
	}
}

/** Waits until the shared budget lets one more request go. */
async function takeBudgetSlot(context: RequestContext): Promise<void> {
	for (;;) {
		const decision = takeSlot(context.budget, Date.now());
		if (decision.kind === 'go') return;
		if (decision.kind === 'waitForAnswer') {
			await untilAborted(decision.answered, context.signal);
			continue;
		}
		const waitMs = Math.max(0, decision.time - Date.now());
		if (waitMs > context.settings.maxWaitMs) throw rateLimitedError(context, decision.time, 0);
		await pause(waitMs, context.signal);
	}
}

function rateLimitWaitMs(answer: Answer, retry: number): number {
	const now = Date.now();
	const retryAt = retryTimeFromHeaders(answer.headers, now);
	if (retryAt !== undefined && retryAt > now) return retryAt - now + RESET_MARGIN_MS;
	// No usable header: exponential backoff with jitter.
	return backoffMs(retry);
}

/** n8n's prepared options, with the address, the path's own settings and the body added. */
export function requestOptionsFor(
	context: RequestContext,
	request: ServiceRequest,
): IHttpRequestOptions {
	const {
		baseURL: _baseURL,
		qs: _qs,
		body: _body,
		...prepared
	} = request.prepared ?? {
		headers: {},
	};
	const options: IHttpRequestOptions = {
		...prepared,
		method: request.method,
		url: `${context.apiRoot}${request.path}`,
		headers: {
			...prepared.headers,
			Accept: 'application/json',
			'Content-Type': 'application/json',
		},
		json: true,
		timeout: context.settings.timeoutMs,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
	};
	if (request.qs && Object.keys(request.qs).length) options.qs = request.qs;
	if (request.body && Object.keys(request.body).length) options.body = request.body;
	return options;
}
