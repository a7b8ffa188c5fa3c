/**
 * The ID pickers' "From List" searches run in a load-options context: the node, its credential
 * and n8n's authenticated HTTP helper. Each picker test builds this context the same way and
 * only chooses what the helper answers.
 */
import type { IDataObject, IHttpRequestOptions, ILoadOptionsFunctions } from 'n8n-workflow';

import { NODE_NAME, NODE_TYPE, TEST_API_KEY, workflowNode } from '../harness';
import type { Sandbox } from '../sandbox/server';

const pickerNode = workflowNode('picker', NODE_NAME, NODE_TYPE);

/** What n8n's httpRequestWithAuthentication gives back with `returnFullResponse`. */
export interface FullResponse {
	statusCode: number;
	headers: Record<string, string>;
	body: unknown;
}

/**
 * A load-options context with `credentials` whose HTTP helper is `request`; `parameters` are the
 * node's current parameters (what the user set beside the picker).
 */
export function loadOptionsContext(
	credentials: { baseUrl: string; apiKey: string },
	request: (credentialType: string, options: IHttpRequestOptions) => Promise<FullResponse>,
	parameters: Record<string, unknown> = {},
): ILoadOptionsFunctions {
	return {
		getNode: () => pickerNode,
		getCredentials: async () => credentials,
		getCurrentNodeParameter: (name: string) => parameters[name],
		helpers: { httpRequestWithAuthentication: request },
	} as unknown as ILoadOptionsFunctions;
}

/**
 * A load-options context whose HTTP helper answers every request with `answer(options)` (or
 * the same body) and records what it was asked.
 */
export function answeringContext(
	answer: IDataObject | ((options: IHttpRequestOptions) => IDataObject),
	{ baseUrl = 'https://h.test/short/', parameters = {} } = {} as {
		baseUrl?: string;
		parameters?: Record<string, unknown>;
	},
) {
	const asked: Array<{ credentialType: string; options: IHttpRequestOptions }> = [];
	const context = loadOptionsContext(
		{ baseUrl, apiKey: TEST_API_KEY },
		async (credentialType, options) => {
			asked.push({ credentialType, options });
			const body = typeof answer === 'function' ? answer(options) : answer;
			return { statusCode: 200, headers: {}, body };
		},
		parameters,
	);
	return { context, asked };
}

/** A load-options context that sends the picker's requests to the sandbox over HTTP, with `apiKey`. */
export function sandboxPickerContext(
	sandbox: Sandbox,
	apiKey = sandbox.apiKey,
): ILoadOptionsFunctions {
	return loadOptionsContext({ baseUrl: sandbox.url, apiKey }, async (_type, options) => {
		const url = new URL(options.url);
		for (const [name, value] of Object.entries(options.qs ?? {})) {
			url.searchParams.set(name, String(value));
		}
		const response = await fetch(url, {
			method: options.method,
			headers: { Authorization: `Bearer ${apiKey}` },
		});
		return {
			statusCode: response.status,
			headers: Object.fromEntries(response.headers),
			body: await response.text(),
		};
	});
}
