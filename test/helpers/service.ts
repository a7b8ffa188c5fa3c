/**
 * Helpers for the node's tests: a stand-in for the Link-Management service built on nock that
 * records every request it answers, checks that nothing was sent, refusals, and short ways to
 * write resource-locator and expression parameter values.
 */
import nock from 'nock';

import type { RunOptions, RunResult } from '../harness';
import { runNode, TEST_API_KEY, TEST_BASE_URL } from '../harness';
import { unmatchedRequests } from './unmatched';

export { unmatchedRequests };

export const AUTHORIZATION = `Bearer ${TEST_API_KEY}`;

/** A request as the service received it. `body` is undefined when none was sent. */
export interface SentRequest {
	method: string;
	path: string;
	query: Record<string, string>;
	body?: unknown;
}

export interface MockedEndpoint {
	/** Every request this endpoint answered, in order. */
	requests: SentRequest[];
	scope: nock.Scope;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One endpoint of the service: answers `method path` (any query string) `times` times with
 * `status` and `body`, only when the request carries `Authorization: Bearer <TEST_API_KEY>`.
 */
export function mockEndpoint(
	method: Method,
	path: string,
	body: unknown,
	{
		status = 200,
		times = 1,
		baseUrl = TEST_BASE_URL,
	}: { status?: number; times?: number; baseUrl?: string } = {},
): MockedEndpoint {
	const requests: SentRequest[] = [];
	const scope = nock(baseUrl)
		.matchHeader('authorization', AUTHORIZATION)
		.intercept(path, method)
		.query(true)
		.times(times)
		.reply(function (uri, requestBody) {
			const url = new URL(uri, 'http://placeholder.invalid');
			requests.push({
				method: this.req.method ?? '',
				path: url.pathname,
				query: Object.fromEntries(url.searchParams),
				body: requestBody === '' ? undefined : requestBody,
			});
			return [status, body as nock.Body];
		});
	return { requests, scope };
}

/** Asserts that the current test sent no HTTP request at all (answered or not). */
export function expectNoRequestSent(): void {
	expect(unmatchedRequests()).toEqual([]);
	expect(nock.pendingMocks()).toEqual([]);
}

/** A resource locator value, as the editor stores it. */
export const rl = (value: string, mode: 'id' | 'list' = 'id') => ({ __rl: true, mode, value });

/** A POST (Create a pixel, POST /api/pixel/add), for the tests where any write operation will do. */
export const createForumPixel = {
	resource: 'pixel',
	operation: 'create',
	type: 'forum',
	name: 'Forum',
	tag: 'F-1',
};

/** An expression that evaluates to `value`, as if it came from an earlier node. */
export const expr = (value: unknown) => `={{ ${JSON.stringify(value)} }}`;

/** The error message of a run that is refused, whether the engine or the node refuses it. */
export async function refusalOf(
	options: RunOptions,
): Promise<{ message: string; result?: RunResult }> {
	let result: RunResult;
	try {
		result = await runNode(options);
	} catch (error) {
		// n8n refuses a workflow whose parameters fail their own validation before running it.
		return { message: (error as Error).message };
	}
	expect(result.error).toBeDefined();
	expect(result.items).toEqual([]);
	return { message: result.error?.message ?? '', result };
}

/**
 * Asserts that the run is refused before any request is sent, with a message that matches every
 * pattern (a string: contains it).
 */
export async function expectRefused(
	options: RunOptions,
	...patterns: Array<string | RegExp>
): Promise<void> {
	const { message } = await refusalOf(options);
	for (const pattern of patterns) expect(message).toMatch(pattern);
	expectNoRequestSent();
}

/** Each output item's JSON with the input item it is paired with. */
export const pairedOutput = ({ items }: RunResult) =>
	items.map(({ json, pairedItem }) => ({ json, pairedItem }));

/** A reply of the service: status, body and headers. */
export type Reply = [number, unknown, Record<string, string>?];

/**
 * A reply with `status` and `body` whose X-RateLimit-* headers say that `remaining` requests are
 * left and that the window resets `ms` after the request arrived (written by `format`, Unix
 * milliseconds unless given). `resetAt` is that time, once the reply has been given.
 */
export function announcingReset(
	ms: number,
	[status, body]: [number, unknown],
	{
		remaining = '0',
		format = String,
	}: { remaining?: string; format?: (at: number) => string } = {},
) {
	const announced = {
		resetAt: 0,
		reply: (now: number): Reply => {
			announced.resetAt = now + ms;
			const headers = { 'X-RateLimit-Remaining': remaining, 'X-RateLimit-Reset': format(now + ms) };
			return [status, body, headers];
		},
	};
	return announced;
}

/**
 * Answers `method path` (any query) with `replies` in turn, each computed when its request
 * arrives (`now`), and records when each request arrived. Once the replies are spent, further
 * requests go unanswered.
 */
export function replyInTurn(
	method: Method,
	path: string,
	replies: Array<(now: number) => Reply>,
): { arrivals: number[]; scope: nock.Scope } {
	const arrivals: number[] = [];
	const scope = nock(TEST_BASE_URL);
	for (const reply of replies) {
		scope
			.intercept(path, method)
			.query(true)
			.reply(() => {
				const now = Date.now();
				arrivals.push(now);
				const [status, body, headers] = reply(now);
				return [status, body as nock.Body, headers];
			});
	}
	return { arrivals, scope };
}
