/**
 * The "From List" mode of the ID pickers: each reads the matching list endpoint of the
 * service, through the same transport (base URL, bearer key, envelope) as the operations.
 */
import type { IDataObject } from 'n8n-workflow';

import {
	searchCampaigns,
	searchChannels,
	searchDomains,
	searchLinks,
	searchOverlays,
	searchPixels,
	searchQrCodes,
} from '../../../../nodes/LinkManagement/listSearch';
import { TEST_API_KEY } from '../../../helpers';
import {
	campaignRecords,
	channelRecords,
	ctaRecords,
	domainRecords,
	linkRecords,
	listAnswer,
	pixelRecords,
	qrRecords,
} from '../../../helpers/fixtures';
import { answeringContext, loadOptionsContext } from '../../../helpers/picker';

const pickerContext = (body: IDataObject, baseUrl?: string) => answeringContext(body, { baseUrl });

describe.each([
	[
		'searchCampaigns',
		searchCampaigns,
		'/campaigns',
		'campaigns',
		campaignRecords,
		['Summer Sale (ID 11)', 'Newsletter (ID 12)'],
	],
	[
		'searchQrCodes',
		searchQrCodes,
		'/qr',
		'qrs',
		qrRecords,
		['Shop window (ID 31)', 'Flyer (ID 32)'],
	],
	[
		'searchChannels',
		searchChannels,
		'/channels',
		'channels',
		channelRecords,
		['Newsletter (ID 41)', 'Print (ID 42)'],
	],
	[
		'searchPixels',
		searchPixels,
		'/pixels',
		'pixels',
		pixelRecords,
		['Main site tags · tagmgrpixel (ID 61)', 'Analytics · analyticspixel (ID 62)'],
	],
	[
		'searchDomains',
		searchDomains,
		'/domains',
		'domains',
		domainRecords,
		['https://go.example.com (ID 81)', 'http://l.example.org (ID 82)'],
	],
	[
		'searchOverlays',
		searchOverlays,
		'/overlay',
		'cta',
		ctaRecords,
		['Sign up banner (ID 71)', 'Contact form (ID 72)'],
	],
	[
		'searchLinks',
		searchLinks,
		'/urls',
		'urls',
		linkRecords,
		[
			'summer-sale → https://example.com/shop/summer?utm_source=mail (ID 91)',
			'menu → https://example.com/menu (ID 92)',
		],
	],
])('%s', (_name, search, path, collectionKey, records, names) => {
	test(`reads GET ${path} page 1 under the API root; lists records by name and ID`, async () => {
		const { context, asked } = pickerContext(listAnswer(collectionKey, records as IDataObject[]));

		const result = await search.call(context);

		expect(asked).toHaveLength(1);
		expect(asked[0].credentialType).toBe('linkManagementApi');
		expect(asked[0].options).toMatchObject({
			method: 'GET',
			url: `https://h.test/short/api${path}`,
		});
		expect(asked[0].options.qs).toMatchObject({ page: 1 });
		expect(result.results).toEqual(
			(records as IDataObject[]).map((record, index) => ({
				name: names[index],
				value: String(record.id),
			})),
		);
		expect(result.paginationToken).toBeUndefined();
	});

	test('keeps records matching the filter (name or ID); offers the next page if any', async () => {
		const { context, asked } = pickerContext(
			listAnswer(collectionKey, records as IDataObject[], { maxpage: 3 }),
		);

		const result = await search.call(context, String((records as IDataObject[])[1].id));

		expect(asked[0].options.qs).toMatchObject({ page: 1 });
		expect(result.results.map((entry) => entry.value)).toEqual([
			String((records as IDataObject[])[1].id),
		]);
		expect(result.paginationToken).toBe('2');
	});

	test('refuses an invalid Base URL before asking the service', async () => {
		const { context, asked } = pickerContext(listAnswer(collectionKey, []), 'h.test');

		await expect(search.call(context)).rejects.toThrow(/Base URL/);
		expect(asked).toEqual([]);
	});
});

test('a campaign listed with its name under `domain` is shown by that name', async () => {
	const { context } = pickerContext(
		listAnswer('campaigns', [
			{ id: 13, domain: 'Black Friday', public: true, rotator: false, list: 'x' },
		]),
	);

	const result = await searchCampaigns.call(context);

	expect(result.results).toEqual([{ name: 'Black Friday (ID 13)', value: '13' }]);
});

describe('a filter that matches nothing on the first page', () => {
	/** 3 pages of QR codes; only page 3 holds "Poster". */
	function pagedContext() {
		const pagesAsked: number[] = [];
		const context = loadOptionsContext(
			{ baseUrl: 'https://h.test', apiKey: TEST_API_KEY },
			async (_type, options) => {
				const page = Number((options.qs as IDataObject).page);
				pagesAsked.push(page);
				const records =
					page === 3 ? [{ id: 300, name: 'Poster' }] : [{ id: page, name: `Flyer ${page}` }];
				return {
					statusCode: 200,
					headers: {},
					body: listAnswer('qrs', records, { currentpage: page, maxpage: 3 }),
				};
			},
		);
		return { context, pagesAsked };
	}

	test('reads on until a page matches, since a short filtered list cannot be scrolled', async () => {
		const { context, pagesAsked } = pagedContext();

		const result = await searchQrCodes.call(context, 'poster');

		expect(pagesAsked).toEqual([1, 2, 3]);
		expect(result).toEqual({ results: [{ name: 'Poster (ID 300)', value: '300' }] });
	});

	test('without a filter, reads one page and offers the next', async () => {
		const { context, pagesAsked } = pagedContext();

		const result = await searchQrCodes.call(context);

		expect(pagesAsked).toEqual([1]);
		expect(result).toEqual({
			results: [{ name: 'Flyer 1 (ID 1)', value: '1' }],
			paginationToken: '2',
		});
	});
});

test('a service that ignores `page` ends a filtered search with what matched, not a failure', async () => {
	const pagesAsked: number[] = [];
	const context = loadOptionsContext(
		{ baseUrl: 'https://h.test', apiKey: TEST_API_KEY },
		async (_type, options) => {
			pagesAsked.push(Number((options.qs as IDataObject).page));
			// page 1 of 3, whichever page was asked for
			const records = [{ id: 1, name: 'Flyer' }];
			return {
				statusCode: 200,
				headers: {},
				body: listAnswer('qrs', records, { currentpage: 1, maxpage: 3 }),
			};
		},
	);

	const result = await searchQrCodes.call(context, 'poster');

	expect(pagesAsked).toEqual([1, 2]);
	expect(result).toEqual({ results: [] });
});
