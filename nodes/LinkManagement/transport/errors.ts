import type { IHttpRequestMethods, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { RequestSettings } from '../shared/options';
import { optionNamed } from '../shared/options';
import type { Answer } from './answer';
import { clock } from './clock';
import type { RequestContext } from './context';
import type { Failure as Cause } from './causes';
import {
	CONFIGURATION_INVALID,
	CREDENTIAL_INVALID,
	declared,
	failureOfStatus,
	NODE_DEFECT,
	rateLimited,
	TEMPORARILY_UNAVAILABLE,
} from './causes';
import type { Failure } from './failures';
import { failureInWords } from './failures';
import type { Secrets } from './redact';
import { redact, redactDeep, redactError, withoutFields } from './redact';
import { serviceWords } from './serviceWords';

interface FailedRequest {
	method: IHttpRequestMethods;
	path: string;
}

/** A NodeApiError whose every text field is free of the API key, with its cause declared. */
function apiError(
	context: RequestContext,
	cause: Cause,
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

const NOT_SENT_AGAIN =
	'It was not sent again: the service may already have applied it, so check before running it again.';

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

/** The status of a proxy's refusal: the proxy's own answer, never the service's. */
export const PROXY_AUTHENTICATION_REQUIRED = 407;

/**
 * What a proxy's 407 means for the node's Options › Proxy, `failed` being what did not happen
 * ("the QR image was not downloaded"), and what to check: said alike for the API's requests and
 * for downloads. The proxy's page is not quoted.
 */
export function proxyRefusal(proxy: RequestSettings['proxy'], failed: string): string {
	const where = proxy ? ` (${proxy.host}:${proxy.port})` : '';
	const given = proxy?.auth
		? 'did not accept the user name and password given'
		: 'asks for a user name and password';
	return `The proxy in the node's Options › ${optionNamed('proxy')}${where} ${given}, so ${failed}. Check the user name and password with your network administrator, and write them into the address: http://username:password@host:port (characters such as @ : / % encoded, e.g. %40 for @).`;
}

/**
 * The node's proxy answered HTTP 407 (Proxy Authentication Required): the request went no
 * further, so the service neither saw nor applied it.
 */
export function proxyRefused(context: RequestContext, request: FailedRequest): NodeApiError {
	return apiError(
		context,
		CONFIGURATION_INVALID,
		`The proxy refused the request: it answered HTTP 407 (Proxy Authentication Required)`,
		proxyRefusal(
			context.settings.proxy,
			`${request.method} ${request.path} did not reach the Link Management service`,
		),
		PROXY_AUTHENTICATION_REQUIRED,
	);
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

/**
 * An error as n8n shows it for the node, its cause declared: n8n's own errors as they are
 * (those that declare none: an answer's by its status, the node's checks as its configuration),
 * anything else wrapped as the node's own defect.
 */
export function asNodeError(
	node: INode,
	caught: unknown,
	itemIndex?: number,
): NodeApiError | NodeOperationError {
	if (caught instanceof NodeApiError) {
		const status = Number(caught.httpCode);
		return declared(
			caught,
			Number.isFinite(status) ? failureOfStatus(status) : CONFIGURATION_INVALID,
		);
	}
	if (caught instanceof NodeOperationError) return declared(caught, CONFIGURATION_INVALID);
	return declared(new NodeOperationError(node, caught as Error, { itemIndex }), NODE_DEFECT);
}

/** Runs `work`; its result and any error it throws come out free of the secrets. */
export async function withoutSecrets<T>(
	secrets: Secrets,
	node: INode,
	work: () => Promise<T>,
): Promise<T> {
	try {
		return redactDeep(secrets, await work());
	} catch (caught) {
		throw redactError(secrets, asNodeError(node, caught));
	}
}
