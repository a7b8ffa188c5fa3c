/**
 * How a service error and a refused input end an item: without Continue On Fail the node
 * fails with the service's own message; with it, the item becomes `{ error: message }`
 * paired with its input and the other items go on. Either way the message ends ` [item N]`
 * and the error carries n8n's `itemIndex` N, as n8n's own nodes do.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import {
	createForumPixel,
	mockEndpoint,
	rl,
	runNode,
	TEST_API_KEY,
	unmatchedRequests,
} from '../../../helpers';
import {
	campaignRecords,
	channelItemRecords,
	errorAnswer,
	listAnswer,
	messageAnswer,
} from '../../../helpers/fixtures';

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

		expect(result.error?.message).toBe(`${NOT_FOUND} [item 0]`);
		expect(result.error?.context?.itemIndex).toBe(0);
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
		expect(result.error?.message).toBe('A pixel with this tag already exists. [item 0]');
	});

	test('for a list whose answer has error "1"', async () => {
		mockEndpoint(
			'GET',
			'/api/campaigns',
			{ error: '1', message: 'API key is missing or expired.' },
			{ status: 401 },
		);

		const result = await runNode({ parameters: { resource: 'campaign', operation: 'getAll' } });

		expect(result.error?.message).toBe('API key is missing or expired. [item 0]');
		expect(result.items).toEqual([]);
	});

	test('an HTTP 200 answer with error 0 is a success, also with error "0"', async () => {
		mockEndpoint('DELETE', '/api/campaign/5/delete', { error: '0', message: DELETED });

		const result = await runNode({ parameters: deleteCampaign('5') });

		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([
			{ json: { deleted: true, campaignId: 5 }, pairedItem: { item: 0 } },
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

	test('a service error on the middle of 3 items becomes { error } for it; others go on', async () => {
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
			{ deleted: true, campaignId: 1 },
			{ error: `${NOT_FOUND} [item 1]` },
			{ deleted: true, campaignId: 3 },
		]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
		]);
	});

	test('a refused ID on the middle of 3 items becomes { error } for it, with no request', async () => {
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
		expect(result.items[0].json).toEqual({ deleted: true, campaignId: 1 });
		expect(Object.keys(result.items[1].json)).toEqual(['error']);
		expect(result.items[1].json.error).toBe(
			`'Campaign ID' must be a positive whole number (such as 42), but got "abc" [item 1]`,
		);
		expect(result.items[2].json).toEqual({ deleted: true, campaignId: 3 });
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
		expect(result.items[1].json.error).toMatch(
			/^'Color' must be a color as #RRGGBB or #RGB .* but got "not a color" \[item 1\]$/,
		);
		expect(result.items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
		]);
	});

	test('a list operation: the error item is paired with its input, records with theirs', async () => {
		mockEndpoint('GET', '/api/channel/41', errorAnswer('Channel not found.'), { status: 404 });
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
			expect.objectContaining({
				json: { error: 'Channel not found. [item 0]' },
				pairedItem: { item: 0 },
			}),
			{ json: channelItemRecords[0], pairedItem: { item: 1 } },
			{ json: channelItemRecords[1], pairedItem: { item: 1 } },
		]);
	});

	test('a list whose later input fails keeps earlier records paired with their input', async () => {
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
		expect(result.items[2].json).toEqual({
			error: expect.stringMatching(/^'Limit'.* \[item 1\]$/),
		});
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

		expect(result.error?.message).toBe(`${NOT_FOUND} [item 1]`);
		expect(result.error?.context?.itemIndex).toBe(1);
		expect(result.items).toEqual([]);
	});
});

describe("every error of an item ends ' [item N]' and carries n8n's itemIndex N", () => {
	const middleOfThree = (values: IDataObject[]) => values.map((json) => ({ json }));

	/**
	 * A run of 3 items in which only the middle one (item 1) fails: the refusal's parameters and
	 * inputs, the requests items 0 and 2 send, and what item 1's message says before its mark.
	 */
	interface MiddleItemFails {
		parameters: INodeParameters;
		items: INodeExecutionData[];
		/** Mocks the requests of the items that go through (and, for the service, item 1's). */
		serve: () => void;
		message: string | RegExp;
		/** The refusal is the node's own: it comes with a description saying what is wanted. */
		own: boolean;
	}

	const cases: Array<[string, MiddleItemFails]> = [
		[
			"the service's refusal (HTTP 404)",
			{
				parameters: {
					resource: 'campaign',
					operation: 'delete',
					campaignId: rl('={{ $json.campaign }}'),
				},
				items: middleOfThree([{ campaign: '1' }, { campaign: '2' }, { campaign: '3' }]),
				serve: () => {
					mockEndpoint('DELETE', '/api/campaign/1/delete', messageAnswer(DELETED));
					mockEndpoint('DELETE', '/api/campaign/2/delete', errorAnswer(NOT_FOUND), {
						status: 404,
					});
					mockEndpoint('DELETE', '/api/campaign/3/delete', messageAnswer(DELETED));
				},
				message: NOT_FOUND,
				own: false,
			},
		],
		[
			'an ID that is not a whole number',
			{
				parameters: {
					resource: 'campaign',
					operation: 'delete',
					campaignId: rl('={{ $json.campaign }}'),
				},
				items: middleOfThree([{ campaign: '1' }, { campaign: '2.5' }, { campaign: '3' }]),
				serve: () => {
					mockEndpoint('DELETE', '/api/campaign/1/delete', messageAnswer(DELETED));
					mockEndpoint('DELETE', '/api/campaign/3/delete', messageAnswer(DELETED));
				},
				message: `'Campaign ID' must be a positive whole number (such as 42), but got "2.5"`,
				own: true,
			},
		],
		[
			'a required field left empty',
			{
				parameters: {
					resource: 'channel',
					operation: 'create',
					name: '={{ $json.name }}',
				},
				items: middleOfThree([{ name: 'Events' }, { name: ' ' }, { name: 'Events' }]),
				serve: () => {
					mockEndpoint(
						'POST',
						'/api/channel/add',
						{ error: 0, id: 43, name: 'Events' },
						{ times: 2 },
					);
				},
				message: "'Name' is required and must not be empty",
				own: true,
			},
		],
		[
			'a plan without its expiration',
			{
				parameters: {
					resource: 'user',
					operation: 'create',
					username: '={{ $json.username }}',
					email: '={{ $json.username }}@example.com',
					password: 'secret-pass',
					additionalFields: { planId: '={{ $json.plan }}' },
				},
				items: middleOfThree([
					{ username: 'ada_1', plan: '' },
					{ username: 'ada_2', plan: '2' },
					{ username: 'ada_3', plan: '' },
				]),
				serve: () => {
					mockEndpoint('POST', '/api/user/add', { error: 0, userid: 9 }, { times: 2 });
				},
				message: "'Expiration' is missing: it is required with 'Plan'",
				own: true,
			},
		],
	];

	describe.each(cases)('%s', (_, { parameters, items, serve, message, own }) => {
		const expectMarked = (text: unknown) => {
			expect(text).toEqual(expect.stringMatching(/ \[item 1\]$/));
			const before = String(text).replace(/ \[item 1\]$/, '');
			if (typeof message === 'string') expect(before).toBe(message);
			else expect(before).toMatch(message);
			// n8n adds no mark of its own, and the node adds it once.
			expect(before).not.toMatch(/\[item \d+\]/);
		};

		test('without Continue On Fail: the node fails with item 1, named in the message and the error', async () => {
			serve();

			const result = await runNode({ parameters, items });

			expect(result.items).toEqual([]);
			expectMarked(result.error?.message);
			expect(result.error?.context?.itemIndex).toBe(1);
			if (own) expect(result.error?.description).toMatch(/^(Give|Fill|Add|Choose) /);
			expect(JSON.stringify(result.run.data.resultData)).not.toContain(TEST_API_KEY);
		});

		test('with Continue On Fail: item 1 becomes { error } paired with it, items 0 and 2 go on', async () => {
			serve();

			const result = await runNode({ parameters, items, continueOnFail: true });

			expect(result.error).toBeUndefined();
			expect(result.items.map((item) => item.pairedItem)).toEqual([
				{ item: 0 },
				{ item: 1 },
				{ item: 2 },
			]);
			expect(Object.keys(result.items[1].json)).toEqual(['error']);
			expectMarked(result.items[1].json.error);
			for (const other of [result.items[0], result.items[2]]) {
				expect(other.json).not.toHaveProperty('error');
			}
			expect(unmatchedRequests()).toEqual([]);
		});
	});

	test("an error the items share (a Create or Update's list read once) names each item its own", async () => {
		const list = mockEndpoint('GET', '/api/pixels', errorAnswer('API key is missing or expired.'), {
			status: 401,
		});
		const names = ['Main site tags', 'Checkout tags', 'Blog tags'];

		const result = await runNode({
			parameters: {
				resource: 'pixel',
				operation: 'upsert',
				type: 'tagmgrpixel',
				name: '={{ $json.name }}',
				tag: 'GTM-ABC123',
			},
			items: names.map((name) => ({ json: { name } })),
			continueOnFail: true,
		});

		expect(list.requests).toHaveLength(1);
		expect(result.items.map(({ json }) => json)).toEqual([
			{ error: 'API key is missing or expired. [item 0]' },
			{ error: 'API key is missing or expired. [item 1]' },
			{ error: 'API key is missing or expired. [item 2]' },
		]);
		expect(result.items.map(({ error }) => error?.context?.itemIndex)).toEqual([0, 1, 2]);
	});

	test("the service's refusal keeps its description, with the request, and the index in its context", async () => {
		mockEndpoint('DELETE', '/api/campaign/5/delete', errorAnswer(NOT_FOUND), { status: 404 });

		const result = await runNode({ parameters: deleteCampaign('5') });

		expect(result.error?.description).toMatch(
			/answered DELETE \/campaign\/5\/delete with HTTP 404/,
		);
		expect(result.error?.context).toEqual({ itemIndex: 0 });
	});
});
