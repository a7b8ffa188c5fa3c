/**
 * How a service error and a refused input end an item: without Continue On Fail the node
 * fails with the service's own message; with it, the item becomes `{ error: message }`
 * paired with its input and the other items go on. Either way the message ends ` [item N]`
 * and the error carries n8n's `itemIndex` N, as n8n's own nodes do (each kind of failure, one
 * item of three: itemIndex.test.ts).
 */
import { createForumPixel, mockEndpoint, rl, runNode, unmatchedRequests } from '../../../helpers';
import {
	CAMPAIGN_DELETED as DELETED,
	CAMPAIGN_NOT_FOUND as NOT_FOUND,
	deleteCampaign,
} from '../../../helpers/campaignDeletes';
import {
	campaignRecords,
	channelItemRecords,
	errorAnswer,
	listAnswer,
	messageAnswer,
} from '../../../helpers/fixtures';

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
	const fromInput = deleteCampaign('={{ $json.campaign }}');

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
			parameters: deleteCampaign('={{ $json.campaign }}'),
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
