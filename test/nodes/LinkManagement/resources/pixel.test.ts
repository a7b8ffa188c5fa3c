import type { INodeParameters } from 'n8n-workflow';

import { runNode } from '../../../harness';
import { messageAnswer, pixelRecords, PIXEL_TYPES } from '../../../helpers/fixtures';
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

// One describe per operation of resources/pixel/ in the node.
useServiceMocks();

describe('pixel: getAll', () => {
	describeListOperation({
		parameters: { resource: 'pixel', operation: 'getAll' },
		path: '/api/pixels',
		collectionKey: 'pixels',
		records: pixelRecords,
	});
});

describe('pixel: create', () => {
	const create = (parameters: INodeParameters): INodeParameters => ({
		resource: 'pixel',
		operation: 'create',
		type: 'tagmgrpixel',
		name: 'Main site tags',
		tag: 'GTM-ABC123',
		...parameters,
	});

	test('sends POST /api/pixel/add with type, name and tag, and outputs what the service returned without `error`', async () => {
		const endpoint = mockEndpoint('POST', '/api/pixel/add', { error: 0, id: 63 });

		const result = await runNode({ parameters: create({}) });

		expect(result.error).toBeUndefined();
		expect(endpoint.requests).toEqual([
			{
				method: 'POST',
				path: '/api/pixel/add',
				query: {},
				body: { type: 'tagmgrpixel', name: 'Main site tags', tag: 'GTM-ABC123' },
			},
		]);
		expect(result.items).toEqual([{ json: { id: 63 }, pairedItem: { item: 0 } }]);
	});

	test.each(PIXEL_TYPES)('accepts the pixel type %s and sends it as given', async (type) => {
		const endpoint = mockEndpoint('POST', '/api/pixel/add', { error: 0, id: 63 });

		const result = await runNode({ parameters: create({ type: expr(type) }) });

		expect(result.error).toBeUndefined();
		expect(endpoint.requests[0].body).toEqual({ type, name: 'Main site tags', tag: 'GTM-ABC123' });
	});

	test.each(['video', 'facebookpixel', 'TAGMGRPIXEL'])(
		'refuses the pixel type %j coming from an expression before sending a request',
		async (type) => {
			const { message } = await refusalOf({ parameters: create({ type: expr(type) }) });

			expect(message).toMatch(/Type/);
			expect(message).toMatch(/must be one of/);
			for (const allowed of PIXEL_TYPES) expect(message).toContain(allowed);
			expectNoRequestSent();
		},
	);

	test.each([
		['name', ''],
		['name', '  '],
		['tag', ''],
		['tag', '  '],
	])('refuses an empty %s (%j) before sending a request', async (field, value) => {
		const { message } = await refusalOf({ parameters: create({ [field]: value }) });

		expect(message).toMatch(field === 'name' ? /Name/ : /Tag/);
		expect(message).toMatch(/required|must not be empty/);
		expectNoRequestSent();
	});
});

describe('pixel: update', () => {
	const UPDATED = 'Pixel has been updated successfully.';
	const update = (parameters: INodeParameters): INodeParameters => ({
		resource: 'pixel',
		operation: 'update',
		pixelId: rl('61'),
		tag: 'GTM-NEW456',
		...parameters,
	});

	test('sends PUT /api/pixel/:id/update with tag and name, and outputs success with the pixel ID', async () => {
		const endpoint = mockEndpoint('PUT', '/api/pixel/61/update', messageAnswer(UPDATED));

		const result = await runNode({
			parameters: update({ updateFields: { name: 'Renamed tags' } }),
		});

		expect(result.error).toBeUndefined();
		expect(endpoint.requests).toEqual([
			{
				method: 'PUT',
				path: '/api/pixel/61/update',
				query: {},
				body: { tag: 'GTM-NEW456', name: 'Renamed tags' },
			},
		]);
		expect(result.items).toEqual([
			{ json: { success: true, message: UPDATED, pixelId: 61 }, pairedItem: { item: 0 } },
		]);
	});

	test('sends only the tag when the name is left empty', async () => {
		const endpoint = mockEndpoint('PUT', '/api/pixel/62/update', messageAnswer(UPDATED));

		const result = await runNode({
			parameters: update({ pixelId: rl('62', 'list'), updateFields: { name: '' } }),
		});

		expect(result.error).toBeUndefined();
		expect(endpoint.requests[0].body).toEqual({ tag: 'GTM-NEW456' });
		expect(result.items[0].json).toEqual({ success: true, message: UPDATED, pixelId: 62 });
	});

	test.each(['', '   '])('refuses an empty tag (%j) before sending a request', async (tag) => {
		const { message } = await refusalOf({ parameters: update({ tag }) });

		expect(message).toMatch(/Tag/);
		expect(message).toMatch(/required|must not be empty/);
		expectNoRequestSent();
	});

	itRefusesIdsThatAreNotPositiveWholeNumbers('Pixel ID', (id) => update({ pixelId: rl(id) }));
});

describe('pixel: delete', () => {
	describeDeleteOperation({
		resource: 'pixel',
		idParameter: 'pixelId',
		idLabel: 'Pixel ID',
		pathFor: (id) => `/api/pixel/${id}/delete`,
		message: 'Pixel has been deleted successfully.',
	});
});
