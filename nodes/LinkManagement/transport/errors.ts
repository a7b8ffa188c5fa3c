import type { IDataObject, IHttpRequestMethods, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { OPTION_LABELS } from '../shared/options';
import type { Answer } from './answer';
import { isRecord } from './answer';
import type { RequestContext } from './context';

/** Network errors that mean the request never left: safe to send again, whatever the method. */
export const NOT_SENT_CODES = ['ECONNREFUSED', 'EAI_AGAIN'];
/** Network errors after which the request may have reached the service. */
const DROPPED_CONNECTION_CODES = [
	'ECONNRESET',
	'EPIPE',
	'ECONNABORTED',
	'ETIMEDOUT',
	'ESOCKETTIMEDOUT',
];

interface FailedRequest {
	method: IHttpRequestMethods;
	path: string;
}

/** The code the path gives a request that got no answer within the Timeout. */
export const TIMED_OUT = 'ETIMEDOUT';

/** The network error's code when it is one the path knows how to word and retry. */
export function connectionErrorCode(error: unknown): string | undefined {
	const candidate = error as {
		code?: unknown;
		message?: unknown;
		cause?: { code?: unknown; message?: unknown };
	};
	const code = candidate?.code ?? candidate?.cause?.code;
	// n8n reports its own timeout as an aborted connection: "timeout of 1000ms exceeded".
	if (code === 'ECONNABORTED' && /timeout/i.test(String(candidate?.cause?.message ?? ''))) {
		return TIMED_OUT;
	}
	if (typeof code === 'string' && [...NOT_SENT_CODES, ...DROPPED_CONNECTION_CODES].includes(code)) {
		return code;
	}
	return /socket hang up|timeout/i.test(String(candidate?.message ?? ''))
		? 'ECONNRESET'
		: undefined;
}

/** The text with the API key replaced by ***. */
export function redact(context: Pick<RequestContext, 'apiKey'>, text: string): string {
	return context.apiKey.length >= 4 ? text.split(context.apiKey).join('***') : text;
}

/** An answer that is not a success: the service's own message, without the key. */
export function serviceError(context: RequestContext, answer: Answer): NodeApiError {
	const { status, body } = answer;
	const record: IDataObject = isRecord(body) ? body : {};
	const serviceMessage =
		typeof record.message === 'string' && record.message.trim()
			? record.message
			: typeof body === 'string' && body.trim()
				? `The service answered HTTP ${status} with a body that is not JSON`
				: `The service answered HTTP ${status} without an error message`;
	const message = redact(context, serviceMessage);
	return new NodeApiError(context.node, { message, httpCode: String(status) } as JsonObject, {
		message,
		description: `The Link Management service reported an error (HTTP ${status}).`,
		httpCode: String(status),
		itemIndex: context.itemIndex,
	});
}

/** No answer arrived: says why, and for a POST that it was not sent again. */
export function connectionError(
	context: RequestContext,
	request: FailedRequest,
	error: unknown,
	code: string | undefined,
): NodeApiError {
	const raw = redact(context, (error as Error)?.message ?? String(error));
	const notResent =
		request.method === 'POST' && code !== undefined && !NOT_SENT_CODES.includes(code)
			? ' It was not sent again: the service may already have applied it, so check before running it again.'
			: '';
	// Worded here rather than by n8n's generic mapping, which invites an immediate retry.
	const message = `Could not reach the Link Management service: ${connectionProblem(code)}`;
	return new NodeApiError(context.node, { message } as JsonObject, {
		message,
		description: `${request.method} ${request.path} failed before an answer arrived (${raw}).${notResent}`,
		itemIndex: context.itemIndex,
	});
}

function connectionProblem(code: string | undefined): string {
	if (code === 'ECONNREFUSED') return 'the connection was refused';
	if (code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT') return 'no answer arrived in time';
	if (code === 'EAI_AGAIN') return 'the host name could not be resolved';
	if (code !== undefined) return 'the connection was closed before an answer arrived';
	return 'the request could not be sent';
}

/** Waiting longer for the rate limit would pass the item's caps. */
export function rateLimitedError(
	context: RequestContext,
	resetAt: number,
	waitedMs: number,
): NodeOperationError {
	const seconds = Math.ceil((resetAt - Date.now()) / 1000);
	const { maxWaitMs, maxTotalWaitMs } = context.settings;
	return new NodeOperationError(
		context.node,
		`Rate limited by the Link Management service: the window resets at ${new Date(resetAt).toISOString()} (in ${seconds} s)`,
		{
			itemIndex: context.itemIndex,
			description: `The item waited ${Math.round(waitedMs / 1000)} s in all. Waiting longer would pass "${OPTION_LABELS.maxWait}" (${maxWaitMs / 1000} s) or "${OPTION_LABELS.maxTotalWait}" (${maxTotalWaitMs / 1000} s) in the node's Options; raise them, or run fewer items at once.`,
		},
	);
}
