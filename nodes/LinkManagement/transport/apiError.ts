import type { IHttpRequestMethods, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { Failure } from '../shared/causes';
import { declared } from '../shared/causes';
import type { RequestContext } from './context';
import { redact } from './redact';

/** The request an error is about, as its message names it. */
export interface FailedRequest {
	method: IHttpRequestMethods;
	path: string;
}

/** A NodeApiError whose every text field is free of the API key, with its cause declared. */
export function apiError(
	context: RequestContext,
	cause: Failure,
	message: string,
	description: string,
	httpCode?: number,
): NodeApiError {
	const clean = {
		message: redact(context.secrets, message),
		description: redact(context.secrets, description),
	};
	const code = httpCode === undefined ? undefined : String(httpCode);
	// n8n keeps what it was given as the error's response and context: only these clean texts
	// and the item's index, which n8n's error view shows.
	const error = new NodeApiError(context.node, { ...clean, httpCode: code } as JsonObject, {
		...clean,
		httpCode: code,
		itemIndex: context.itemIndex,
	});
	return declared(error, cause);
}

/** Said of a request that may have been applied: why it was not sent again. */
export const NOT_SENT_AGAIN =
	'It was not sent again: the service may already have applied it, so check before running it again.';
