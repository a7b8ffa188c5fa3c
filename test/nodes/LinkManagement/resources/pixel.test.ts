import { expr, itBehavesLike, operation, parametersOf, rl } from '../../../helpers';
import { messageAnswer, pixelRecords, PIXEL_TYPE_VALUES } from '../../../helpers/fixtures';

// One describe per operation of resources/pixel/ in the node.

const pixel = parametersOf('pixel');
const mainSiteTags = { type: 'tagmgrpixel', name: 'Main site tags', tag: 'GTM-ABC123' };
const CREATED = { error: 0, id: 63 };
const UPDATED = 'Pixel has been updated successfully.';

describe('pixel: getAll', () => {
	const getAll = operation('GET /api/pixels', pixel('getAll'));
	itBehavesLike.aListOperation(getAll, { pixels: pixelRecords });
});

describe('pixel: create', () => {
	const create = operation('POST /api/pixel/add', pixel('create', mainSiteTags), CREATED);

	test('sends POST /api/pixel/add with type, name and tag; outputs the answer', async () => {
		const { body, output } = await create.send();
		expect(body).toEqual(mainSiteTags);
		expect(output).toEqual([{ id: 63 }]);
	});

	test.each(PIXEL_TYPE_VALUES)('accepts the pixel type %s and sends it as given', async (type) => {
		const { body } = await create.send({ type: expr(type) });
		expect(body).toEqual({ ...mainSiteTags, type });
	});

	test.each(['video', 'facebookpixel', 'TAGMGRPIXEL'])(
		'refuses the pixel type %j from an expression',
		async (type) => {
			await create.expectRefused(
				{ type: expr(type) },
				/Type/,
				/must be one of/,
				...PIXEL_TYPE_VALUES,
			);
		},
	);

	test.each([
		['name', ''],
		['name', '  '],
		['tag', ''],
		['tag', '  '],
	])('refuses an empty %s (%j) before sending a request', async (field, value) => {
		const label = field === 'name' ? /Name/ : /Tag/;
		await create.expectRefused({ [field]: value }, label, /required|must not be empty/);
	});
});

describe('pixel: update', () => {
	const parameters = pixel('update', { pixelId: rl('61'), tag: 'GTM-NEW456' });
	const update = operation('PUT /api/pixel/:pixelId/update', parameters, messageAnswer(UPDATED));

	test('sends PUT /api/pixel/:pixelId/update with tag and name; outputs success', async () => {
		const { body, output } = await update.send({ updateFields: { name: 'Renamed tags' } });
		expect(body).toEqual({ tag: 'GTM-NEW456', name: 'Renamed tags' });
		expect(output).toEqual([{ success: true, message: UPDATED, pixelId: 61 }]);
	});

	test('sends only the tag when the name is left empty', async () => {
		const picked = { pixelId: rl('62', 'list'), updateFields: { name: '' } };
		const { body, output } = await update.send(picked);
		expect(body).toEqual({ tag: 'GTM-NEW456' });
		expect(output).toEqual([{ success: true, message: UPDATED, pixelId: 62 }]);
	});

	test.each(['', '   '])('refuses an empty tag (%j) before sending a request', async (tag) => {
		await update.expectRefused({ tag }, /Tag/, /required|must not be empty/);
	});

	itBehavesLike.anOperationOnOneRecord(update, { label: 'Pixel ID' });
});

describe('pixel: delete', () => {
	itBehavesLike.aDeleteOperation('pixel', 'DELETE /api/pixel/:pixelId/delete', 'Pixel ID');
});
