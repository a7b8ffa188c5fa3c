import type { IHttpRequestOptions, IN8nHttpFullResponse, INode } from 'n8n-workflow';

import type { RequestSettings } from '../shared/options';
import { requestSettings } from '../shared/options';
import { guard } from '../shared/validation';
import { apiRootFromBaseUrl } from './baseUrl';
import { budgetKey } from './rateLimit';

export const CREDENTIAL_TYPE = 'linkManagementApi';

/** What a request needs from n8n, whichever kind of context (operation, picker, trigger) sends it. */
export interface RequestContext {
	node: INode;
	itemIndex: number;
	apiRoot: string;
	/** The stored key, trimmed: sent as it is here and redacted wherever it could show. */
	apiKey: string;
	/** The shared rate-limit budget of this API root and key. */
	budget: string;
	settings: RequestSettings;
	/** How long the service has made this item (or poll) wait, over all its requests and pages. */
	waited: { serviceMs: number };
	signal?: AbortSignal;
	send(options: IHttpRequestOptions): Promise<IN8nHttpFullResponse>;
}

interface Credentials {
	baseUrl?: unknown;
	apiKey?: unknown;
}

type HttpHelper = (
	credentialType: string,
	options: IHttpRequestOptions,
) => Promise<IN8nHttpFullResponse>;

/** Builds the request context from the credential; a Base URL that is not usable fails the item. */
export function requestContext(
	node: INode,
	itemIndex: number,
	credentials: Credentials,
	send: HttpHelper,
	settings: RequestSettings = requestSettings(),
	signal?: AbortSignal,
): RequestContext {
	const apiRoot = guard(node, itemIndex, () => apiRootFromBaseUrl(credentials.baseUrl));
	const apiKey = typeof credentials.apiKey === 'string' ? credentials.apiKey.trim() : '';
	return {
		node,
		itemIndex,
		apiRoot,
		apiKey,
		budget: budgetKey(apiRoot, apiKey),
		settings,
		waited: { serviceMs: 0 },
		signal,
		send: async (options) => await send(CREDENTIAL_TYPE, options),
	};
}
