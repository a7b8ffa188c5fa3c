// Test helpers: a tiny fetch-based client for the sandbox.

import type { Sandbox } from './server';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = Record<string, any>;

export interface ApiResponse {
	status: number;
	headers: Headers;
	body: Json;
}

export interface CallOptions {
	/** JSON body; serialized with JSON.stringify. */
	body?: unknown;
	/** Body sent as is (for malformed JSON). */
	rawBody?: string;
	/** API key to send; `null` sends no Authorization header. Default: the sandbox key. */
	key?: string | null;
	/** Base URL to use instead of `sandbox.url`. */
	base?: string;
}

export async function call(
	sandbox: Sandbox,
	method: string,
	path: string,
	options: CallOptions = {},
): Promise<ApiResponse> {
	const key = options.key === undefined ? sandbox.apiKey : options.key;
	const headers: Record<string, string> = { 'Content-Type': 'application/json' };
	if (key !== null) headers.Authorization = `Bearer ${key}`;
	const payload =
		options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
	const response = await fetch(`${options.base ?? sandbox.url}${path}`, {
		method,
		headers,
		body: payload,
	});
	const text = await response.text();
	return { status: response.status, headers: response.headers, body: JSON.parse(text) as Json };
}

export const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
export const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The three rate-limit headers, or `undefined` entries when absent. */
export function rateHeaders(response: ApiResponse): {
	limit?: string;
	remaining?: string;
	reset?: string;
} {
	return {
		limit: response.headers.get('x-ratelimit-limit') ?? undefined,
		remaining: response.headers.get('x-ratelimit-remaining') ?? undefined,
		reset: response.headers.get('x-ratelimit-reset') ?? undefined,
	};
}
