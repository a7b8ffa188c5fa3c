/**
 * The ID pickers' "From List" searches run in a load-options context: the node, its credential
 * and n8n's authenticated HTTP helper. Each picker test builds this context the same way and
 * only chooses what the helper answers.
 */
import type { IHttpRequestOptions, ILoadOptionsFunctions } from 'n8n-workflow';

import { NODE_NAME, NODE_TYPE, workflowNode } from '../harness';

const pickerNode = workflowNode('picker', NODE_NAME, NODE_TYPE);

/** What n8n's httpRequestWithAuthentication gives back with `returnFullResponse`. */
export interface FullResponse {
	statusCode: number;
	headers: Record<string, string>;
	body: unknown;
}

/** A load-options context with `credentials` whose HTTP helper is `request`. */
export function loadOptionsContext(
	credentials: { baseUrl: string; apiKey: string },
	request: (credentialType: string, options: IHttpRequestOptions) => Promise<FullResponse>,
): ILoadOptionsFunctions {
	return {
		getNode: () => pickerNode,
		getCredentials: async () => credentials,
		helpers: { httpRequestWithAuthentication: request },
	} as unknown as ILoadOptionsFunctions;
}
