import nock from 'nock';

import { jsonOf, runNode, TEST_BASE_URL } from '../../../harness';

/** A QR list answer as the service sends it. */
function qrPage(ids: number[], envelope: Record<string, unknown>) {
	return {
		error: '0',
		data: { ...envelope, qrs: ids.map((id) => ({ id, name: `QR ${id}` })) },
	};
}

const range = (from: number, to: number) =>
	Array.from({ length: to - from + 1 }, (_, i) => from + i);

interface Asked {
	page: number;
	limit: number;
}

/**
 * Every stand-in service here: answers GET `path` (any query) up to `times` times with
 * `answer(page, query)`, and returns the page numbers asked for, in order.
 */
function servePages(
	path: string,
	answer: (page: number, query: URLSearchParams) => unknown,
	times = 50,
) {
	const asked: number[] = [];
	nock(TEST_BASE_URL)
		.get(path)
		.query(true)
		.times(times)
		.reply((uri) => {
			const query = new URL(uri, TEST_BASE_URL).searchParams;
			const page = Number(query.get('page'));
			asked.push(page);
			return [200, answer(page, query) as nock.Body];
		});
	return asked;
}

/** Serves `total` QR codes, `perPage` a page; `envelope` may rewrite what each page says. */
function serveQrCodes(
	total: number,
	perPage: number,
	envelope: (page: number, maxPage: number) => Record<string, unknown> = (page, maxPage) => ({
		result: total,
		perpage: perPage,
		currentpage: page,
		nextpage: page + 1,
		maxpage: maxPage,
	}),
) {
	const asked: Asked[] = [];
	servePages(
		'/api/qr',
		(page, query) => {
			asked.push({ page, limit: Number(query.get('limit')) });
			const maxPage = Math.ceil(total / perPage);
			const ids = range((page - 1) * perPage + 1, Math.min(total, page * perPage));
			return qrPage(page <= maxPage ? ids : [], envelope(page, maxPage));
		},
		100,
	);
	return asked;
}

/** A service that ignores `page`: always the first ten records, whatever was asked. */
function serveTheSamePage(envelope: Record<string, unknown>) {
	return servePages('/api/qr', () => qrPage(range(1, 10), envelope), 10);
}

const getAll = (extra: Record<string, unknown> = {}) => ({
	resource: 'qrCode',
	operation: 'getAll',
	...extra,
});

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
		const result = await runNode({ parameters: getAll({ returnAll: true }) });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result).map((json) => json.id)).toEqual(range(1, 25));
		expect(asked.map(({ page }) => page)).toEqual([1, 2, 3]);
	});

	test('every record becomes an item paired with the input item', async () => {
		serveQrCodes(3, 100);
		const result = await runNode({ parameters: getAll({ returnAll: true }) });
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
		const result = await runNode({ parameters: getAll({ returnAll: true }) });
		expect(jsonOf(result).map((json) => json.id)).toEqual([1, 2, 5, 7, 8]);
		expect(asked).toEqual([1, 2, 3, 4]);
	});

	test('a page count no list can fill: reading stops after 5 empty pages in a row', async () => {
		const asked = serveQrCodes(15, 10, (page) => ({
			currentpage: page,
			maxpage: 1_000_000,
			perpage: 10,
		}));
		const result = await runNode({ parameters: getAll({ returnAll: true }) });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toHaveLength(15);
		expect(asked.map(({ page }) => page)).toEqual([1, 2, 3, 4, 5, 6, 7]);
	});

	test('empty pages in a row within the count `result` fills are skipped records: read to maxpage', async () => {
		// A channel whose first 14 items lost their QR codes: `result` counts them, pages skip them.
		const asked = servePages(
			'/api/qr',
			(page) => {
				const ids = page === 8 ? [16] : page === 9 ? [17, 18] : [];
				return qrPage(ids, { result: 18, perpage: 2, currentpage: page, maxpage: 9 });
			},
			20,
		);
		const result = await runNode({
			parameters: getAll({ returnAll: true, options: { pageSize: 2 } }),
		});
		expect(jsonOf(result).map((json) => json.id)).toEqual([16, 17, 18]);
		expect(asked).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
	});

	test('maxpage 0 (no records) asks once and returns nothing', async () => {
		const asked = serveQrCodes(0, 10);
		const result = await runNode({ parameters: getAll({ returnAll: true }) });
		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([]);
		expect(asked).toHaveLength(1);
	});

	test('never asks for more than maxpage pages, even when every page is full', async () => {
		const asked = serveQrCodes(1000, 10, (page) => ({
			currentpage: page,
			maxpage: 4,
			perpage: 10,
		}));
		const result = await runNode({ parameters: getAll({ returnAll: true }) });
		expect(asked.map(({ page }) => page)).toEqual([1, 2, 3, 4]);
		expect(jsonOf(result)).toHaveLength(40);
	});

	test('a service that ignores page is reported, not read forever', async () => {
		const asked = serveTheSamePage({ currentpage: 1, maxpage: 5, perpage: 10 });
		const result = await runNode({ parameters: getAll({ returnAll: true }) });
		expect(result.error?.message).toMatch(/answered page 1 when page 2 was asked for/);
		expect(asked).toEqual([1, 2]);
	});

	test('without currentpage, a repeated first page is reported too', async () => {
		const asked = serveTheSamePage({ maxpage: 5, perpage: 10 });
		const result = await runNode({ parameters: getAll({ returnAll: true }) });
		expect(result.error?.message).toMatch(/stopped reading to avoid repeating records/);
		expect(asked).toEqual([1, 2]);
	});

	test('without maxpage, a short page is the last one', async () => {
		const asked = serveQrCodes(25, 10, (page) => ({ currentpage: page, perpage: 10 }));
		const result = await runNode({ parameters: getAll({ returnAll: true }) });
		expect(jsonOf(result)).toHaveLength(25);
		expect(asked.map(({ page }) => page)).toEqual([1, 2, 3]);
	});
});

describe('Limit and page size', () => {
	test('sends the default page size of 1,000 with Return All: the budget goes to records', async () => {
		const asked = serveQrCodes(5, 1000);
		await runNode({ parameters: getAll({ returnAll: true }) });
		expect(asked).toEqual([{ page: 1, limit: 1000 }]);
	});

	test('10,000 records of a service without a page cap take 10 requests', async () => {
		const asked = serveQrCodes(10_000, 1000);
		const result = await runNode({ parameters: getAll({ returnAll: true }) });
		expect(asked).toHaveLength(10);
		expect(result.items).toHaveLength(10_000);
	});

	test('a Limit below the page size asks for no more than the Limit', async () => {
		const asked = serveQrCodes(500, 100);
		const result = await runNode({ parameters: getAll({ limit: 7 }) });
		expect(asked).toEqual([{ page: 1, limit: 7 }]);
		expect(jsonOf(result).map((json) => json.id)).toEqual(range(1, 7));
	});

	test('a Limit across pages stops once it has enough, keeping the page size constant', async () => {
		const asked = serveQrCodes(500, 50);
		const result = await runNode({ parameters: getAll({ limit: 120, options: { pageSize: 50 } }) });
		expect(asked).toEqual([
			{ page: 1, limit: 50 },
			{ page: 2, limit: 50 },
			{ page: 3, limit: 50 },
		]);
		expect(jsonOf(result).map((json) => json.id)).toEqual(range(1, 120));
	});

	test('when the service caps the page size, its perpage and maxpage are followed', async () => {
		const asked = serveQrCodes(30, 10); // asked for 1,000 per page, the service sends 10
		const result = await runNode({ parameters: getAll({ returnAll: true }) });
		expect(asked.map(({ page, limit }) => [page, limit])).toEqual([
			[1, 1000],
			[2, 1000],
			[3, 1000],
		]);
		expect(jsonOf(result).map((json) => json.id)).toEqual(range(1, 30));
	});

	test('Limit 50 is the default', async () => {
		const asked = serveQrCodes(500, 100);
		const result = await runNode({ parameters: getAll() });
		expect(asked).toEqual([{ page: 1, limit: 50 }]);
		expect(result.items).toHaveLength(50);
	});

	test.each([[0], [-1], ['ten']])('a Limit of %p is refused before any request', async (limit) => {
		const asked = serveQrCodes(5, 10);
		const result = await runNode({ parameters: getAll({ limit }) });
		expect(result.error?.message).toMatch(/Limit must be a positive whole number/);
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
		const result = await runNode({
			parameters: {
				resource: 'channel',
				operation: 'getItems',
				channelId: { __rl: true, mode: 'id', value: '7' },
				returnAll: true,
			},
		});
		expect(asked).toEqual([1, 2]);
		expect(jsonOf(result)).toEqual([
			{ type: 'qr', id: 1, title: 'Item 1' },
			{ type: 'qr', id: 2, title: 'Item 2' },
		]);
	});
});

describe('Return All never loops and never outputs a record twice', () => {
	test('currentpage counting from 0: every page asked once, every record output once', async () => {
		const asked = servePages('/api/qr', (page) =>
			qrPage(page <= 3 ? range(page * 10 - 9, page * 10) : [], {
				currentpage: page - 1,
				maxpage: 3,
				perpage: 10,
			}),
		);

		const result = await runNode({ parameters: getAll({ returnAll: true }) });

		expect(result.error).toBeUndefined();
		expect(jsonOf(result).map((json) => json.id)).toEqual(range(1, 30));
		expect(new Set(asked).size).toBe(asked.length);
		expect(asked.slice(0, 3)).toEqual([1, 2, 3]);
	});

	test('currentpage stuck at 0 while the pages differ: stops at maxpage, asks no page twice', async () => {
		const asked = servePages('/api/qr', (page) =>
			qrPage(range(page * 10 - 9, page * 10), { currentpage: 0, maxpage: 3, perpage: 10 }),
		);

		const result = await runNode({ parameters: getAll({ returnAll: true }) });

		expect(jsonOf(result).map((json) => json.id)).toEqual(range(1, 30));
		expect(asked).toEqual([1, 2, 3]);
	});

	test('a record that comes again on a later page (the list shifted) is output once', async () => {
		const pages: Record<number, number[]> = { 1: [1, 2, 3], 2: [3, 4, 5], 3: [5, 6] };
		servePages('/api/qr', (page) => qrPage(pages[page] ?? [], { currentpage: page, maxpage: 3 }));

		const result = await runNode({ parameters: getAll({ returnAll: true }) });

		expect(jsonOf(result).map((json) => json.id)).toEqual([1, 2, 3, 4, 5, 6]);
	});

	test('records without an ID repeated on every page (system domains) are output once', async () => {
		const system = [
			{ id: null, domain: 'https://short.example', redirectroot: '', redirect404: '' },
			{ id: null, domain: 'https://go.example', redirectroot: '', redirect404: '' },
		];
		servePages('/api/domains', (page) => ({
			error: 0,
			data: {
				result: 4,
				perpage: 2,
				currentpage: page,
				nextpage: page < 2 ? page + 1 : null,
				maxpage: 2,
				domains: [
					{ id: page * 2 - 1, domain: `https://d${page * 2 - 1}.example` },
					{ id: page * 2, domain: `https://d${page * 2}.example` },
					...system,
				],
			},
		}));

		const result = await runNode({
			parameters: { resource: 'domain', operation: 'getAll', returnAll: true },
		});

		expect(jsonOf(result).map((json) => json.domain)).toEqual([
			'https://d1.example',
			'https://d2.example',
			'https://short.example',
			'https://go.example',
			'https://d3.example',
			'https://d4.example',
		]);
	});

	test('channel items are one record per type and ID: a link and a QR code may share an ID', async () => {
		servePages('/api/channel/7', () => ({
			error: 0,
			data: {
				currentpage: 1,
				maxpage: 1,
				items: [
					{ type: 'links', id: 31, title: 'A link' },
					{ type: 'qr', id: 31, title: 'A QR code' },
				],
			},
		}));

		const result = await runNode({
			parameters: {
				resource: 'channel',
				operation: 'getItems',
				channelId: { __rl: true, mode: 'id', value: '7' },
				returnAll: true,
			},
		});

		expect(jsonOf(result).map((json) => json.title)).toEqual(['A link', 'A QR code']);
	});

	test.each([
		['"data" missing', { error: '0' }, /holds no "data"/],
		['"data" null', { error: '0', data: null }, /holds no "data"/],
		['no records array', { error: '0', data: { currentpage: 1, maxpage: 1 } }, /no "qrs" list/],
		['records null', { error: '0', data: { qrs: null } }, /no "qrs" list/],
	])(
		'a list answer with %s fails clearly instead of reading as "no records"',
		async (_, body, message) => {
			servePages('/api/qr', () => body);

			const result = await runNode({ parameters: getAll({ returnAll: true }) });

			expect(result.error?.message).toMatch(message);
			expect(result.items).toEqual([]);
		},
	);

	test.each([
		['a text', 'abc'],
		['a number', 42],
		['null', null],
		['a list', [1, 2]],
	])('a record that is %s fails clearly', async (_, record) => {
		servePages('/api/qr', () => ({
			error: '0',
			data: { currentpage: 1, maxpage: 1, qrs: [{ id: 1, name: 'QR 1' }, record] },
		}));

		const result = await runNode({ parameters: getAll({ returnAll: true }) });

		expect(result.error?.message).toMatch(/holds a record that is not an object \(record 2/);
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

		const result = await runNode({ parameters: getAll({ returnAll: true }) });

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

		const result = await runNode({
			parameters: getAll({ returnAll: true, options: { pageSize: 2 } }),
		});

		expect(jsonOf(result)).toHaveLength(6);
		expect(asked).toEqual([1, 2, 3]);
	});
});
