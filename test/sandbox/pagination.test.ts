// Pagination envelope: pages, the page past the last one, limit defaults and capping.

import { call } from './helpers';
import { Sandbox, startSandbox } from './server';

let sandbox: Sandbox;

beforeAll(async () => {
	sandbox = await startSandbox({
		rateLimit: 0,
		maxLimit: 20,
		seed: { qr: 25, campaigns: 0, splash: 0, channels: 1, channelItems: 12, pixels: 3 },
	});
});

afterAll(async () => {
	await sandbox.stop();
});

async function page(
	path: string,
): Promise<Record<string, unknown> & { qrs: Array<{ id: number }> }> {
	const response = await call(sandbox, 'GET', path);
	expect(response.status).toBe(200);
	expect(response.body.error).toBe('0');
	return response.body.data;
}

/** A page's counts as the service writes them. */
const pageCounts = (
	result: number,
	perpage: number,
	currentpage: number,
	nextpage: number,
	maxpage: number,
) => ({ result, perpage, currentpage, nextpage, maxpage });

test('walks all pages in id order; nextpage stays at maxpage on the last page', async () => {
	const ids: number[] = [];
	const seen: Array<[unknown, unknown, unknown]> = [];
	for (let p = 1; p <= 3; p++) {
		const data = await page(`/api/qr?limit=10&page=${p}`);
		expect(data).toMatchObject({ result: 25, perpage: 10, currentpage: p, maxpage: 3 });
		seen.push([data.currentpage, data.nextpage, data.qrs.length]);
		ids.push(...data.qrs.map((qr) => qr.id));
	}
	expect(seen).toEqual([
		[1, 2, 10],
		[2, 3, 10],
		[3, 3, 5],
	]);
	expect(ids).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
});

test('a page past the last returns an empty array', async () => {
	const data = await page('/api/qr?limit=10&page=9');
	expect(data).toMatchObject({ ...pageCounts(25, 10, 9, 3, 3), qrs: [] });
});

test('limit defaults to 10 and is capped at max-limit', async () => {
	expect(await page('/api/qr')).toMatchObject({
		perpage: 10,
		currentpage: 1,
		nextpage: 2,
		maxpage: 3,
	});
	const capped = await page('/api/qr?limit=500');
	expect(capped).toMatchObject({ perpage: 20, maxpage: 2, nextpage: 2 });
	expect(capped.qrs).toHaveLength(20);
	for (const bad of ['abc', '0', '-5', '2.5']) {
		expect(await page(`/api/qr?limit=${bad}`)).toMatchObject({ perpage: 10 });
	}
	expect(await page('/api/qr?limit=7&page=zero')).toMatchObject({
		perpage: 7,
		currentpage: 1,
		maxpage: 4,
	});
});

test('an empty collection has maxpage 0', async () => {
	const { body } = await call(sandbox, 'GET', '/api/campaigns?page=1');
	expect(body.data).toEqual({ ...pageCounts(0, 10, 1, 0, 0), campaigns: [] });
});

test('channel items are paginated too', async () => {
	const { body } = await call(sandbox, 'GET', '/api/channel/1?limit=5&page=3');
	expect(body.data).toMatchObject(pageCounts(12, 5, 3, 3, 3));
	expect(body.data.items).toHaveLength(2);
});

test('records created later appear at the end (ordered by id)', async () => {
	await call(sandbox, 'POST', '/api/pixel/add', {
		body: { type: 'forum', name: 'Last', tag: 'L' },
	});
	const { body } = await call(sandbox, 'GET', '/api/pixels?limit=2&page=2');
	expect(body.data.result).toBe(4);
	expect(body.data.pixels.map((p: { id: number; name: string }) => [p.id, p.name])).toEqual([
		[3, 'Pixel 3'],
		[4, 'Last'],
	]);
});
