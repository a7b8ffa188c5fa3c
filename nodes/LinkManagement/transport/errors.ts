import type { NodeApiError } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	CONFIGURATION_INVALID,
	CREDENTIAL_INVALID,
	declared,
	failureOfStatus,
	rateLimited,
	TEMPORARILY_UNAVAILABLE,
} from '../shared/causes';
import type { RequestSettings } from '../shared/options';
import { optionNamed } from '../shared/options';
import type { Answer } from './answer';
import type { FailedRequest } from './apiError';
import { apiError, NOT_SENT_AGAIN } from './apiError';
import { clock } from './clock';
import type { RequestContext } from './context';
import type { Failure } from './failures';
import { failureInWords } from './failures';
import { redactDeep, withoutFields } from './redact';
import { serviceWords } from './serviceWords';

/*
 * The errors the transport raises for a request: the service's answers, connections that got
 * none, redirects and the rate limit. A proxy's refusal (proxyErrors.ts) and any error as n8n
 * shows it for the node (nodeErrors.ts) live beside them and are exported from here too.
 */
export { PROXY_AUTHENTICATION_REQUIRED, proxyRefusal, proxyRefused } from './proxyErrors';
export { asNodeError, withoutSecrets } from './nodeErrors';

/** An answer that is not a success: the service's own words, and what to do about it. */
export function serviceError(
	context: RequestContext,
	request: FailedRequest,
	answer: Answer,
	{ earlierTryMayHaveApplied = false } = {},
): NodeApiError {
	const { status } = answer;
	const hints = [
		`The Link Management service answered ${request.method} ${request.path} with HTTP ${status}.`,
	];
	if (status === 401 || status === 403) {
		hints.push("Check the credential's API key, and that your plan includes this endpoint.");
	}
	if (status === 404 && typeof answer.body === 'string') {
		hints.push("The address was not found: check the credential's Base URL.");
	}
	if (answer.body === '') {
		hints.push('For an update, an empty answer usually means the record does not exist.');
	}
	if (earlierTryMayHaveApplied) {
		hints.push(
			'An earlier try of this request got no answer (or a gateway error) and may have applied it already.',
		);
	}
	if (request.method === 'POST' && status >= 500) hints.push(NOT_SENT_AGAIN);
	// The key is taken out before the words are shortened, so that no part of it can show; so
	// are fields that hold someone else's secret (a user's own key).
	const body = withoutFields(redactDeep(context.secrets, answer.body), context.secretFields ?? []);
	const words = serviceWords({ ...answer, body });
	const refused = keyRefusal(context, words);
	if (refused) {
		const { message, description } = refused;
		return apiError(context, CONFIGURATION_INVALID, message, `${description} ${hints[0]}`, status);
	}
	const cause = status === 401 || status === 403 ? CREDENTIAL_INVALID : failureOfStatus(status);
	return apiError(context, cause, words, hints.join(' '), status);
}

/** The service's words when a key lacks the scope of a route (HTTP 200, `error` true). */
const LACKS_SCOPE = /do not have access to this endpoint with this API key/i;
/** … when a key that is not an administrator's asks for an administrators' route (HTTP 403). */
const NOT_ADMINISTRATOR = /do not have permission to access this endpoint/i;

/**
 * A refusal of the key for what the request needs (`context.needs`): a scope it lacks, or an
 * administrator's key, said in those words, with the service's own quoted.
 */
function keyRefusal(
	{ needs }: RequestContext,
	words: string,
): { message: string; description: string } | undefined {
	const quoted = `(the service answered "${words}")`;
	if (LACKS_SCOPE.test(words)) {
		if (needs && 'scope' in needs) {
			return {
				message: `The API key lacks the "${needs.scope}" scope, which ${needs.resource} operations need ${quoted}`,
				description: `Give the key the "${needs.scope}" scope (or "all") in the service's API key settings, or use a key that has it.`,
			};
		}
		return {
			message: `The API key lacks the scope of this endpoint ${quoted}`,
			description:
				"Give the key that scope in the service's API key settings, or use a key that has it.",
		};
	}
	if (needs && 'administratorsOnly' in needs && NOT_ADMINISTRATOR.test(words)) {
		return {
			message: `The API key is not an administrator's: ${needs.resource} operations need the key of an administrator of the service ${quoted}`,
			description: `Only the keys of the service's administrators may use ${needs.resource} operations: put an administrator's API key in the credential.`,
		};
	}
	return undefined;
}

/** No answer arrived: says why, and for a POST that may have arrived that it was not sent again. */
export function connectionError(
	context: RequestContext,
	request: FailedRequest,
	failure: Failure,
): NodeApiError {
	const notResent = request.method === 'POST' && !failure.neverSent ? ` ${NOT_SENT_AGAIN}` : '';
	const hint = failure.reason === 'certificate' ? ` ${certificateHint(context.settings)}` : '';
	// Worded here rather than by n8n's generic mapping, which invites an immediate retry.
	// A certificate refused stays refused until someone acts; the rest may pass.
	const cause = failure.reason === 'certificate' ? CONFIGURATION_INVALID : TEMPORARILY_UNAVAILABLE;
	return apiError(
		context,
		cause,
		`Could not reach the Link Management service: ${failureInWords(failure, context.settings.timeoutMs)}`,
		`${request.method} ${request.path} failed before an answer arrived (${failure.detail}).${notResent}${hint}`,
	);
}

/**
 * What to do about a certificate refused. With Ignore SSL Issues on, n8n itself dropped the
 * option: n8n 1.x's proxy agent applies it to the proxy's connection, not to the tunnel through
 * it (n8n 2.x applies it to both), so only trusting the certificate helps there.
 */
function certificateHint({ proxy, skipSslCertificateValidation }: RequestSettings): string {
	const option = optionNamed('allowUnauthorizedCerts');
	if (!skipSslCertificateValidation) {
		return `If this is your own installation with a self-signed certificate, turn on ${option} in the node's Options.`;
	}
	const through = proxy ? ' through the proxy' : '';
	return `${option} is on, but this n8n did not apply it to the request${through} (n8n 1.x does not apply it through a proxy; n8n 2.x does). Let n8n trust the certificate instead: set NODE_EXTRA_CA_CERTS in n8n's environment to the certificate's PEM file (or its authority's), or update n8n.`;
}

/**
 * A redirect not followed: to another origin (so the key is not sent there), or one after
 * which a write may already have been applied (so it is not sent twice).
 */
export function redirectRefused(
	context: RequestContext,
	request: FailedRequest,
	location: string,
	reason: 'otherOrigin' | 'mayHaveApplied' = 'otherOrigin',
): NodeApiError {
	if (reason === 'mayHaveApplied') {
		return apiError(
			context,
			CONFIGURATION_INVALID,
			`The Link Management service answered ${request.method} ${request.path} with a redirect (to ${location}); it was not followed`,
			`${NOT_SENT_AGAIN} If the service has moved, set the credential's Base URL to its new address.`,
		);
	}
	return apiError(
		context,
		CONFIGURATION_INVALID,
		`The Link Management service redirected the request to another address (${location}); it was not followed, so that the API key is not sent there`,
		`${request.method} ${request.path} was answered with a redirect away from ${context.apiRoot}. If the service has moved (for example from http:// to https://), set the credential's Base URL to its new address.`,
	);
}

/** Waiting longer for the rate limit would pass the item's caps. */
export function rateLimitedError(
	context: RequestContext,
	resetAt: number,
	waitedMs = context.waited.serviceMs,
): NodeOperationError {
	const seconds = Math.max(0, Math.ceil((resetAt - clock.now()) / 1000));
	const date = new Date(resetAt);
	// A date beyond the range JavaScript can write is not worth an exception.
	const when = Number.isNaN(date.getTime()) ? 'an unknown time' : date.toISOString();
	const { maxWaitMs, maxTotalWaitMs } = context.settings;
	const error = new NodeOperationError(
		context.node,
		`Rate limited by the Link Management service: the window resets at ${when} (in ${seconds} s)`,
		{
			itemIndex: context.itemIndex,
			description: `The service made this item wait ${Math.round(waitedMs / 1000)} s in all. Waiting longer would pass ${optionNamed('maxWait')} (${maxWaitMs / 1000} s) or ${optionNamed('maxTotalWait')} (${maxTotalWaitMs / 1000} s) in the node's Options; raise them, or run fewer items at once.`,
		},
	);
	return declared(error, rateLimited(resetAt, clock.now()));
}
