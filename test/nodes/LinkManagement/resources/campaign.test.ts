import { runNode } from '../../../harness';
import { campaignRecords, listAnswer, messageAnswer } from '../../../helpers/fixtures';
import { describeDeleteOperation } from '../../../helpers/deleteOperation';
import { describeListOperation } from '../../../helpers/getMany';
import {
	expectNoRequestSent,
	expr,
	itRefusesIdsThatAreNotPositiveWholeNumbers,
	mockEndpoint,
	refusalOf,
	rl,
	useServiceMocks,
} from '../../../helpers/service';

// One describe per operation of resources/campaign/ in the node.
useServiceMocks();

describe('campaign: getAll', () => {
	describeListOperation({
		parameters: { resource: 'campaign', operation: 'getAll' },
		path: '/api/campaigns',
		collectionKey: 'campaigns',
		records: campaignRecords,
	});

	test('a list item that carries the campaign name under `domain` comes out with `name`', async () => {
		const fromService = {
			id: 13,
			domain: 'Black Friday',
			public: true,
			rotator: false,
			list: 'https://links.example.test/u/owner/black-friday',
		};
		mockEndpoint(
			'GET',
			'/api/campaigns',
			listAnswer('campaigns', [campaignRecords[0], fromService]),
		);

		const result = await runNode({ parameters: { resource: 'campaign', operation: 'getAll' } });

		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([
			{ json: campaignRecords[0], pairedItem: { item: 0 } },
			{
				json: {
					id: 13,
					name: 'Black Friday',
					public: true,
					rotator: false,
					list: 'https://links.example.test/u/owner/black-friday',
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	test('a list item with both `name` and `domain` keeps the name it has', async () => {
		const fromService = { ...campaignRecords[1], domain: 'Other text' };
		mockEndpoint('GET', '/api/campaigns', listAnswer('campaigns', [fromService]));

		const result = await runNode({ parameters: { resource: 'campaign', operation: 'getAll' } });

		expect(result.items.map((item) => item.json.name)).toEqual(['Newsletter']);
	});
});

const created = {
	error: 0,
	id: 15,
	domain: 'Summer Sale',
	public: true,
	rotator: 'https://links.example.test/r/summer-sale',
	list: 'https://links.example.test/u/owner/summer-sale',
};
const createdCampaign = {
	id: 15,
	name: 'Summer Sale',
	public: true,
	rotator: 'https://links.example.test/r/summer-sale',
	list: 'https://links.example.test/u/owner/summer-sale',
};

describe('campaign: create', () => {
	test('sends POST /api/campaign/add with name, slug and public, and outputs the campaign with `name` (not `error`)', async () => {
		const endpoint = mockEndpoint('POST', '/api/campaign/add', created);

		const result = await runNode({
			parameters: {
				resource: 'campaign',
				operation: 'create',
				additionalFields: { name: 'Summer Sale', slug: 'summer-sale', public: true },
			},
		});

		expect(result.error).toBeUndefined();
		expect(endpoint.requests).toEqual([
			{
				method: 'POST',
				path: '/api/campaign/add',
				query: {},
				body: { name: 'Summer Sale', slug: 'summer-sale', public: true },
			},
		]);
		expect(result.items).toEqual([{ json: createdCampaign, pairedItem: { item: 0 } }]);
	});

	test.each([
		['"true"', expr('true'), true],
		['"false"', expr('false'), false],
		['an expression giving false', '={{ 1 > 2 }}', false],
		['false', false, false],
	])('sends public given as %s as the JSON boolean %s', async (_label, value, sent) => {
		const endpoint = mockEndpoint('POST', '/api/campaign/add', { ...created, public: sent });

		const result = await runNode({
			parameters: {
				resource: 'campaign',
				operation: 'create',
				additionalFields: { name: 'Summer Sale', public: value },
			},
		});

		expect(result.error).toBeUndefined();
		expect(endpoint.requests[0].body).toEqual({ name: 'Summer Sale', public: sent });
	});

	test('leaves out collection fields that are empty', async () => {
		const endpoint = mockEndpoint('POST', '/api/campaign/add', { ...created, domain: '' });

		const result = await runNode({
			parameters: {
				resource: 'campaign',
				operation: 'create',
				additionalFields: { name: '', slug: '  ', public: false },
			},
		});

		expect(result.error).toBeUndefined();
		expect(endpoint.requests[0].body).toEqual({ public: false });
	});

	test('with no additional fields sends no fields at all', async () => {
		const endpoint = mockEndpoint('POST', '/api/campaign/add', { ...created, domain: 'Untitled' });

		const result = await runNode({ parameters: { resource: 'campaign', operation: 'create' } });

		expect(result.error).toBeUndefined();
		expect(endpoint.requests).toHaveLength(1);
		expect(endpoint.requests[0].body ?? {}).toEqual({});
		expect(result.items).toEqual([
			{ json: { ...createdCampaign, name: 'Untitled' }, pairedItem: { item: 0 } },
		]);
	});
});

const ASSIGNED = 'Link successfully added to the campaign.';

describe('campaign: assignLink', () => {
	test('sends POST /api/campaign/:campaignid/assign/:linkid without a body and outputs success with both IDs', async () => {
		const endpoint = mockEndpoint('POST', '/api/campaign/5/assign/77', messageAnswer(ASSIGNED));

		const result = await runNode({
			parameters: {
				resource: 'campaign',
				operation: 'assignLink',
				campaignId: rl('5'),
				linkId: rl('77'),
			},
		});

		expect(result.error).toBeUndefined();
		expect(endpoint.requests).toEqual([
			{ method: 'POST', path: '/api/campaign/5/assign/77', query: {}, body: undefined },
		]);
		expect(result.items).toEqual([
			{
				json: { success: true, message: ASSIGNED, campaignId: 5, linkId: 77 },
				pairedItem: { item: 0 },
			},
		]);
	});

	test('trims the IDs and accepts a campaign picked from the list', async () => {
		const endpoint = mockEndpoint('POST', '/api/campaign/12/assign/34', messageAnswer(ASSIGNED));

		const result = await runNode({
			parameters: {
				resource: 'campaign',
				operation: 'assignLink',
				campaignId: rl(' 12 ', 'list'),
				linkId: rl(' 34 '),
			},
		});

		expect(result.error).toBeUndefined();
		expect(endpoint.requests.map((request) => request.path)).toEqual([
			'/api/campaign/12/assign/34',
		]);
		expect(result.items[0].json).toEqual({
			success: true,
			message: ASSIGNED,
			campaignId: 12,
			linkId: 34,
		});
	});

	itRefusesIdsThatAreNotPositiveWholeNumbers('Campaign ID', (id) => ({
		resource: 'campaign',
		operation: 'assignLink',
		campaignId: rl(id),
		linkId: rl('77'),
	}));

	itRefusesIdsThatAreNotPositiveWholeNumbers('Link ID', (id) => ({
		resource: 'campaign',
		operation: 'assignLink',
		campaignId: rl('5'),
		linkId: rl(id),
	}));
});

const updated = {
	error: 0,
	id: 5,
	domain: 'Summer Sale 2',
	public: false,
	rotator: 'https://links.example.test/r/summer-2',
	list: 'https://links.example.test/u/owner/summer-2',
};

describe('campaign: update', () => {
	test('sends PUT /api/campaign/:id/update with name, slug and public, and outputs the campaign with `name`', async () => {
		const endpoint = mockEndpoint('PUT', '/api/campaign/5/update', updated);

		const result = await runNode({
			parameters: {
				resource: 'campaign',
				operation: 'update',
				campaignId: rl('5'),
				name: 'Summer Sale 2',
				updateFields: { slug: 'summer-2', public: false },
			},
		});

		expect(result.error).toBeUndefined();
		expect(endpoint.requests).toEqual([
			{
				method: 'PUT',
				path: '/api/campaign/5/update',
				query: {},
				body: { name: 'Summer Sale 2', slug: 'summer-2', public: false },
			},
		]);
		expect(result.items).toEqual([
			{
				json: {
					id: 5,
					name: 'Summer Sale 2',
					public: false,
					rotator: 'https://links.example.test/r/summer-2',
					list: 'https://links.example.test/u/owner/summer-2',
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	test('sends only the name when no update field is given, and public "true" from an expression as a boolean', async () => {
		const first = mockEndpoint('PUT', '/api/campaign/5/update', updated);
		await runNode({
			parameters: {
				resource: 'campaign',
				operation: 'update',
				campaignId: rl('5'),
				name: 'Summer Sale 2',
				updateFields: { slug: '' },
			},
		});
		expect(first.requests[0].body).toEqual({ name: 'Summer Sale 2' });

		const second = mockEndpoint('PUT', '/api/campaign/5/update', { ...updated, public: true });
		await runNode({
			parameters: {
				resource: 'campaign',
				operation: 'update',
				campaignId: rl('5'),
				name: 'Summer Sale 2',
				updateFields: { public: expr('true') },
			},
		});
		expect(second.requests[0].body).toEqual({ name: 'Summer Sale 2', public: true });
	});

	test.each(['', '   '])('refuses an empty name (%j) before sending a request', async (name) => {
		const { message } = await refusalOf({
			parameters: { resource: 'campaign', operation: 'update', campaignId: rl('5'), name },
		});
		expect(message).toMatch(/Name/);
		expect(message).toMatch(/required|must not be empty/);
		expectNoRequestSent();
	});

	itRefusesIdsThatAreNotPositiveWholeNumbers('Campaign ID', (id) => ({
		resource: 'campaign',
		operation: 'update',
		campaignId: rl(id),
		name: 'Summer Sale 2',
	}));
});

describe('campaign: delete', () => {
	describeDeleteOperation({
		resource: 'campaign',
		idParameter: 'campaignId',
		idLabel: 'Campaign ID',
		pathFor: (id) => `/api/campaign/${id}/delete`,
		message: 'Campaign has been deleted successfully.',
	});
});
