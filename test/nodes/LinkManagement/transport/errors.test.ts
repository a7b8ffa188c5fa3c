/**
 * How a service error and a refused input end an item: without Continue On Fail the node
 * fails with the service's own message; with it, the item becomes `{ error: message }`
 * paired with its input and the other items go on.
 */
import nock from 'nock';

import { runNode } from '../../../harness';
import {
	campaignRecords,
	channelItemRecords,
	errorAnswer,
	listAnswer,
	messageAnswer,
} from '../../../helpers/fixtures';
import { localServer } from '../../../helpers/localServer';
import { createForumPixel, mockEndpoint, rl, unmatchedRequests } from '../../../helpers/service';

const NOT_FOUND = 'Campaign not found.';
const DELETED = 'Campaign has been deleted successfully.';
const deleteCampaign = (campaignId: string) => ({
	resource: 'campaign',
	operation: 'delete',
	campaignId: rl(campaignId),
});

describe('an error answer fails the item with exactly the service message', () => {
	test.each([
		[200, 1],
		[404, 1],
		[400, 1],
		[200, '1'],
		[404, '1'],
		[200, 2],
	])('HTTP %s with error %j', async (status, error) => {
		mockEndpoint('DELETE', '/api/campaign/5/delete', { error, message: NOT_FOUND }, { status });

		const result = await runNode({ parameters: deleteCampaign('5') });

		expect(result.error?.message).toBe(NOT_FOUND);
		expect(result.items).toEqual([]);
	});

	test('for a create (POST) answered HTTP 200 with error 1', async () => {
		const endpoint = mockEndpoint(
			'POST',
			'/api/pixel/add',
			errorAnswer('A pixel with this tag already exists.'),
		);

		const result = await runNode({ parameters: createForumPixel });

		expect(endpoint.requests).toHaveLength(1);
		expect(result.error?.message).toBe('A pixel with this tag already exists.');
	});

	test('for a list whose answer has error "1"', async () => {
		mockEndpoint(
			'GET',
			'/api/campaigns',
			{ error: '1', message: 'API key is missing or expired.' },
			{ status: 401 },
		);

		const result = await runNode({ parameters: { resource: 'campaign', operation: 'getAll' } });

		expect(result.error?.message).toBe('API key is missing or expired.');
		expect(result.items).toEqual([]);
	});

	test('an HTTP 200 answer with error 0 is a success, also with error "0"', async () => {
		mockEndpoint('DELETE', '/api/campaign/5/delete', { error: '0', message: DELETED });

		const result = await runNode({ parameters: deleteCampaign('5') });

		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([
			{ json: { success: true, message: DELETED, campaignId: 5 }, pairedItem: { item: 0 } },
		]);
	});
});

describe('Continue On Fail', () => {
	const threeCampaigns = [
		{ json: { campaign: '1' } },
		{ json: { campaign: '2' } },
		{ json: { campaign: '3' } },
	];
	const fromInput = {
		resource: 'campaign',
		operation: 'delete',
		campaignId: rl('={{ $json.campaign }}'),
	};

	test('a service error on the middle of 3 items becomes { error } paired with it; the others go on', async () => {
		const first = mockEndpoint('DELETE', '/api/campaign/1/delete', messageAnswer(DELETED));
		const middle = mockEndpoint('DELETE', '/api/campaign/2/delete', errorAnswer(NOT_FOUND), {
			status: 404,
		});
		const last = mockEndpoint('DELETE', '/api/campaign/3/delete', messageAnswer(DELETED));

		const result = await runNode({
			parameters: fromInput,
			items: threeCampaigns,
			continueOnFail: true,
		});

		expect(result.error).toBeUndefined();
		expect([first, middle, last].map((endpoint) => endpoint.requests.length)).toEqual([1, 1, 1]);
		expect(result.items.map((item) => item.json)).toEqual([
			{ success: true, message: DELETED, campaignId: 1 },
			{ error: NOT_FOUND },
			{ success: true, message: DELETED, campaignId: 3 },
		]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
		]);
	});

	test('a refused ID on the middle of 3 items becomes { error } paired with it, without a request for it', async () => {
		mockEndpoint('DELETE', '/api/campaign/1/delete', messageAnswer(DELETED));
		mockEndpoint('DELETE', '/api/campaign/3/delete', messageAnswer(DELETED));
		const items = [
			{ json: { campaign: '1' } },
			{ json: { campaign: 'abc' } },
			{ json: { campaign: '3' } },
		];

		const result = await runNode({ parameters: fromInput, items, continueOnFail: true });

		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(3);
		expect(result.items[0].json).toEqual({ success: true, message: DELETED, campaignId: 1 });
		expect(Object.keys(result.items[1].json)).toEqual(['error']);
		expect(result.items[1].json.error).toMatch(/Campaign ID must be a positive whole number/);
		expect(result.items[2].json).toEqual({ success: true, message: DELETED, campaignId: 3 });
		expect(result.items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
		]);
		expect(unmatchedRequests()).toEqual([]);
	});

	test('a refused body field on the middle of 3 items becomes { error } paired with it', async () => {
		const answer = (color: string) => ({
			error: 0,
			id: 43,
			name: 'Events',
			description: '',
			color,
			starred: false,
		});
		const endpoint = mockEndpoint('POST', '/api/channel/add', answer('#111111'), { times: 2 });
		const items = [
			{ json: { color: '#111' } },
			{ json: { color: 'not a color' } },
			{ json: { color: '#222' } },
		];

		const result = await runNode({
			parameters: {
				resource: 'channel',
				operation: 'create',
				name: 'Events',
				additionalFields: { color: '={{ $json.color }}' },
			},
			items,
			continueOnFail: true,
		});

		expect(result.error).toBeUndefined();
		expect(endpoint.requests.map((request) => request.body)).toEqual([
			{ name: 'Events', color: '#111111' },
			{ name: 'Events', color: '#222222' },
		]);
		expect(result.items).toHaveLength(3);
		expect(Object.keys(result.items[1].json)).toEqual(['error']);
		expect(result.items[1].json.error).toMatch(/Color must be a color as #RRGGBB or #RGB/);
		expect(result.items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
		]);
	});

	test('for a list operation the error item is paired with the input that failed, the records with theirs', async () => {
		mockEndpoint(
			'GET',
			'/api/channel/41',
			{ error: 1, message: 'Channel not found.' },
			{ status: 404 },
		);
		mockEndpoint('GET', '/api/channel/42', listAnswer('items', channelItemRecords));

		const result = await runNode({
			parameters: {
				resource: 'channel',
				operation: 'getItems',
				channelId: rl('={{ $json.channel }}'),
			},
			items: [{ json: { channel: '41' } }, { json: { channel: '42' } }],
			continueOnFail: true,
		});

		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([
			expect.objectContaining({ json: { error: 'Channel not found.' }, pairedItem: { item: 0 } }),
			{ json: channelItemRecords[0], pairedItem: { item: 1 } },
			{ json: channelItemRecords[1], pairedItem: { item: 1 } },
		]);
	});

	test('a list whose later input fails keeps the earlier records paired with their input', async () => {
		mockEndpoint('GET', '/api/campaigns', listAnswer('campaigns', campaignRecords));
		const items = [{ json: { limit: 2 } }, { json: { limit: 0 } }];

		const result = await runNode({
			parameters: { resource: 'campaign', operation: 'getAll', limit: '={{ $json.limit }}' },
			items,
			continueOnFail: true,
		});

		expect(result.items.slice(0, 2)).toEqual([
			{ json: campaignRecords[0], pairedItem: { item: 0 } },
			{ json: campaignRecords[1], pairedItem: { item: 0 } },
		]);
		expect(result.items[2]).toEqual(expect.objectContaining({ pairedItem: { item: 1 } }));
		expect(result.items[2].json).toEqual({ error: expect.stringMatching(/Limit/) });
	});
});

describe('without Continue On Fail', () => {
	test('a failing middle item fails the node with the service message', async () => {
		mockEndpoint('DELETE', '/api/campaign/1/delete', messageAnswer(DELETED));
		mockEndpoint('DELETE', '/api/campaign/2/delete', errorAnswer(NOT_FOUND));
		mockEndpoint('DELETE', '/api/campaign/3/delete', messageAnswer(DELETED));

		const result = await runNode({
			parameters: {
				resource: 'campaign',
				operation: 'delete',
				campaignId: rl('={{ $json.campaign }}'),
			},
			items: [
				{ json: { campaign: '1' } },
				{ json: { campaign: '2' } },
				{ json: { campaign: '3' } },
			],
		});

		expect(result.error?.message).toBe(NOT_FOUND);
		expect(result.items).toEqual([]);
	});
});

describe("the service's words reach the user, wherever it puts them", () => {
	const getAccount = { resource: 'account', operation: 'get' };

	test.each([
		[
			'`message` as text',
			400,
			{ error: 1, message: 'The e-mail is already in use.' },
			'The e-mail is already in use.',
		],
		[
			'`message` as an object of field errors',
			400,
			{
				error: 1,
				message: { email: 'The e-mail is not valid.', password: ['Too short', 'No digit'] },
			},
			'email: The e-mail is not valid.; password: Too short; No digit',
		],
		['`error` as text', 401, { error: 'Invalid API key' }, 'Invalid API key'],
		[
			'a bad key as real installations answer it (HTTP 403)',
			403,
			{ error: 1, message: 'A valid API key is required to use this service.' },
			'A valid API key is required to use this service.',
		],
		[
			'a missing permission (`error: true`, HTTP 200)',
			200,
			{ error: true, message: 'You do not have permission to access this endpoint.' },
			'You do not have permission to access this endpoint.',
		],
		[
			'an error without words',
			500,
			{ error: 1 },
			'The service answered HTTP 500 with an error but without a message',
		],
	])('%s', async (_, status, body, message) => {
		mockEndpoint('GET', '/api/account', body, { status });

		const result = await runNode({ parameters: getAccount });

		expect(result.error?.message).toBe(message);
		expect(result.error?.httpCode).toBe(String(status));
	});

	test('a bad key says to check the API key', async () => {
		mockEndpoint(
			'GET',
			'/api/account',
			{ error: 1, message: 'A valid API key is required to use this service.' },
			{ status: 403 },
		);

		const result = await runNode({ parameters: getAccount });

		expect(result.error?.description).toMatch(/Check the credential's API key/);
	});

	test('an empty answer (HTTP 200) is a failure that says the answer was empty, never a success', async () => {
		mockEndpoint('PUT', '/api/pixel/404/update', '', { status: 200 });

		const result = await runNode({
			parameters: { resource: 'pixel', operation: 'update', pixelId: rl('404'), tag: 'T-1' },
		});

		expect(result.error?.message).toBe(
			'The service answered HTTP 200 with an empty answer instead of a result',
		);
		expect(result.error?.description).toMatch(/the record does not exist/);
		expect(result.items).toEqual([]);
	});

	test('an HTML error page is named with its status and title', async () => {
		mockEndpoint(
			'POST',
			'/api/qr/add',
			'<!DOCTYPE html><html><head><title>Whoops, something went wrong</title></head><body>…</body></html>',
			{ status: 500 },
		);

		const result = await runNode({
			parameters: {
				resource: 'qrCode',
				operation: 'create',
				type: 'link',
				data: 'https://example.com',
			},
		});

		expect(result.error?.message).toBe(
			'The service answered HTTP 500 with an HTML page ("Whoops, something went wrong") instead of JSON',
		);
		expect(result.error?.httpCode).toBe('500');
	});

	test.each([[500], [502], [503], [504]])(
		'a create answered HTTP %i fails once and says it was not sent again',
		async (status) => {
			const endpoint = mockEndpoint(
				'POST',
				'/api/qr/add',
				{ error: 1, message: 'Server error' },
				{
					status,
					times: 2,
				},
			);

			const result = await runNode({
				parameters: { resource: 'qrCode', operation: 'create', type: 'text', data: 'Hi' },
			});

			expect(result.error?.message).toBe('Server error');
			expect(result.error?.description).toContain(
				'It was not sent again: the service may already have applied it',
			);
			expect(endpoint.requests).toHaveLength(1);
			nock.cleanAll();
		},
	);

	test("an HTML 404 page (a wrong Base URL) says to check the credential's Base URL", async () => {
		mockEndpoint('GET', '/api/account', '<html><title>404 Not Found</title></html>', {
			status: 404,
		});

		const result = await runNode({ parameters: getAccount });

		expect(result.error?.message).toMatch(/HTTP 404 with an HTML page \("404 Not Found"\)/);
		expect(result.error?.description).toMatch(/check the credential's Base URL/);
	});
});

describe('connection failures name their cause', () => {
	const networkError = (code: string, message: string) =>
		Object.assign(new Error(message), { code });

	test('host name not found: said at once, not tried again', async () => {
		const scope = nock('https://links.example.test')
			.post('/api/pixel/add')
			.times(4)
			.replyWithError(networkError('ENOTFOUND', 'getaddrinfo ENOTFOUND links.example.test'));

		const result = await runNode({ parameters: createForumPixel });

		expect(result.error?.message).toBe(
			'Could not reach the Link Management service: the host name was not found',
		);
		expect(scope.pendingMocks()).toHaveLength(1); // one try, the interceptor still waits for 3 more
	});

	test('closed before an answer: a POST says it was not sent again', async () => {
		nock('https://links.example.test')
			.post('/api/pixel/add')
			.replyWithError(networkError('ECONNRESET', 'socket hang up'));

		const result = await runNode({ parameters: createForumPixel });

		expect(result.error?.message).toBe(
			'Could not reach the Link Management service: the connection was closed before an answer arrived',
		);
		expect(result.error?.description).toMatch(/It was not sent again/);
	});

	test('closed while the answer was arriving: a POST says it was not sent again', async () => {
		const server = await localServer((_request, response) => {
			response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '200' });
			response.write('{"error": 0, "id": ');
			setImmediate(() => response.socket?.destroy());
		});
		try {
			const result = await runNode({
				credentials: { baseUrl: server.url, apiKey: 'local-key-123' },
				parameters: createForumPixel,
			});

			expect(result.error?.message).toBe(
				'Could not reach the Link Management service: the connection was closed while the answer was arriving',
			);
			expect(result.error?.description).toMatch(/It was not sent again/);
			expect(server.requests).toHaveLength(1);
		} finally {
			await server.close();
		}
	});
});
