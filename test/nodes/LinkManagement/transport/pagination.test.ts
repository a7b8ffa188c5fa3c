/**
 * Return All and Limit: which pages the node asks for, with which page size, and which
 * records come out, whatever the service's envelope says of its pages.
 */
import { jsonOf, rl, runNode, select } from '../../../helpers';
import {
	getManyQrCodes as getMany,
	qrPage,
	range,
	servePages,
	serveQrCodes,
} from '../../../helpers/pages';

/** Pages of 10 that claim `maxpage` pages, whatever the records are. */
const claimingMaxpage = (maxpage: number) => (page: number) => ({
	currentpage: page,
	maxpage,
	perpage: 10,
});

/** A service that ignores `page`: always the first ten records, whatever was asked. */
function serveTheSamePage(envelope: Record<string, unknown>) {
	return servePages('/api/qr', () => qrPage(range(1, 10), envelope), 10);
}

describe('Return All reads pages until currentpage reaches maxpage', () => {
	test.each([
		['nextpage = currentpage + 1', (page: number) => page + 1],
		[
			'nextpage = currentpage at the end',
			(page: number, max: number) => (page < max ? page + 1 : page),
		],
		['nextpage = 0 at the end', (page: number, max: number) => (page < max ? page + 1 : 0)],
		['nextpage = null at the end', (page: number, max: number) => (page < max ? page + 1 : null)],
		['nextpage past maxpage', (page: number) => page + 5],
		['nextpage missing', () => undefined],
	])('%s', async (_, nextpage) => {
		const asked = serveQrCodes(25, 10, (page, maxPage) => ({
			result: page === maxPage ? 5 : 10,
			perpage: 10,
			currentpage: page,
			nextpage: nextpage(page, maxPage),
			maxpage: maxPage,
		}));
		const result = await getMany({ returnAll: true });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result).map((json) => json.id)).toEqual(range(1, 25));
		expect(asked.map(({ page }) => page)).toEqual([1, 2, 3]);
	});

	test('every record becomes an item paired with the input item', async () => {
		serveQrCodes(3, 100);
		const result = await getMany({ returnAll: true });
		expect(result.items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 0 },
			{ item: 0 },
		]);
	});

	test('a short or empty page before maxpage does not end the list', async () => {
		// The service skips records it cannot show (channel items whose QR code is gone).
		const pages: Record<number, number[]> = { 1: [1, 2], 2: [], 3: [5], 4: [7, 8] };
		const asked = servePages(
			'/api/qr',
			(page) => qrPage(pages[page] ?? [], { currentpage: page, maxpage: 4, perpage: 2 }),
			10,
		);
		const result = await getMany({ returnAll: true });
		expect(jsonOf(result).map((json) => json.id)).toEqual([1, 2, 5, 7, 8]);
		expect(asked).toEqual([1, 2, 3, 4]);
	});

	test('a page count no list can fill: reading stops after 5 empty pages in a row', async () => {
		const asked = serveQrCodes(15, 10, claimingMaxpage(1_000_000));
		const result = await getMany({ returnAll: true });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toHaveLength(15);
		expect(asked.map(({ page }) => page)).toEqual([1, 2, 3, 4, 5, 6, 7]);
	});

	test('empty pages within the count `result` gives are skipped records: read on', async () => {
		// A channel whose first 14 items lost their QR codes: `result` counts them, pages skip them.
		const asked = servePages(
			'/api/qr',
			(page) => {
				const ids = page === 8 ? [16] : page === 9 ? [17, 18] : [];
				return qrPage(ids, { result: 18, perpage: 2, currentpage: page, maxpage: 9 });
			},
			20,
		);
		const result = await getMany({ returnAll: true, options: { pageSize: 2 } });
		expect(jsonOf(result).map((json) => json.id)).toEqual([16, 17, 18]);
		expect(asked).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
	});

	test('maxpage 0 (no records) asks once and returns nothing', async () => {
		const asked = serveQrCodes(0, 10);
		const result = await getMany({ returnAll: true });
		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([]);
		expect(asked).toHaveLength(1);
	});

	test('never asks for more than maxpage pages, even when every page is full', async () => {
		const asked = serveQrCodes(1000, 10, claimingMaxpage(4));
		const result = await getMany({ returnAll: true });
		expect(asked.map(({ page }) => page)).toEqual([1, 2, 3, 4]);
		expect(jsonOf(result)).toHaveLength(40);
	});

	test('a service that ignores page is reported, not read forever', async () => {
		const asked = serveTheSamePage({ currentpage: 1, maxpage: 5, perpage: 10 });
		const result = await getMany({ returnAll: true });
		expect(result.error?.message).toMatch(/answered page 1 when page 2 was asked for/);
		expect(asked).toEqual([1, 2]);
	});

	test('without currentpage, a repeated first page is reported too', async () => {
		const asked = serveTheSamePage({ maxpage: 5, perpage: 10 });
		const result = await getMany({ returnAll: true });
		expect(result.error?.message).toMatch(/stopped reading to avoid repeating records/);
		expect(asked).toEqual([1, 2]);
	});

	test('without maxpage, a short page is the last one', async () => {
		const asked = serveQrCodes(25, 10, (page) => ({ currentpage: page, perpage: 10 }));
		const result = await getMany({ returnAll: true });
		expect(jsonOf(result)).toHaveLength(25);
		expect(asked.map(({ page }) => page)).toEqual([1, 2, 3]);
	});
});

describe('Limit and page size', () => {
	test('Return All asks 1,000 a page by default: the budget goes to records', async () => {
		const asked = serveQrCodes(5, 1000);
		await getMany({ returnAll: true });
		expect(asked).toEqual([{ page: 1, limit: 1000 }]);
	});

	test('10,000 records of a service without a page cap take 10 requests', async () => {
		const asked = serveQrCodes(10_000, 1000);
		const result = await getMany({ returnAll: true });
		expect(asked).toHaveLength(10);
		expect(result.items).toHaveLength(10_000);
	});

	test('a Limit below the page size asks for no more than the Limit', async () => {
		const asked = serveQrCodes(500, 100);
		const result = await getMany({ limit: 7 });
		expect(asked).toEqual([{ page: 1, limit: 7 }]);
		expect(jsonOf(result).map((json) => json.id)).toEqual(range(1, 7));
	});

	test('a Limit across pages stops once it has enough, keeping the page size constant', async () => {
		const asked = serveQrCodes(500, 50);
		const result = await getMany({ limit: 120, options: { pageSize: 50 } });
		expect(asked).toEqual([
			{ page: 1, limit: 50 },
			{ page: 2, limit: 50 },
			{ page: 3, limit: 50 },
		]);
		expect(jsonOf(result).map((json) => json.id)).toEqual(range(1, 120));
	});

	test('when the service caps the page size, its perpage and maxpage are followed', async () => {
		const asked = serveQrCodes(30, 10); // asked for 1,000 per page, the service sends 10
		const result = await getMany({ returnAll: true });
		expect(asked.map(({ page, limit }) => [page, limit])).toEqual([
			[1, 1000],
			[2, 1000],
			[3, 1000],
		]);
		expect(jsonOf(result).map((json) => json.id)).toEqual(range(1, 30));
	});

	test('Limit 50 is the default', async () => {
		const asked = serveQrCodes(500, 100);
		const result = await getMany();
		expect(asked).toEqual([{ page: 1, limit: 50 }]);
		expect(result.items).toHaveLength(50);
	});

	test.each([[0], [-1], ['ten']])('a Limit of %p is refused before any request', async (limit) => {
		const asked = serveQrCodes(5, 10);
		const result = await getMany({ limit });
		expect(result.error?.message).toMatch(/'Limit' must be a positive whole number/);
		expect(asked).toEqual([]);
	});

	test('channel items are read page by page too', async () => {
		const asked = servePages(
			'/api/channel/7',
			(page) => ({
				error: '0',
				data: {
					currentpage: page,
					maxpage: 2,
					perpage: 1,
					items: [{ type: 'qr', id: page, title: `Item ${page}` }],
				},
			}),
			5,
		);
		const channelSeven = select('channel', 'getItems', { channelId: rl('7'), returnAll: true });
		const result = await runNode({ parameters: channelSeven });
		expect(asked).toEqual([1, 2]);
		expect(jsonOf(result)).toEqual([
			{ type: 'qr', id: 1, title: 'Item 1' },
			{ type: 'qr', id: 2, title: 'Item 2' },
		]);
	});
});

describe('the pagination forms of real installations', () => {
	test('nextpage null on the last page and result as the total', async () => {
		const asked = servePages('/api/qr', (page) =>
			qrPage(page <= 2 ? range(page * 2 - 1, page * 2) : [], {
				result: 4,
				perpage: 2,
				currentpage: page,
				nextpage: page < 2 ? page + 1 : null,
				maxpage: 2,
			}),
		);

		const result = await getMany({ returnAll: true });

		expect(jsonOf(result).map((json) => json.id)).toEqual([1, 2, 3, 4]);
		expect(asked).toEqual([1, 2]);
	});

	test('without maxpage, nextpage null ends the list', async () => {
		const asked = servePages('/api/qr', (page) =>
			qrPage(range(page * 2 - 1, page * 2), {
				currentpage: page,
				nextpage: page < 3 ? page + 1 : null,
			}),
		);

		const result = await getMany({ returnAll: true, options: { pageSize: 2 } });

		expect(jsonOf(result)).toHaveLength(6);
		expect(asked).toEqual([1, 2, 3]);
	});
});
