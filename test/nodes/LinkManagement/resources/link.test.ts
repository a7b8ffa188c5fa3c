import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { ListOf } from '../../../helpers';
import {
	expectFailsAfterListRead,
	expr,
	itBehavesLike,
	LIST_READ,
	listRead,
	operation,
	parametersOf,
	rl,
} from '../../../helpers';
import { linkRecords, linkStatistics, listAnswer } from '../../../helpers/fixtures';

// One describe per operation of resources/link/ in the node; Create or Update and Download QR
// Image have their own files (runner/). Links are the five routes of real installations.

const link = parametersOf('link');
const summer = linkRecords[0];
const DESTINATION = 'https://example.com/shop/summer';
const CREATED = { error: 0, id: 93, shorturl: 'https://go.example.com/x7Yz' };
/** The read-one answer for link `id`: its details and its statistics. */
const details = (id: number) => ({
	error: 0,
	details: { id, shorturl: summer.shorturl, longurl: summer.longurl, expiry: null },
	data: linkStatistics,
});
const byUrl = (value: string) => ({ __rl: true, mode: 'url', value });
/** A targeting field with one row. */
const rows = (row: Record<string, string>) => ({ targets: [row] });
/** Each Link field: a value as the editor or an expression gives it, and as it is sent. */
const LINK_FIELDS: Array<[field: string, given: INodeParameters[string], sent: unknown]> = [
	['custom', ' summer-sale ', 'summer-sale'],
	['password', ' s3cret ', ' s3cret '],
	['expiry', '2031-01-02T10:30:00', '2031-01-02 10:30:00'],
	['type', 'splash', 'splash'],
	['domain', rl('81', 'list'), 81],
	['campaign', rl(' 11 '), 11],
	['channel', rl('={{ 21 }}'), 21],
	['pixels', ['61', 62], [61, 62]],
	['status', 'public', 'public'],
	['description', 'June mailing', 'June mailing'],
	['metatitle', 'Summer sale', 'Summer sale'],
	['metadescription', 'All at half price', 'All at half price'],
	['metaimage', 'https://example.com/preview.jpg', 'https://example.com/preview.jpg'],
	[
		'geotarget',
		rows({ location: 'Canada', link: 'https://example.ca' }),
		[{ location: 'Canada', link: 'https://example.ca' }],
	],
	[
		'devicetarget',
		rows({ device: 'iPhone', link: 'https://e.example/ios' }),
		[{ device: 'iPhone', link: 'https://e.example/ios' }],
	],
	[
		'languagetarget',
		rows({ language: 'fr', link: 'https://example.fr' }),
		[{ language: 'fr', link: 'https://example.fr' }],
	],
	[
		'parameters',
		{ parameter: [{ name: 'utm_source', value: 'mail' }] },
		[{ name: 'utm_source', value: 'mail' }],
	],
	[
		'deeplink',
		{ apps: { apple: 'https://apps.apple.com/app/id1', google: '' } },
		{ apple: 'https://apps.apple.com/app/id1' },
	],
];
const given = (fields: typeof LINK_FIELDS) =>
	Object.fromEntries(fields.map(([f, value]) => [f, value]));
const sent = (fields: typeof LINK_FIELDS) =>
	Object.fromEntries(fields.map(([f, , value]) => [f, value]));

describe('link: getAll', () => {
	const getAll = operation('GET /api/urls', link('getAll'));
	itBehavesLike.aListOperation(getAll, { urls: linkRecords });

	test.each([
		[{ filters: { search: 'newsletter' } }, { q: 'newsletter' }],
		[{ filters: { alias: ' summer-sale ' } }, { short: ' summer-sale ' }],
		[{ sort: { order: 'clicks' } }, { order: 'click' }],
		[{ sort: { order: 'date' } }, { order: 'date' }],
		[
			{ filters: { search: 'newsletter' }, sort: { order: 'clicks' } },
			{ q: 'newsletter', order: 'click' },
		],
	])('sends %j as the query %j', async (parameters, sent) => {
		const answer = listAnswer('urls', linkRecords);
		const query = { ...sent, page: '1', limit: '50' };

		const { output } = await getAll.send(parameters, { answer, query });

		expect(output).toEqual(linkRecords);
	});

	test('refuses an order the service does not know before sending', async () => {
		await getAll.expectRefused({ sort: { order: expr('popular') } }, /Order By/, /date/);
	});
});

describe('link: get', () => {
	const get = operation('GET /api/url/:linkId', link('get', { linkId: rl('91') }), details(91));

	test('sends GET /api/url/:linkId; outputs the details with `statistics`', async () => {
		const { output } = await get.send();

		expect(output).toEqual([{ ...details(91).details, statistics: linkStatistics }]);
	});

	test("takes the installation's answer with a top-level id and no statistics", async () => {
		const answer = { error: 0, id: 91, details: { shorturl: summer.shorturl } };

		const { output } = await get.send({}, { answer });

		expect(output).toEqual([{ id: 91, shorturl: summer.shorturl, statistics: {} }]);
	});

	itBehavesLike.anOperationOnOneRecord(get, {
		label: 'Link ID',
		answer: details,
		output: (id) => ({ ...details(id).details, statistics: linkStatistics }),
	});
});

describe('link: get by short URL', () => {
	const get = operation('GET /api/url/:linkId', link('get'), details(91));
	const links: ListOf = ['GET /api/urls', 'urls'];
	/** The list read with this query, answering `records`. */
	const lookUp = (records: IDataObject[], query: Record<string, string>) => ({
		...listRead(links, records),
		query: { ...LIST_READ, ...query },
	});

	test('looks the alias up with `short`, then reads that link', async () => {
		const found = lookUp([summer], { short: 'summer-sale' });

		const { output } = await get.send(
			{ linkId: byUrl(' https://go.example.com/summer-sale/ ') },
			{ before: [found], request: 'GET /api/url/91' },
		);

		expect(output[0]).toMatchObject({ id: 91, shorturl: summer.shorturl });
	});

	test('reads the list where the service ignores `short`', async () => {
		// Asked for one alias, the service answers every link: the node searches them itself.
		const ignored = lookUp(linkRecords, { short: 'menu' });
		const list = lookUp(linkRecords, {});

		const { output } = await get.send(
			{ linkId: byUrl('https://go.example.com/menu?utm=x') },
			{ before: [ignored, list], request: 'GET /api/url/92', answer: details(92) },
		);

		expect(output[0]).toMatchObject({ id: 92 });
	});

	test('fails clearly when no link has the alias, sending nothing more', async () => {
		const message = await expectFailsAfterListRead(
			get.parameters({ linkId: byUrl('https://go.example.com/nothing') }),
			links,
			[],
		);

		expect(message).toBe(
			'\'Link ID\': no link with the alias "nothing" (from https://go.example.com/nothing) was found [item 0]',
		);
	});

	test('picks the link whose own short URL it is among links sharing an alias', async () => {
		const other = { ...summer, id: 95, shorturl: 'https://other.example/summer-sale' };
		const found = lookUp([other, summer], { short: 'summer-sale' });

		const { output } = await get.send(
			{ linkId: byUrl(summer.shorturl) },
			{ before: [found], request: 'GET /api/url/91' },
		);

		expect(output[0]).toMatchObject({ id: 91 });
	});

	test('refuses an address without an alias before sending', async () => {
		await get.expectRefused({ linkId: byUrl('https://go.example.com/') }, /Link ID/, /short URL/);
	});
});

describe('link: create', () => {
	const create = operation('POST /api/url/add', link('create', { url: DESTINATION }), CREATED);

	test('sends POST /api/url/add with the URL; outputs the id, `shorturl` and the URL sent as `longurl`', async () => {
		const { body, output } = await create.send();

		expect(body).toEqual({ url: DESTINATION });
		expect(output).toEqual([
			{ id: 93, shorturl: 'https://go.example.com/x7Yz', longurl: DESTINATION },
		]);
	});

	test('sends every Link field under its own key, converted', async () => {
		const { body } = await create.send({ additionalFields: given(LINK_FIELDS) });

		expect(body).toEqual({ url: DESTINATION, ...sent(LINK_FIELDS) });
	});

	test.each([
		['picked from the list', rl('71', 'list')],
		['given by ID', rl(' 71 ')],
		['given by an expression', rl('={{ 70 + 1 }}')],
	])('sends a CTA overlay %s as the redirect `type`', async (_, overlay) => {
		const { body } = await create.send({ additionalFields: { overlay } });
		expect(body).toEqual({ url: DESTINATION, type: 71 });
	});

	test('leaves out a picker added but left empty', async () => {
		const { body } = await create.send({
			additionalFields: { campaign: rl('', 'list'), domain: rl('  ') },
		});
		expect(body).toEqual({ url: DESTINATION });
	});

	test('sends pixel IDs given as text separated by commas as numbers', async () => {
		const { body } = await create.send({ additionalFields: { pixels: expr('61, 62,61') } });
		expect(body).toEqual({ url: DESTINATION, pixels: [61, 62] });
	});

	test("turns an expiry with an offset into the workflow's time zone", async () => {
		// The harness's workflow is in n8n's default time zone, America/New_York (UTC−5 in January).
		const { body } = await create.send({
			additionalFields: { expiry: expr('2031-01-02T15:30:00.000+00:00') },
		});
		expect(body).toEqual({ url: DESTINATION, expiry: '2031-01-02 10:30:00' });
	});

	const REFUSED: Record<string, [INodeParameters, RegExp]> = {
		'a URL without http(s)': [{ url: 'example.com/shop' }, /'URL' must be a full address/],
		'an alias with a space': [{ custom: 'summer sale' }, /'Alias' cannot be part .* a space/],
		'an alias with /': [{ custom: 'a/b' }, /'Alias' cannot be part .*"\/"/],
		'an alias with ?': [{ custom: 'a?b' }, /'Alias' cannot be part .*"\?"/],
		'an alias with #': [{ custom: 'a#b' }, /'Alias' cannot be part .*"#"/],
		'an expiry in the past': [{ expiry: '2020-01-01T00:00:00' }, /'Expiry' must be in the future/],
		'an expiry that is no date': [{ expiry: 'next week' }, /'Expiry' must be a date and time/],
		'an overlay and a type': [
			{ overlay: rl('71'), type: 'frame' },
			/^'Redirect Type' and 'CTA Overlay' were both given/,
		],
		'a GIF preview image': [{ metaimage: 'https://e.example/a.gif' }, /^'Preview Image' .*\.png/],
		'a domain by name': [{ domain: rl('go.example.com') }, /^'Branded Domain' .*positive whole/],
		'a campaign ID of 0': [{ campaign: rl('0', 'list') }, /^'Campaign' .*positive whole/],
		'a channel ID with a fraction': [{ channel: rl('4.5') }, /^'Channel' .*positive whole/],
		'a pixel ID that is no number': [{ pixels: ['61', 'x'] }, /^'Pixel Names or IDs' .*positive/],
		'a geo row without its URL': [
			{ geotarget: rows({ location: 'Canada', link: '' }) },
			/Geo .*row 1/,
		],
		'a device row without a device': [
			{ devicetarget: rows({ link: 'https://a.example' }) },
			/Device/,
		],
		'a target URL without http(s)': [
			{ languagetarget: rows({ language: 'fr', link: 'fr.example' }) },
			/row 1 Destination URL' must be a full address/,
		],
		'a parameter without its value': [
			{ parameters: { parameter: [{ name: 'utm', value: ' ' }] } },
			/^'Query Parameters': row 1 has no 'Value'/,
		],
		'a deep link without http(s)': [
			{ deeplink: { apps: { apple: 'itms://app' } } },
			/^'App Deep Links apple' must be a full address/,
		],
	};

	test.each(Object.entries(REFUSED))(
		'refuses %s before sending',
		async (_what, [fields, message]) => {
			const more = 'url' in fields ? fields : { additionalFields: fields };
			await create.expectRefused(more, message);
		},
	);

	test("fails with the service's words for a field the plan lacks", async () => {
		const refused = { error: 1, message: 'Your plan does not include geo targeting.' };
		const error = await create.failsOn(refused);

		expect(error?.message).toBe('Your plan does not include geo targeting. [item 0]');
	});
});

describe('link: update', () => {
	const parameters = link('update', { linkId: rl('91'), url: DESTINATION });
	const answer = { error: 0, id: 91, short: summer.shorturl };
	const update = operation('PUT /api/url/:linkId/update', parameters, answer);

	test('sends the URL with the fields; outputs the short URL as `shorturl`, the URL sent as `longurl`', async () => {
		const { body, output } = await update.send({ updateFields: { description: 'July' } });

		expect(body).toEqual({ url: DESTINATION, description: 'July' });
		expect(output).toEqual([{ id: 91, shorturl: summer.shorturl, longurl: DESTINATION }]);
	});

	test('refuses an update without the URL before sending', async () => {
		await update.expectRefused({ url: '' }, /URL/, /required/);
	});

	itBehavesLike.anOperationOnOneRecord(update, {
		label: 'Link ID',
		answer: (id) => ({ error: 0, id, short: summer.shorturl }),
		output: (id) => ({ id, shorturl: summer.shorturl, longurl: DESTINATION }),
	});
});

describe('link: delete', () => {
	itBehavesLike.aDeleteOperation('link', 'DELETE /api/url/:linkId/delete', 'Link ID');
});
