/**
 * Return All never loops and never outputs a record twice, whatever the pages repeat, and a
 * list answer it cannot read fails clearly instead of reading as "no records".
 */
import { jsonOf, rl, runNode, select } from '../../../helpers';
import { getManyQrCodes as getMany, qrPage, range, servePages } from '../../../helpers/pages';

describe('Return All never loops and never outputs a record twice', () => {
	test('currentpage counting from 0: every page asked once, every record output once', async () => {
		const asked = servePages('/api/qr', (page) =>
			qrPage(page <= 3 ? range(page * 10 - 9, page * 10) : [], {
				currentpage: page - 1,
				maxpage: 3,
				perpage: 10,
			}),
		);

		const result = await getMany({ returnAll: true });

		expect(result.error).toBeUndefined();
		expect(jsonOf(result).map((json) => json.id)).toEqual(range(1, 30));
		expect(new Set(asked).size).toBe(asked.length);
		expect(asked.slice(0, 3)).toEqual([1, 2, 3]);
	});

	test('currentpage stuck at 0, pages differing: stops at maxpage, asks no page twice', async () => {
		const asked = servePages('/api/qr', (page) =>
			qrPage(range(page * 10 - 9, page * 10), { currentpage: 0, maxpage: 3, perpage: 10 }),
		);

		const result = await getMany({ returnAll: true });

		expect(jsonOf(result).map((json) => json.id)).toEqual(range(1, 30));
		expect(asked).toEqual([1, 2, 3]);
	});

	test('a record that comes again on a later page (the list shifted) is output once', async () => {
		const pages: Record<number, number[]> = { 1: [1, 2, 3], 2: [3, 4, 5], 3: [5, 6] };
		servePages('/api/qr', (page) => qrPage(pages[page] ?? [], { currentpage: page, maxpage: 3 }));

		const result = await getMany({ returnAll: true });

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

	test('channel items are records by type and ID: a link and a QR code may share an ID', async () => {
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

		const channelSeven = select('channel', 'getItems', { channelId: rl('7'), returnAll: true });
		const result = await runNode({ parameters: channelSeven });

		expect(jsonOf(result).map((json) => json.title)).toEqual(['A link', 'A QR code']);
	});

	test.each([
		['"data" missing', { error: '0' }, /holds no "data"/],
		['"data" null', { error: '0', data: null }, /holds no "data"/],
		['no records array', { error: '0', data: { currentpage: 1, maxpage: 1 } }, /no "qrs" list/],
		['records null', { error: '0', data: { qrs: null } }, /no "qrs" list/],
	])(
		'a list answer with %s fails, instead of reading as "no records"',
		async (_, body, message) => {
			servePages('/api/qr', () => body);

			const result = await getMany({ returnAll: true });

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

		const result = await getMany({ returnAll: true });

		expect(result.error?.message).toMatch(/holds a record that is not an object \(record 2/);
	});
});
