import type { NodeApiError } from 'n8n-workflow';

import { CONFIGURATION_INVALID } from '../shared/causes';
import type { RequestSettings } from '../shared/options';
import { optionNamed } from '../shared/options';
import type { FailedRequest } from './apiError';
import { apiError } from './apiError';
import type { RequestContext } from './context';

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
