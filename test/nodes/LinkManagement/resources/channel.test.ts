import type { INodeParameters } from 'n8n-workflow';

import { runNode } from '../../../harness';
import {
	channelItemRecords,
	channelRecords,
	listAnswer,
	messageAnswer,
} from '../../../helpers/fixtures';
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

// One describe per operation of resources/channel/ in the node.
useServiceMocks();

describe('channel: getAll', () => {
	describeListOperation({
		parameters: { resource: 'channel', operation: 'getAll' },
		path: '/api/channels',
		collectionKey: 'channels',
		records: channelRecords,
	});
});

describe('channel: getItems', () => {
	describeListOperation({
		parameters: { resource: 'channel', operation: 'getItems', channelId: rl('41') },
		path: '/api/channel/41',
		collectionKey: 'items',
		records: channelItemRecords,
	});

	test('reads the items of a channel picked from the list', async () => {
		const endpoint = mockEndpoint(
			'GET',
			'/api/channel/42',
			listAnswer('items', channelItemRecords),
		);

		const result = await runNode({
			parameters: { resource: 'channel', operation: 'getItems', channelId: rl(' 42 ', 'list') },
		});

		expect(result.error).toBeUndefined();
		expect(endpoint.requests).toHaveLength(1);
		expect(result.items).toHaveLength(2);
	});

	itRefusesIdsThatAreNotPositiveWholeNumbers('Channel ID', (id) => ({
		resource: 'channel',
		operation: 'getItems',
		channelId: rl(id),
	}));
});

describe('channel: create', () => {
	const create = (parameters: INodeParameters): INodeParameters => ({
		resource: 'channel',
		operation: 'create',
		...parameters,
	});
	const answer = (body: Record<string, unknown>) => ({
		error: 0,
		id: 43,
		description: '',
		color: '',
		starred: false,
		...body,
	});

	test('sends POST /api/channel/add with name, description, color and starred, and outputs the channel without `error`', async () => {
		const endpoint = mockEndpoint('POST', '/api/channel/add', {
			error: 0,
			id: 43,
			name: 'Events',
			description: 'Links for events',
			color: '#1F6FEB',
			starred: true,
		});

		const result = await runNode({
			parameters: create({
				name: 'Events',
				additionalFields: { description: 'Links for events', color: '#1F6FEB', starred: true },
			}),
		});

		expect(result.error).toBeUndefined();
		expect(endpoint.requests).toEqual([
			{
				method: 'POST',
				path: '/api/channel/add',
				query: {},
				body: { name: 'Events', description: 'Links for events', color: '#1F6FEB', starred: true },
			},
		]);
		expect(result.items).toEqual([
			{
				json: {
					id: 43,
					name: 'Events',
					description: 'Links for events',
					color: '#1F6FEB',
					starred: true,
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	test('sends only the name when the additional fields are empty', async () => {
		const endpoint = mockEndpoint('POST', '/api/channel/add', answer({ name: 'Events' }));

		const result = await runNode({
			parameters: create({ name: 'Events', additionalFields: { description: '', color: '' } }),
		});

		expect(result.error).toBeUndefined();
		expect(endpoint.requests[0].body).toEqual({ name: 'Events' });
	});

	test.each([
		['#RGB', '#abc', '#AABBCC'],
		['#RGB upper case', '#F0A', '#FF00AA'],
		['#rrggbb', '#1f6feb', '#1F6FEB'],
		['#RRGGBB', '#00FF7F', '#00FF7F'],
		['a CSS color name', 'red', '#FF0000'],
		['a CSS color name in another case', 'SpringGreen', '#00FF7F'],
	])('sends a color given as %s as #RRGGBB', async (_form, color, sent) => {
		const endpoint = mockEndpoint(
			'POST',
			'/api/channel/add',
			answer({ name: 'Events', color: sent }),
		);

		const result = await runNode({
			parameters: create({ name: 'Events', additionalFields: { color } }),
		});

		expect(result.error).toBeUndefined();
		expect(endpoint.requests[0].body).toEqual({ name: 'Events', color: sent });
	});

	test.each([
		['"true"', expr('true'), true],
		['"false"', expr('false'), false],
		['false', false, false],
	])('sends starred given as %s as the JSON boolean %s', async (_label, starred, sent) => {
		const endpoint = mockEndpoint(
			'POST',
			'/api/channel/add',
			answer({ name: 'Events', starred: sent }),
		);

		const result = await runNode({
			parameters: create({ name: 'Events', additionalFields: { starred } }),
		});

		expect(result.error).toBeUndefined();
		expect(endpoint.requests[0].body).toEqual({ name: 'Events', starred: sent });
	});

	test.each(['', '   '])('refuses an empty name (%j) before sending a request', async (name) => {
		const { message } = await refusalOf({ parameters: create({ name }) });

		expect(message).toMatch(/Name/);
		expect(message).toMatch(/required|must not be empty/);
		expectNoRequestSent();
	});

	test.each(['rgb(1,2,3)', 'notacolor', 'transparent', '#1234', '#GGG', '1F6FEB'])(
		'refuses the color %j before sending a request',
		async (color) => {
			const { message } = await refusalOf({
				parameters: create({ name: 'Events', additionalFields: { color } }),
			});

			expect(message).toMatch(/Color/);
			expect(message).toMatch(/#RRGGBB or #RGB/);
			expectNoRequestSent();
		},
	);
});

describe('channel: assignItem', () => {
	const ASSIGNED = 'Item successfully added to the channel.';

	test.each(['links', 'bio', 'qr'])(
		'sends POST /api/channel/:channelid/assign/%s/:itemid without a body and outputs success with the three path values',
		async (itemType) => {
			const path = `/api/channel/41/assign/${itemType}/501`;
			const endpoint = mockEndpoint('POST', path, messageAnswer(ASSIGNED));

			const result = await runNode({
				parameters: {
					resource: 'channel',
					operation: 'assignItem',
					channelId: rl('41'),
					itemType,
					itemId: rl('501'),
				},
			});

			expect(result.error).toBeUndefined();
			expect(endpoint.requests).toEqual([{ method: 'POST', path, query: {}, body: undefined }]);
			expect(result.items).toEqual([
				{
					json: { success: true, message: ASSIGNED, channelId: 41, itemType, itemId: 501 },
					pairedItem: { item: 0 },
				},
			]);
		},
	);

	test('trims the IDs and takes the item type from an expression', async () => {
		const endpoint = mockEndpoint('POST', '/api/channel/42/assign/qr/31', messageAnswer(ASSIGNED));

		const result = await runNode({
			parameters: {
				resource: 'channel',
				operation: 'assignItem',
				channelId: rl(' 42 ', 'list'),
				itemType: '={{ $json.kind }}',
				itemId: rl(' 31 '),
			},
			items: [{ json: { kind: 'qr' } }],
		});

		expect(result.error).toBeUndefined();
		expect(endpoint.requests).toHaveLength(1);
		expect(result.items[0].json).toEqual({
			success: true,
			message: ASSIGNED,
			channelId: 42,
			itemType: 'qr',
			itemId: 31,
		});
	});

	test.each(['video', 'link', 'QR', ''])(
		'refuses the item type %j coming from an expression before sending a request',
		async (itemType) => {
			const { message } = await refusalOf({
				parameters: {
					resource: 'channel',
					operation: 'assignItem',
					channelId: rl('41'),
					itemType: expr(itemType),
					itemId: rl('501'),
				},
			});

			expect(message).toContain('Item Type');
			expect(message).toMatch(/links, bio, qr/);
			expectNoRequestSent();
		},
	);

	itRefusesIdsThatAreNotPositiveWholeNumbers('Channel ID', (id) => ({
		resource: 'channel',
		operation: 'assignItem',
		channelId: rl(id),
		itemType: 'links',
		itemId: rl('501'),
	}));

	itRefusesIdsThatAreNotPositiveWholeNumbers('Item ID', (id) => ({
		resource: 'channel',
		operation: 'assignItem',
		channelId: rl('41'),
		itemType: 'links',
		itemId: rl(id),
	}));
});

describe('channel: update', () => {
	const UPDATED = 'Channel has been updated successfully.';
	const update = (parameters: INodeParameters): INodeParameters => ({
		resource: 'channel',
		operation: 'update',
		channelId: rl('41'),
		...parameters,
	});

	test('sends PUT /api/channel/:id/update with the given fields and outputs success with the channel ID', async () => {
		const endpoint = mockEndpoint('PUT', '/api/channel/41/update', messageAnswer(UPDATED));

		const result = await runNode({
			parameters: update({
				updateFields: {
					name: 'Newsletter 2',
					description: 'Monthly mail',
					color: '#0a0',
					starred: false,
				},
			}),
		});

		expect(result.error).toBeUndefined();
		expect(endpoint.requests).toEqual([
			{
				method: 'PUT',
				path: '/api/channel/41/update',
				query: {},
				body: {
					name: 'Newsletter 2',
					description: 'Monthly mail',
					color: '#00AA00',
					starred: false,
				},
			},
		]);
		expect(result.items).toEqual([
			{ json: { success: true, message: UPDATED, channelId: 41 }, pairedItem: { item: 0 } },
		]);
	});

	test('leaves out empty fields and sends starred "true" from an expression as a boolean', async () => {
		const endpoint = mockEndpoint('PUT', '/api/channel/41/update', messageAnswer(UPDATED));

		const result = await runNode({
			parameters: update({
				updateFields: { name: '', description: ' ', color: '', starred: expr('true') },
			}),
		});

		expect(result.error).toBeUndefined();
		expect(endpoint.requests[0].body).toEqual({ starred: true });
	});

	test('sends a CSS color name as #RRGGBB', async () => {
		const endpoint = mockEndpoint('PUT', '/api/channel/41/update', messageAnswer(UPDATED));

		const result = await runNode({ parameters: update({ updateFields: { color: 'Green' } }) });

		expect(result.error).toBeUndefined();
		expect(endpoint.requests[0].body).toEqual({ color: '#008000' });
	});

	test.each(['rgb(0,0,0)', 'greenish', '#ABCD'])(
		'refuses the color %j before sending a request',
		async (color) => {
			const { message } = await refusalOf({ parameters: update({ updateFields: { color } }) });

			expect(message).toMatch(/Color/);
			expect(message).toMatch(/#RRGGBB or #RGB/);
			expectNoRequestSent();
		},
	);

	itRefusesIdsThatAreNotPositiveWholeNumbers('Channel ID', (id) =>
		update({ channelId: rl(id), updateFields: { name: 'Newsletter 2' } }),
	);
});

describe('channel: delete', () => {
	describeDeleteOperation({
		resource: 'channel',
		idParameter: 'channelId',
		idLabel: 'Channel ID',
		pathFor: (id) => `/api/channel/${id}/delete`,
		message: 'Channel has been deleted successfully.',
	});
});
