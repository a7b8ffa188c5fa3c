/**
 * Helpers for the node's tests: a stand-in for the Link-Management service built on nock that
 * records every request it answers, a record of requests nothing answered, and short ways to
 * write resource-locator and expression parameter values.
 */
import nock from 'nock';
import type { INodeParameters } from 'n8n-workflow';

import { forgetBudgets } from '../../nodes/LinkManagement/transport/budget';
import type { RunOptions, RunResult } from '../harness';
import { runNode, TEST_API_KEY, TEST_BASE_URL } from '../harness';

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

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

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

const unmatched: string[] = [];
let listening = false;

/**
 * Call once at the top of a test file: every test starts with an empty rate-limit memory and
 * an empty record of requests that no interceptor answered (nock refuses those, since the
 * network is disabled, and reports them as 'no match').
 */
export function useServiceMocks(): void {
	// n8n logs every node error it reports; keep the test output readable.
	process.env.N8N_LOG_LEVEL = 'silent';
	if (!listening) {
		listening = true;
		nock.emitter.on(
			'no match',
			(request: { method?: string; hostname?: string; host?: string; path?: string }) => {
				unmatched.push(
					`${request.method ?? '?'} ${request.hostname ?? request.host ?? ''}${request.path ?? ''}`,
				);
			},
		);
	}
	beforeEach(() => {
		unmatched.length = 0;
		forgetBudgets();
	});
}

/** Requests sent during the current test that no interceptor answered. */
export function unmatchedRequests(): string[] {
	return [...unmatched];
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

/** Values that are not positive whole numbers, each of which must be refused as an ID. */
export const NOT_POSITIVE_WHOLE_NUMBERS = ['abc', '0', '-3', '1.5', ''];

/**
 * For an ID parameter: each value that is not a positive whole number is refused before any
 * request, with a message naming the field and saying what is expected. Values are given the
 * way a workflow passes them on: through an expression (the node's own check), and for plain
 * string IDs (`literal: true`) also typed in as they are (an empty required field is refused
 * by n8n itself, as "required").
 */
export function itRefusesIdsThatAreNotPositiveWholeNumbers(
	label: string,
	parametersWith: (idParameterValue: string) => INodeParameters,
	{ literal = false }: { literal?: boolean } = {},
): void {
	test.each(NOT_POSITIVE_WHOLE_NUMBERS)(
		`refuses ${label} %j from an expression before sending a request`,
		async (id) => {
			const { message } = await refusalOf({ parameters: parametersWith(expr(id)) });
			expect(message).toContain(label);
			expect(message).toMatch(/positive whole number/);
			expectNoRequestSent();
		},
	);
	if (literal) {
		test.each(NOT_POSITIVE_WHOLE_NUMBERS)(
			`refuses ${label} %j typed in before sending a request`,
			async (id) => {
				const { message } = await refusalOf({ parameters: parametersWith(id) });
				expect(message).toContain(label);
				expect(message).toMatch(
					id === '' ? /positive whole number|is required/ : /positive whole number/,
				);
				expectNoRequestSent();
			},
		);
	}
}
