/**
 * One operation of the node under test, written as the API reference writes its request:
 *
 *     const pixel = parametersOf('pixel');
 *     const parameters = pixel('update', { pixelId: rl('61'), tag: 'GTM-NEW456' });
 *     const update = operation('PUT /api/pixel/:pixelId/update', parameters, messageAnswer(UPDATED));
 *
 *     const { body, output } = await update.send({ updateFields: { name: 'Renamed tags' } });
 *     expect(body).toEqual({ tag: 'GTM-NEW456', name: 'Renamed tags' });
 *
 * A `:name` in the path stands for the parameter of that name as the service must receive it:
 * a resource locator's value or a plain value, without the spaces around it. So the request
 * checked above is PUT /api/pixel/61/update.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import type { RunResult } from '../harness';
import { jsonOf, runNode } from '../harness';
import type { Method } from './service';
import { expectRefused, mockEndpoint, unmatchedRequests } from './service';

/** A request as the reference writes it: 'PUT /api/pixel/:pixelId/update'. */
export type RequestLine = `${Method} /${string}`;

export interface SendOptions {
	/** The request expected instead of the operation's own (say, for an ID from an expression). */
	request?: RequestLine;
	/** The service's answer instead of the operation's own. */
	answer?: unknown;
	/** The query string expected; the operation's own unless given. */
	query?: Record<string, unknown>;
	/** Input items; one empty item by default. */
	items?: INodeExecutionData[];
	/**
	 * Requests the operation sends before its own (a lookup, say), each answered once
	 * and checked like its own; their bodies come back in `Sent.before`.
	 */
	before?: Array<{ request: RequestLine; answer: unknown; query?: Record<string, unknown> }>;
	/** The output items carry binary data (a downloaded file): `Sent.binary` gives it. */
	binary?: boolean;
}

export interface Sent {
	/** The body of the one request the node sent; undefined when it sent none. */
	body: unknown;
	query: Record<string, string>;
	/** The JSON of the output items, each paired with the first input item. */
	output: IDataObject[];
	/** The bodies of the requests given as `before`. */
	before: unknown[];
	/** With `binary`: the binary data of each output item. */
	binary: Array<INodeExecutionData['binary']>;
}

export interface Operation {
	/** The request line, with its `:name` placeholders. */
	request: RequestLine;
	/** The service's answer to it. */
	answer: unknown;
	/** The name of the first `:name` placeholder: the ID of the record the operation works on. */
	idParameter: string;
	/** The operation's parameters, `more` over them. */
	parameters(more?: INodeParameters): INodeParameters;
	/** The method and path expected for these parameters. */
	requestFor(more?: INodeParameters): { method: Method; path: string };
	/**
	 * Runs the node against the service answering the request; asserts that the run succeeded
	 * after exactly that one request, with nothing left unanswered and every output item paired
	 * with the input, and gives what was sent and output.
	 */
	send(more?: INodeParameters, options?: SendOptions): Promise<Sent>;
	/** Asserts that these parameters are refused before any request, the message matching each pattern. */
	expectRefused(more: INodeParameters, ...patterns: Array<string | RegExp>): Promise<void>;
	/**
	 * Runs the node against the service answering the request with `answer` (a refusal, or an
	 * answer the node cannot use); asserts that the node sent the request exactly once and gives
	 * the error the run ended with.
	 */
	failsOn(answer: unknown, more?: INodeParameters): Promise<RunResult['error']>;
}

function parse(line: string): { method: Method; path: string } {
	const [method, path] = line.split(' ');
	return { method: method as Method, path };
}

/** The value the service must receive for a parameter: a resource locator's value, trimmed. */
function pathValue(parameters: INodeParameters, name: string): string {
	const given = parameters[name];
	const value =
		typeof given === 'object' && given !== null && '__rl' in given
			? (given as { value: unknown }).value
			: given;
	if (value === undefined || String(value).startsWith('=')) {
		throw new Error(`Give the request expected for ${name} = ${JSON.stringify(value)}`);
	}
	return String(value).trim();
}

/**
 * `request` with `base` parameters, answered `answer`; `query` is the query string it sends
 * (a list operation's first page, say).
 */
export function operation(
	request: RequestLine,
	base: INodeParameters,
	answer: unknown = { error: 0 },
	query: Record<string, unknown> = {},
): Operation {
	const placeholders = [...request.matchAll(/:(\w+)/g)].map((match) => match[1]);
	const op: Operation = {
		request,
		answer,
		idParameter: placeholders[0],
		parameters: (more = {}) => ({ ...base, ...more }),
		requestFor(more = {}) {
			const parameters = op.parameters(more);
			return parse(request.replace(/:(\w+)/g, (_, name: string) => pathValue(parameters, name)));
		},
		async send(more = {}, options = {}) {
			const expected = [
				...(options.before ?? []).map((before) => ({ ...parse(before.request), ...before })),
				{
					...(options.request ? parse(options.request) : op.requestFor(more)),
					answer: options.answer ?? answer,
					query: options.query ?? query,
				},
			];
			const endpoints = expected.map(({ method, path, answer }) =>
				mockEndpoint(method, path, answer),
			);

			const result = await runNode({ parameters: op.parameters(more), items: options.items });

			expect(result.error).toBeUndefined();
			for (const [index, endpoint] of endpoints.entries()) {
				const { method, path, query: asked = {} } = expected[index];
				const received = endpoint.requests.map((sent) => [sent.method, sent.path, sent.query]);
				expect(received).toEqual([[method, path, asked]]);
			}
			expect(unmatchedRequests()).toEqual([]);
			const output = jsonOf(result);
			const binary = result.items.map((item) => item.binary);
			expect(result.items).toEqual(
				output.map((json, index) => ({
					json,
					...(options.binary ? { binary: binary[index] } : {}),
					pairedItem: { item: 0 },
				})),
			);
			if (options.binary) for (const data of binary) expect(data).toBeDefined();
			const [own, ...earlier] = [...endpoints].reverse().map((endpoint) => endpoint.requests[0]);
			return {
				body: own.body,
				query: own.query,
				output,
				before: earlier.reverse().map((sent) => sent.body),
				binary,
			};
		},
		expectRefused: async (more, ...patterns) =>
			await expectRefused({ parameters: op.parameters(more) }, ...patterns),
		async failsOn(answer, more = {}) {
			const { method, path } = op.requestFor(more);
			const endpoint = mockEndpoint(method, path, answer);

			const result = await runNode({ parameters: op.parameters(more) });

			expect(endpoint.requests).toHaveLength(1);
			return result.error;
		},
	};
	return op;
}

/** The parameters that select `resource` › `operation`, with `more` beside them. */
export const select = (
	resource: string,
	operation: string,
	more: INodeParameters = {},
): INodeParameters => ({ resource, operation, ...more });

/**
 * The parameters that select one resource's operations:
 * `const pixel = parametersOf('pixel')`, then `pixel('update', { tag: 'T-1' })`.
 */
export const parametersOf =
	(resource: string) =>
	(operation: string, more: INodeParameters = {}): INodeParameters =>
		select(resource, operation, more);
