import { expr, itBehavesLike, operation, parametersOf, rl } from '../../../helpers';
import {
	channelItemRecords,
	channelRecords,
	listAnswer,
	messageAnswer,
} from '../../../helpers/fixtures';

// One describe per operation of resources/channel/ in the node.

const channel = parametersOf('channel');
const ASSIGNED = 'Item successfully added to the channel.';
const UPDATED = 'Channel has been updated successfully.';
const firstPage = { page: '1', limit: '50' };
const events = { error: 0, id: 43, name: 'Events', description: '', color: '', starred: false };

describe('channel: getAll', () => {
	const getAll = operation('GET /api/channels', channel('getAll'));
	itBehavesLike.aListOperation(getAll, { channels: channelRecords });
});

describe('channel: getItems', () => {
	const items = listAnswer('items', channelItemRecords);
	const parameters = channel('getItems', { channelId: rl('41') });
	const getItems = operation('GET /api/channel/:channelId', parameters, items, firstPage);

	itBehavesLike.aListOperation(getItems, { items: channelItemRecords });
	itBehavesLike.anOperationOnOneRecord(getItems, {
		label: 'Channel ID',
		output: () => channelItemRecords,
	});
});

describe('channel: create', () => {
	const create = operation('POST /api/channel/add', channel('create', { name: 'Events' }), events);
	const answering = (fields: Record<string, unknown>) => ({ answer: { ...events, ...fields } });

	test('sends POST /api/channel/add with its fields; outputs the channel', async () => {
		const fields = { description: 'Links for events', color: '#1F6FEB', starred: true };

		const { body, output } = await create.send({ additionalFields: fields }, answering(fields));

		expect(body).toEqual({ name: 'Events', ...fields });
		expect(output).toEqual([{ id: 43, name: 'Events', ...fields }]);
	});

	test('sends only the name when the additional fields are empty', async () => {
		const { body } = await create.send({ additionalFields: { description: '', color: '' } });

		expect(body).toEqual({ name: 'Events' });
	});

	const hexForms = [
		['#RGB', '#abc', '#AABBCC'],
		['#RGB upper case', '#F0A', '#FF00AA'],
		['#rrggbb', '#1f6feb', '#1F6FEB'],
		['#RRGGBB', '#00FF7F', '#00FF7F'],
	];
	const colorNames = [
		['a CSS color name', 'red', '#FF0000'],
		['a CSS color name in another case', 'SpringGreen', '#00FF7F'],
	];

	test.each([...hexForms, ...colorNames])(
		'sends a color given as %s as #RRGGBB',
		async (_, color, sent) => {
			const { body } = await create.send(
				{ additionalFields: { color } },
				answering({ color: sent }),
			);

			expect(body).toEqual({ name: 'Events', color: sent });
		},
	);

	test.each([
		['"true"', true, expr('true')],
		['"false"', false, expr('false')],
		['false', false, false],
	])('sends starred given as %s as the JSON boolean %s', async (_label, sent, starred) => {
		const fields = { additionalFields: { starred } };

		const { body } = await create.send(fields, answering({ starred: sent }));

		expect(body).toEqual({ name: 'Events', starred: sent });
	});

	test.each(['', '   '])('refuses an empty name (%j) before sending a request', async (name) => {
		await create.expectRefused({ name }, /Name/, /required|must not be empty/);
	});

	test.each(['rgb(1,2,3)', 'notacolor', 'transparent', '#1234', '#GGG', '1F6FEB'])(
		'refuses the color %j before sending a request',
		async (color) => {
			// Transparency is refused as such; its description lists the forms.
			const refused = color === 'transparent' ? /cannot be transparent/ : /#RRGGBB or #RGB/;
			await create.expectRefused({ additionalFields: { color } }, /^'Color'/, refused);
		},
	);
});

describe('channel: assignItem', () => {
	const linkInChannel41 = { channelId: rl('41'), itemType: 'links', itemId: rl('501') };
	const parameters = channel('assignItem', linkInChannel41);
	const request = 'POST /api/channel/:channelId/assign/:itemType/:itemId';
	const assignItem = operation(request, parameters, messageAnswer(ASSIGNED));
	const success = { success: true, message: ASSIGNED };

	test.each(['links', 'bio', 'qr'])(
		'sends POST /api/channel/:channelId/assign/%s/:itemId; outputs all three',
		async (itemType) => {
			const { body, output } = await assignItem.send({ itemType });

			expect(body).toBeUndefined();
			expect(output).toEqual([{ ...success, channelId: 41, itemType, itemId: 501 }]);
		},
	);

	test('trims the IDs and takes the item type from an expression', async () => {
		const { output } = await assignItem.send(
			{ channelId: rl(' 42 ', 'list'), itemType: '={{ $json.kind }}', itemId: rl(' 31 ') },
			{ request: 'POST /api/channel/42/assign/qr/31', items: [{ json: { kind: 'qr' } }] },
		);

		expect(output).toEqual([{ ...success, channelId: 42, itemType: 'qr', itemId: 31 }]);
	});

	test.each(['video', 'link', 'QR', ''])(
		'refuses the item type %j from an expression before sending a request',
		async (itemType) => {
			await assignItem.expectRefused({ itemType: expr(itemType) }, 'Item Type', /links, bio, qr/);
		},
	);

	itBehavesLike.anOperationOnOneRecord(assignItem, {
		label: 'Channel ID',
		output: (channelId) => ({ ...success, channelId, itemType: 'links', itemId: 501 }),
	});
	itBehavesLike.anOperationOnOneRecord(assignItem, {
		label: 'Item ID',
		parameter: 'itemId',
		output: (itemId) => ({ ...success, channelId: 41, itemType: 'links', itemId }),
	});
});

describe('channel: update', () => {
	const renamed = { updateFields: { name: 'Newsletter 2' } };
	const parameters = channel('update', { channelId: rl('41'), ...renamed });
	const request = 'PUT /api/channel/:channelId/update';
	const update = operation(request, parameters, messageAnswer(UPDATED));
	const newsletter = { name: 'Newsletter 2', description: 'Monthly mail' };

	test('sends PUT /api/channel/:channelId/update with its fields; outputs success', async () => {
		const { body, output } = await update.send({
			updateFields: { ...newsletter, color: '#0a0', starred: false },
		});

		expect(body).toEqual({ ...newsletter, color: '#00AA00', starred: false });
		expect(output).toEqual([{ success: true, message: UPDATED, channelId: 41 }]);
	});

	test('leaves out empty fields and sends starred "true" from an expression as true', async () => {
		const { body } = await update.send({
			updateFields: { name: '', description: ' ', color: '', starred: expr('true') },
		});

		expect(body).toEqual({ starred: true });
	});

	test('sends a CSS color name as #RRGGBB', async () => {
		const { body } = await update.send({ updateFields: { color: 'Green' } });

		expect(body).toEqual({ color: '#008000' });
	});

	test.each(['rgb(0,0,0)', 'greenish', '#ABCD'])(
		'refuses the color %j before sending a request',
		async (color) => {
			await update.expectRefused({ updateFields: { color } }, /Color/, /#RRGGBB or #RGB/);
		},
	);

	itBehavesLike.anOperationOnOneRecord(update, { label: 'Channel ID' });
});

describe('channel: delete', () => {
	itBehavesLike.aDeleteOperation('channel', 'DELETE /api/channel/:channelId/delete', 'Channel ID');
});
