import type { IDataObject } from 'n8n-workflow';

import {
	expectFailsAfterListRead,
	itBehavesLike,
	jsonOf,
	listRead,
	mockEndpoint,
	onlyTheListRead,
	operation,
	parametersOf,
	runNode,
} from '../../../helpers';
import type { ListOf } from '../../../helpers';
import {
	campaignRecords,
	channelRecords,
	domainRecords,
	listAnswer,
	messageAnswer,
	pixelRecords,
	qrRecords,
} from '../../../helpers/fixtures';

// "Create or Update" (resources/<resource>/upsert.ts) of every resource: what all of them do
// (test/helpers/createOrUpdate.ts), then what each does of its own. How the items of one run share
// the list, and what a run costs: ../runner/upsert.test.ts and ../records/recordIndex.test.ts.

const updated = (what: string) => messageAnswer(`${what} has been updated successfully.`);
const success = (what: string) => ({
	success: true,
	message: `${what} has been updated successfully.`,
});

describe('pixel: upsert', () => {
	const pixel = parametersOf('pixel');
	const mainSiteTags = { type: 'tagmgrpixel', name: 'Main site tags', tag: 'GTM-ABC123' };
	const pixels: ListOf = ['GET /api/pixels', 'pixels'];
	const [listed, analytics] = pixelRecords;

	itBehavesLike.aCreateOrUpdateOperation({
		parameters: pixel('upsert', mainSiteTags),
		list: pixels,
		listed,
		created: {
			request: 'POST /api/pixel/add',
			parameters: { name: 'Checkout tags' },
			body: { ...mainSiteTags, name: 'Checkout tags' },
			answer: { error: 0, id: 63 },
			output: { id: 63 },
		},
		updated: {
			request: 'PUT /api/pixel/61/update',
			parameters: { tag: 'GTM-NEW456' },
			// The service keeps a pixel's type: never sent.
			body: { name: 'Main site tags', tag: 'GTM-NEW456' },
			answer: updated('Pixel'),
			output: success('Pixel'),
		},
	});

	test('Match On Tag: the pixel with the tag is found, and renamed', async () => {
		const byTag = { matchOn: 'tag', ...analytics, name: 'Analytics (all pages)' };
		const update = operation('PUT /api/pixel/62/update', pixel('upsert', byTag), updated('Pixel'));

		const sent = await update.send({}, { before: [listRead(pixels, pixelRecords)] });

		expect(sent.body).toEqual({ name: 'Analytics (all pages)', tag: 'G-XYZ987' });
		expect(sent.output).toEqual([{ id: 62, ...success('Pixel'), outcome: 'updated' }]);
	});

	test('Match On Tag: a pixel with the name but another tag is not it', async () => {
		const byTag = { matchOn: 'tag', ...mainSiteTags, tag: 'GTM-OTHER1' };
		const create = operation('POST /api/pixel/add', pixel('upsert', byTag), { error: 0, id: 63 });

		const sent = await create.send({}, { before: [listRead(pixels, pixelRecords)] });

		expect(sent.body).toEqual({ ...mainSiteTags, tag: 'GTM-OTHER1' });
	});

	test('a type other than the listed one fails naming Type; nothing sent', async () => {
		const message = await expectFailsAfterListRead(
			pixel('upsert', { ...mainSiteTags, type: 'analyticspixel' }),
			pixels,
			pixelRecords,
			/^'Type' cannot be changed by an update/,
			'(ID 61) has type "tagmgrpixel", not "analyticspixel"',
		);
		expect(message).toMatch(/Nothing was sent/);
	});
});

describe('channel: upsert', () => {
	const channel = parametersOf('channel');
	const [listed] = channelRecords;
	const details = { description: 'Links sent by mail', color: '#1F6FEB', starred: true };
	const channels: ListOf = ['GET /api/channels', 'channels'];
	const events = { error: 0, id: 43, name: 'Events', ...details };

	itBehavesLike.aCreateOrUpdateOperation({
		parameters: channel('upsert', { name: 'Newsletter', additionalFields: details }),
		list: channels,
		listed,
		created: {
			request: 'POST /api/channel/add',
			parameters: { name: 'Events' },
			body: { name: 'Events', ...details },
			answer: events,
			output: { id: 43, name: 'Events', ...details },
		},
		updated: {
			request: 'PUT /api/channel/41/update',
			parameters: { additionalFields: { ...details, color: 'red' } },
			body: { name: 'Newsletter', ...details, color: '#FF0000' },
			answer: updated('Channel'),
			output: success('Channel'),
		},
		writtenAs: {
			what: 'a color in other case, yes as 1',
			record: { ...listed, color: '#1f6feb', starred: 1 },
		},
	});
});

describe('campaign: upsert', () => {
	const campaign = parametersOf('campaign');
	const [listed] = campaignRecords;
	const { name, ...unnamed } = listed;
	const underDomain = { ...unnamed, domain: name };
	const campaigns: ListOf = ['GET /api/campaigns', 'campaigns'];
	const autumn = {
		id: 13,
		public: true,
		rotator: false,
		list: 'https://links.example.test/u/owner/autumn-sale',
	};
	const parameters = campaign('upsert', {
		name: 'Summer Sale',
		additionalFields: { public: true },
	});

	itBehavesLike.aCreateOrUpdateOperation({
		parameters,
		list: campaigns,
		listed,
		created: {
			request: 'POST /api/campaign/add',
			parameters: { name: 'Autumn Sale' },
			body: { name: 'Autumn Sale', public: true },
			// The reference's create answers the name under `domain`.
			answer: { error: 0, ...autumn, domain: 'Autumn Sale' },
			output: { ...autumn, name: 'Autumn Sale' },
		},
		updated: {
			request: 'PUT /api/campaign/11/update',
			parameters: { additionalFields: { public: false } },
			body: { name: 'Summer Sale', public: false },
			answer: { error: 0, ...listed, name: undefined, domain: 'Summer Sale', public: false },
			output: { ...listed, public: false },
		},
		writtenAs: { what: 'the name under `domain`', record: underDomain, output: listed },
	});

	describe('the slug, which the list shows as the last part of the rotator address', () => {
		const withSlug = (slug: string) =>
			campaign('upsert', { name: 'Summer Sale', additionalFields: { public: true, slug } });

		test('the same slug (and name and visibility): no request after the list, unchanged', async () => {
			const read = onlyTheListRead(campaigns, withSlug('summer-sale'), [listed]);

			const sent = await read.send();

			expect(sent.output).toEqual([{ ...listed, outcome: 'unchanged' }]);
		});

		test('another slug: updated with it', async () => {
			const update = operation('PUT /api/campaign/11/update', withSlug('summer-2025'), {
				error: 0,
				...listed,
				rotator: 'https://links.example.test/r/summer-2025',
			});

			const sent = await update.send({}, { before: [listRead(campaigns, [listed])] });

			expect(sent.body).toEqual({ name: 'Summer Sale', public: true, slug: 'summer-2025' });
			expect(sent.output[0]).toMatchObject({ id: 11, outcome: 'updated' });
		});

		test('a campaign without a rotator address (rotator false): updated with the slug', async () => {
			const noRotator = { ...listed, rotator: false };
			const update = operation('PUT /api/campaign/11/update', withSlug('summer-sale'), {
				error: 0,
				...listed,
			});

			const sent = await update.send({}, { before: [listRead(campaigns, [noRotator])] });

			expect(sent.body).toEqual({ name: 'Summer Sale', public: true, slug: 'summer-sale' });
		});

		test('a later row with the slug an earlier row set: unchanged, one update in all', async () => {
			mockEndpoint('GET', '/api/campaigns', listAnswer('campaigns', [listed]));
			const update = mockEndpoint('PUT', '/api/campaign/11/update', { error: 0, ...listed });

			const result = await runNode({
				parameters: withSlug('summer-2025'),
				items: [{ json: {} }, { json: {} }],
			});

			expect(update.requests).toHaveLength(1);
			expect(jsonOf(result).map((item) => item.outcome)).toEqual(['updated', 'unchanged']);
		});
	});

	test('a later row finds the campaign an earlier row made: named, no `domain`', async () => {
		mockEndpoint('GET', '/api/campaigns', listAnswer('campaigns', []));
		const answer = { error: 0, ...autumn, domain: 'Autumn Sale' };
		const create = mockEndpoint('POST', '/api/campaign/add', answer);
		const autumnSale = campaign('upsert', {
			name: 'Autumn Sale',
			additionalFields: { public: true },
		});

		const result = await runNode({ parameters: autumnSale, items: [{ json: {} }, { json: {} }] });

		expect(create.requests).toHaveLength(1);
		expect(jsonOf(result)).toEqual([
			{ ...autumn, name: 'Autumn Sale', outcome: 'created' },
			{ ...autumn, name: 'Autumn Sale', outcome: 'unchanged' },
		]);
	});
});

describe('domain: upsert', () => {
	const domain = parametersOf('domain');
	const [listed] = domainRecords;
	const domains: ListOf = ['GET /api/domains', 'domains'];
	const redirects = { redirectroot: 'https://example.com', redirect404: 'https://example.com/404' };
	const moved = { ...redirects, redirectroot: 'https://example.com/home' };
	const goExample = domain('upsert', {
		domain: 'https://go.example.com',
		additionalFields: redirects,
	});

	itBehavesLike.aCreateOrUpdateOperation({
		parameters: goExample,
		list: domains,
		key: { parameter: 'domain', shownAs: 'domain', label: 'Domain' },
		listed,
		created: {
			request: 'POST /api/domain/add',
			parameters: { domain: 'https://l.example.net' },
			body: { domain: 'https://l.example.net', ...redirects },
			answer: { error: 0, id: 83 },
			output: { id: 83 },
		},
		updated: {
			request: 'PUT /api/domain/81/update',
			parameters: { additionalFields: moved },
			// A domain's address cannot change: it is never sent.
			body: moved,
			answer: updated('Domain'),
			output: success('Domain'),
		},
	});

	test.each(['HTTPS://GO.EXAMPLE.COM', 'https://go.example.com/', ' https://Go.Example.com// '])(
		'the domain %j is the listed https://go.example.com',
		async (address) => {
			const update = operation('PUT /api/domain/81/update', goExample, updated('Domain'));

			const sent = await update.send(
				{ domain: address, additionalFields: moved },
				{ before: [listRead(domains, domainRecords)] },
			);

			expect(sent.body).toEqual(moved);
		},
	);

	test('only the address, and the domain exists: nothing to send, unchanged', async () => {
		const read = onlyTheListRead(domains, goExample, domainRecords);

		const sent = await read.send({ additionalFields: {} });

		expect(sent.output).toEqual([{ ...listed, outcome: 'unchanged' }]);
	});
});

describe('qrCode: upsert', () => {
	const qrCode = parametersOf('qrCode');
	const [listed] = qrRecords;
	const qrs: ListOf = ['GET /api/qr', 'qrs'];
	const shopWindow = { name: 'Shop window', type: 'link', data: 'https://example.com/shop' };
	const counter = { id: 33, link: 'https://links.example.test/qr/g7h8i9' };

	itBehavesLike.aCreateOrUpdateOperation({
		parameters: qrCode('upsert', shopWindow),
		list: qrs,
		listed,
		created: {
			request: 'POST /api/qr/add',
			parameters: { name: 'Counter', additionalFields: { background: 'white' } },
			body: { ...shopWindow, name: 'Counter', background: 'rgb(255,255,255)' },
			answer: { error: 0, ...counter },
			output: counter,
		},
		updated: {
			request: 'PUT /api/qr/31/update',
			parameters: { additionalFields: { foreground: 'navy' } },
			// The update needs the data; the type stays, the name is what matched.
			body: { data: 'https://example.com/shop', foreground: 'rgb(0,0,128)' },
			answer: updated('QR'),
			output: success('QR'),
		},
		// The list shows no data: a QR code is updated every time.
		notShown: { field: 'data', body: { data: 'https://example.com/shop' } },
	});

	test('a list that shows another type fails naming Type; nothing sent', async () => {
		const asText: IDataObject = { ...listed, type: 'text' };
		await expectFailsAfterListRead(
			qrCode('upsert', shopWindow),
			qrs,
			[asText],
			/^'Type' cannot be changed by an update/,
			'(ID 31) has type "text", not "link"',
		);
	});
});

describe('link: upsert', () => {
	const link = parametersOf('link');
	const summer = { custom: 'summer', url: 'https://example.com/summer-sale' };
	const winter = { custom: 'winter', url: 'https://example.com/winter-sale' };
	const urls: ListOf = ['GET /api/urls', 'urls'];
	const listed = {
		id: 501,
		alias: 'summer',
		shorturl: 'https://links.example.test/summer',
		longurl: 'https://example.com/summer-sale',
		clicks: 12,
		title: 'Summer sale',
		description: '',
		date: '2024-06-01 10:00:00',
	};
	const shortUrlOf = (id: number, alias: string) => ({
		id,
		shorturl: `https://links.example.test/${alias}`,
	});
	/** What a link's create or update outputs: the service's answer, and the URL sent as `longurl`. */
	const answered = (id: number, alias: string, url: string) => ({
		...shortUrlOf(id, alias),
		longurl: url,
	});

	itBehavesLike.aCreateOrUpdateOperation({
		parameters: link('upsert', summer),
		list: urls,
		key: { parameter: 'custom', shownAs: 'alias', label: 'Alias' },
		listed,
		created: {
			request: 'POST /api/url/add',
			parameters: winter,
			body: winter,
			answer: { error: 0, ...shortUrlOf(502, 'winter') },
			output: answered(502, 'winter', winter.url),
		},
		updated: {
			request: 'PUT /api/url/501/update',
			parameters: { additionalFields: { description: 'Summer 2025' } },
			// An update needs the destination: sent though it is the same.
			body: { ...summer, description: 'Summer 2025' },
			// The update answers the short URL under `short`.
			answer: { error: 0, id: 501, short: 'https://links.example.test/summer' },
			output: answered(501, 'summer', summer.url),
		},
	});

	test('Match On URL: the link to the URL is updated, no alias needed', async () => {
		const byUrl = link('upsert', { matchOn: 'url', url: listed.longurl });
		const answer = { error: 0, id: 501, short: listed.shorturl };
		const update = operation('PUT /api/url/501/update', byUrl, answer);
		const other = { ...listed, id: 7, alias: 'summer-old', longurl: 'https://example.com/old' };

		const sent = await update.send(
			{ additionalFields: { status: 'public' } },
			{ before: [listRead(urls, [other, listed])] },
		);

		expect(sent.body).toEqual({ url: listed.longurl, status: 'public' });
		expect(sent.output).toEqual([
			{ ...answered(501, 'summer', listed.longurl), outcome: 'updated' },
		]);
	});
});
