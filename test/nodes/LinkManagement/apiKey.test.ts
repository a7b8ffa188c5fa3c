/**
 * The API key never appears in output items, error messages, error descriptions or the
 * stored run data, whatever the outcome, even when the service or the network echoes it.
 */
import nock from 'nock';
import * as workflow from 'n8n-workflow';

import type { RunResult } from '../../harness';
import { runNode, TEST_API_KEY, TEST_BASE_URL } from '../../harness';
import { AUTHORIZATION, createForumPixel, mockEndpoint, rl } from '../../helpers';
import { accountRecord, campaignRecords, listAnswer } from '../../helpers/fixtures';
import type { LocalServer } from '../../helpers/localServer';
import { localServer } from '../../helpers/localServer';

/** Whether `secret` occurs anywhere in `value`, own non-enumerable properties (message, stack, cause) included. */
function containsText(value: unknown, secret: string, seen = new Set<unknown>()): boolean {
	if (typeof value === 'string') return value.includes(secret);
	if (typeof value !== 'object' || value === null || seen.has(value)) return false;
	seen.add(value);
	return Object.getOwnPropertyNames(value).some((name) => {
		try {
			return containsText((value as Record<string, unknown>)[name], secret, seen);
		} catch {
			return false;
		}
	});
}

/** An error as Node's networking raises it (nock needs a real Error to fail the request). */
const networkError = (code: string, message: string) => Object.assign(new Error(message), { code });

function expectNoKeyIn(result: RunResult): void {
	expect(JSON.stringify(result.items)).not.toContain(TEST_API_KEY);
	expect(JSON.stringify(result.run.data.resultData)).not.toContain(TEST_API_KEY);
	if (result.error) {
		expect(result.error.message).not.toContain(TEST_API_KEY);
		expect(String(result.error.description ?? '')).not.toContain(TEST_API_KEY);
		expect(containsText(result.error, TEST_API_KEY)).toBe(false);
	}
}

describe('the API key stays secret', () => {
	test("(the scan used below finds a key hidden in an error's cause)", () => {
		const hidden = new Error('outer', { cause: new Error(`inner ${TEST_API_KEY}`) });
		expect(containsText(hidden, TEST_API_KEY)).toBe(true);
		expect(containsText(new Error('clean'), TEST_API_KEY)).toBe(false);
	});

	test('on success', async () => {
		mockEndpoint('GET', '/api/account', { error: 0, data: accountRecord });

		const result = await runNode({ parameters: { resource: 'account', operation: 'get' } });

		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(1);
		expectNoKeyIn(result);
	});

	test('when the service error message echoes the key', async () => {
		mockEndpoint(
			'DELETE',
			'/api/campaign/5/delete',
			{ error: 1, message: `API key ${TEST_API_KEY} has expired.` },
			{ status: 401 },
		);

		const result = await runNode({
			parameters: { resource: 'campaign', operation: 'delete', campaignId: rl('5') },
		});

		expect(result.error).toBeDefined();
		expect(result.error?.message).toMatch(/^API key .+ has expired\. \[item 0\]$/);
		expectNoKeyIn(result);
	});

	test('when the service error echoes it and Continue On Fail makes it an item', async () => {
		mockEndpoint(
			'GET',
			'/api/campaigns',
			{ error: '1', message: `Unknown key: ${TEST_API_KEY}` },
			{ status: 403 },
		);

		const result = await runNode({
			parameters: { resource: 'campaign', operation: 'getAll' },
			continueOnFail: true,
		});

		expect(result.items).toHaveLength(1);
		expect(result.items[0].json.error).toMatch(/^Unknown key: /);
		expectNoKeyIn(result);
		expect(containsText(result.items, TEST_API_KEY)).toBe(false);
	});

	test('when the connection is cut off with an error that mentions the key', async () => {
		// A POST cut off after sending is not sent again, so this fails at once.
		nock(TEST_BASE_URL)
			.matchHeader('authorization', AUTHORIZATION)
			.post('/api/campaign/add')
			.replyWithError(
				networkError('ECONNRESET', `socket hang up (Authorization: Bearer ${TEST_API_KEY})`),
			);

		const result = await runNode({
			parameters: {
				resource: 'campaign',
				operation: 'create',
				additionalFields: { name: 'Summer Sale' },
			},
		});

		expect(result.error?.message).toMatch(/Could not reach the Link Management service/);
		expectNoKeyIn(result);
	});

	test('when the connection is refused every time with an error that mentions the key', async () => {
		// A refused connection is tried again after pauses of a few seconds; skip the pauses.
		const pauses = jest.spyOn(workflow, 'sleep').mockResolvedValue(undefined);
		try {
			const scope = nock(TEST_BASE_URL)
				.matchHeader('authorization', AUTHORIZATION)
				.post('/api/campaign/add')
				.times(4)
				.replyWithError(networkError('ECONNREFUSED', `connect ECONNREFUSED (key ${TEST_API_KEY})`));

			const result = await runNode({
				parameters: {
					resource: 'campaign',
					operation: 'create',
					additionalFields: { name: 'Summer Sale' },
				},
			});

			expect(scope.isDone()).toBe(true);
			expect(result.error?.message).toMatch(/Could not reach the Link Management service/);
			expectNoKeyIn(result);
		} finally {
			pauses.mockRestore();
		}
	});

	test('when an input is refused', async () => {
		const result = await runNode({
			parameters: { resource: 'campaign', operation: 'delete', campaignId: rl('={{ "abc" }}') },
		});

		expect(result.error?.message).toMatch(/Campaign ID/);
		expectNoKeyIn(result);
	});

	test('in the records of a list', async () => {
		mockEndpoint('GET', '/api/campaigns', listAnswer('campaigns', campaignRecords));

		const result = await runNode({ parameters: { resource: 'campaign', operation: 'getAll' } });

		expect(result.items).toHaveLength(2);
		expectNoKeyIn(result);
	});
});

describe('the key is redacted wherever the service puts it', () => {
	test('in a success message', async () => {
		mockEndpoint('PUT', '/api/pixel/3/update', {
			error: 0,
			message: `Pixel updated for key ${TEST_API_KEY}.`,
		});

		const result = await runNode({
			parameters: { resource: 'pixel', operation: 'update', pixelId: rl('3'), tag: 'T-3' },
		});

		expect(result.items.map((item) => item.json)).toEqual([
			{ success: true, message: 'Pixel updated for key ***.', pixelId: 3 },
		]);
		expectNoKeyIn(result);
	});

	test('in the records of a list, values and keys alike', async () => {
		mockEndpoint(
			'GET',
			'/api/campaigns',
			listAnswer('campaigns', [
				{ ...campaignRecords[0], list: `https://links.example.test/u/${TEST_API_KEY}` },
				{ ...campaignRecords[1], [TEST_API_KEY]: true },
			]),
		);

		const result = await runNode({ parameters: { resource: 'campaign', operation: 'getAll' } });

		expect(result.items[0].json.list).toBe('https://links.example.test/u/***');
		expect(result.items[1].json).toHaveProperty(['***'], true);
		expectNoKeyIn(result);
	});

	test('in every field of an error: message, description and context', async () => {
		mockEndpoint(
			'GET',
			'/api/account',
			{ error: 1, message: { apiKey: `${TEST_API_KEY} is not valid` } },
			{ status: 403 },
		);

		const result = await runNode({ parameters: { resource: 'account', operation: 'get' } });

		expect(result.error?.message).toBe('apiKey: *** is not valid [item 0]');
		expectNoKeyIn(result);
	});

	test('in a long answer that is cut short for the message: no part of the key shows', async () => {
		// The key straddles the point where the shown text is cut.
		mockEndpoint('GET', '/api/account', `${'x'.repeat(190)} ${TEST_API_KEY} is not valid`, {
			status: 500,
		});

		const result = await runNode({ parameters: { resource: 'account', operation: 'get' } });

		expect(result.error?.message).toMatch(
			/^The service answered HTTP 500 with text that is not JSON/,
		);
		expect(result.error?.message).toContain('x *** is n…');
		expect(result.error?.message).not.toContain(TEST_API_KEY.slice(0, 6));
		expectNoKeyIn(result);
	});
});

describe('a key stored with spaces around it', () => {
	const spaced = `  ${TEST_API_KEY}\n`;

	test('is sent trimmed, and still redacted', async () => {
		const endpoint = mockEndpoint('GET', '/api/account', {
			error: 1,
			message: `Key ${TEST_API_KEY} is disabled.`,
		});

		const result = await runNode({
			credentials: { baseUrl: TEST_BASE_URL, apiKey: spaced },
			parameters: { resource: 'account', operation: 'get' },
		});

		// mockEndpoint only answers `Authorization: Bearer <key>` exactly.
		expect(endpoint.requests).toHaveLength(1);
		expect(result.error?.message).toBe('Key *** is disabled. [item 0]');
		expectNoKeyIn(result);
	});
});

describe('redirects never carry the key to another origin', () => {
	let server: LocalServer | undefined;
	let elsewhere: LocalServer | undefined;
	afterEach(async () => {
		await server?.close();
		await elsewhere?.close();
		server = elsewhere = undefined;
	});

	test('a redirect to another origin is refused clearly; nothing reaches it', async () => {
		elsewhere = await localServer((_request, response) => response.end('{"error":0,"data":{}}'));
		const target = elsewhere.url;
		server = await localServer((_request, response) => {
			response.writeHead(302, { Location: `${target}/api/account` });
			response.end();
		});

		const result = await runNode({
			credentials: { baseUrl: server.url, apiKey: TEST_API_KEY },
			parameters: { resource: 'account', operation: 'get' },
		});

		expect(result.error?.message).toBe(
			`The Link Management service redirected the request to another address (${target}/api/account); it was not followed, so that the API key is not sent there [item 0]`,
		);
		expect(result.error?.description).toMatch(/Base URL/);
		expect(elsewhere.requests).toHaveLength(0);
		expect(server.requests).toHaveLength(1);
	});

	test('a redirect from http to https of the same host is another origin too', async () => {
		server = await localServer((request, response) => {
			response.writeHead(301, { Location: `https://127.0.0.1${request.url}` });
			response.end();
		});

		const result = await runNode({
			credentials: { baseUrl: server.url, apiKey: TEST_API_KEY },
			parameters: { resource: 'account', operation: 'get' },
		});

		expect(result.error?.message).toMatch(/redirected the request to another address/);
		expect(server.requests).toHaveLength(1);
	});

	test.each([[301], [302], [303]])(
		'a create redirected (HTTP %i) within the origin is not sent again',
		async (status) => {
			server = await localServer((_request, response) => {
				response.writeHead(status, { Location: '/v2/api/pixel/add' });
				response.end();
			});

			const result = await runNode({
				credentials: { baseUrl: server.url, apiKey: TEST_API_KEY },
				parameters: createForumPixel,
			});

			expect(result.error?.message).toBe(
				'The Link Management service answered POST /pixel/add with a redirect (to /v2/api/pixel/add); it was not followed [item 0]',
			);
			expect(result.error?.description).toMatch(/It was not sent again: the service may already/);
			expect(server.requests.map((request) => request.url)).toEqual(['/api/pixel/add']);
		},
	);

	test('a create answered 307 within the origin is sent again there, as the status asks', async () => {
		server = await localServer((request, response) => {
			if (request.url === '/api/pixel/add') {
				response.writeHead(307, { Location: '/v2/api/pixel/add' });
				response.end();
				return;
			}
			response.writeHead(200, { 'Content-Type': 'application/json' });
			response.end(JSON.stringify({ error: 0, id: 7 }));
		});

		const result = await runNode({
			credentials: { baseUrl: server.url, apiKey: TEST_API_KEY },
			parameters: createForumPixel,
		});

		expect(result.items.map((item) => item.json)).toEqual([{ id: 7 }]);
		expect(server.requests.map((request) => [request.method, request.url])).toEqual([
			['POST', '/api/pixel/add'],
			['POST', '/v2/api/pixel/add'],
		]);
	});

	test('a redirect within the same origin is followed, with the key', async () => {
		server = await localServer((request, response) => {
			if (request.url?.startsWith('/api/account')) {
				response.writeHead(307, { Location: '/v2/api/account' });
				response.end();
				return;
			}
			response.writeHead(200, { 'Content-Type': 'application/json' });
			response.end(JSON.stringify({ error: 0, data: { id: 1 } }));
		});

		const result = await runNode({
			credentials: { baseUrl: server.url, apiKey: TEST_API_KEY },
			parameters: { resource: 'account', operation: 'get' },
		});

		expect(result.items.map((item) => item.json)).toEqual([{ id: 1 }]);
		expect(server.requests.map((request) => request.url)).toEqual([
			'/api/account',
			'/v2/api/account',
		]);
		expect(server.requests[1].headers.authorization).toBe(AUTHORIZATION);
	});
});
