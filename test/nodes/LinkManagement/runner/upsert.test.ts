/**
 * Create or Update across the items of one run (runner/upsert.ts, records/recordIndex.ts): the
 * list is read once for all of them, a record one row creates is the one a later row with its key
 * finds, a failure fails only the items it concerns, and the requests a run sends are counted,
 * against recorded answers and against the sandbox. Each resource's own rules:
 * ../resources/upsert.test.ts; links found by alias on long lists: ../records/recordIndex.test.ts.
 */
import type { IDataObject } from 'n8n-workflow';

import {
	jsonOf,
	mockEndpoint,
	pairedOutput,
	runNode,
	select,
	unmatchedRequests,
} from '../../../helpers';
import { errorAnswer, listAnswer, messageAnswer, pixelRecords } from '../../../helpers/fixtures';
import { runAgainst } from '../../../helpers/sandbox';
import type { Sandbox } from '../../../sandbox/server';
import { sandboxStarter } from '../../../sandbox/helpers';

/** A sheet of pixels: each row's type, name and tag. */
const fromRows = select('pixel', 'upsert', {
	type: '={{ $json.type }}',
	name: '={{ $json.name }}',
	tag: '={{ $json.tag }}',
});
const rowsOf = (pixels: Array<{ type: string; name: string; tag: string }>) =>
	pixels.map(({ type, name, tag }) => ({ json: { type, name, tag } }));
const outcomesOf = (items: Array<{ json: IDataObject }>) => items.map(({ json }) => json.outcome);
const UPDATED = messageAnswer('Pixel has been updated successfully.');
const UPDATED_OUTPUT = { success: true, message: UPDATED.message };
const [mainSiteTags, analytics] = pixelRecords;
const checkout = { type: 'forum', name: 'Checkout', tag: 'CHK-1' };

describe('the items of one run', () => {
	const listOf = (records: IDataObject[], status = 200) =>
		mockEndpoint('GET', '/api/pixels', listAnswer('pixels', records), { status });

	test('share one list read: created, updated and unchanged rows', async () => {
		const list = listOf(pixelRecords);
		const create = mockEndpoint('POST', '/api/pixel/add', { error: 0, id: 63 });
		const update = mockEndpoint('PUT', '/api/pixel/61/update', UPDATED);
		const retagged = { ...mainSiteTags, tag: 'GTM-NEW456' };

		const result = await runNode({
			parameters: fromRows,
			items: rowsOf([checkout, retagged, analytics]),
		});

		expect(result.error).toBeUndefined();
		expect([list, create, update].map(({ requests }) => requests.length)).toEqual([1, 1, 1]);
		expect(update.requests[0].body).toEqual({ name: 'Main site tags', tag: 'GTM-NEW456' });
		expect(pairedOutput(result)).toEqual([
			{ json: { id: 63, outcome: 'created' }, pairedItem: { item: 0 } },
			{ json: { id: 61, ...UPDATED_OUTPUT, outcome: 'updated' }, pairedItem: { item: 1 } },
			{ json: { ...analytics, outcome: 'unchanged' }, pairedItem: { item: 2 } },
		]);
	});

	test.each([
		{ second: 'the same values', tag: checkout.tag, outcome: 'unchanged' },
		{ second: 'another tag', tag: 'CHK-2', outcome: 'updated' },
	])('two rows with one name, $second: one create, then $outcome', async ({ tag, outcome }) => {
		listOf([]);
		const create = mockEndpoint('POST', '/api/pixel/add', { error: 0, id: 63 });
		const update = mockEndpoint('PUT', '/api/pixel/63/update', UPDATED);

		const result = await runNode({
			parameters: fromRows,
			items: rowsOf([checkout, { ...checkout, name: ` ${checkout.name} `, tag }]),
		});

		expect(create.requests).toHaveLength(1);
		expect(update.requests.map(({ body }) => body)).toEqual(
			outcome === 'updated' ? [{ name: 'Checkout', tag: 'CHK-2' }] : [],
		);
		expect(outcomesOf(result.items)).toEqual(['created', outcome]);
	});

	test('the Page Size option sets the pages its list read asks for', async () => {
		const list = listOf(pixelRecords);

		const parameters = { ...fromRows, options: { pageSize: 2 } };
		await runNode({ parameters, items: rowsOf([analytics]) });

		expect(list.requests.map(({ query }) => query)).toEqual([{ page: '1', limit: '2' }]);
	});

	test('a row whose create failed leaves the next row with its name to create', async () => {
		listOf([]);
		const refused = mockEndpoint('POST', '/api/pixel/add', errorAnswer('Try again later.'));
		const create = mockEndpoint('POST', '/api/pixel/add', { error: 0, id: 63 });

		const result = await runNode({
			parameters: fromRows,
			items: rowsOf([checkout, checkout]),
			continueOnFail: true,
		});

		expect([refused, create].map(({ requests }) => requests.length)).toEqual([1, 1]);
		expect(jsonOf(result)).toEqual([
			{ error: 'Try again later. [item 0]' },
			{ id: 63, outcome: 'created' },
		]);
	});

	describe('a list read that fails fails every item with its error', () => {
		const MISSING_KEY = 'API key is missing or expired.';
		const rows = rowsOf([checkout, mainSiteTags]);

		test('without Continue On Fail, the node, after one list request', async () => {
			const list = mockEndpoint('GET', '/api/pixels', errorAnswer(MISSING_KEY), { status: 401 });

			const result = await runNode({ parameters: fromRows, items: rows });

			expect(result.error?.message).toBe(`${MISSING_KEY} [item 0]`);
			expect(list.requests).toHaveLength(1);
			expect(unmatchedRequests()).toEqual([]);
		});

		test('with Continue On Fail, each item is { error } paired with its input', async () => {
			mockEndpoint('GET', '/api/pixels', errorAnswer(MISSING_KEY), { status: 401 });

			const result = await runNode({ parameters: fromRows, items: rows, continueOnFail: true });

			expect(pairedOutput(result)).toEqual([
				{ json: { error: `${MISSING_KEY} [item 0]` }, pairedItem: { item: 0 } },
				{ json: { error: `${MISSING_KEY} [item 1]` }, pairedItem: { item: 1 } },
			]);
			expect(unmatchedRequests()).toEqual([]);
		});
	});

	test('Continue On Fail: a refused row is { error } with its input; others go on', async () => {
		const twin = { ...analytics, id: 162 };
		listOf([...pixelRecords, twin]);
		mockEndpoint('POST', '/api/pixel/add', { error: 0, id: 63 });
		const otherType = { ...mainSiteTags, type: 'forum' };

		const result = await runNode({
			parameters: fromRows,
			items: rowsOf([analytics, checkout, otherType]),
			continueOnFail: true,
		});

		const [several, created, fixed] = pairedOutput(result);
		expect(several).toEqual({
			json: {
				error: '2 records have the name "Analytics" (IDs 62, 162); nothing was sent [item 0]',
			},
			pairedItem: { item: 0 },
		});
		expect(created).toEqual({ json: { id: 63, outcome: 'created' }, pairedItem: { item: 1 } });
		expect(fixed.json.error).toMatch(/^'Type' cannot be changed by an update.* \[item 2\]$/);
		expect(fixed.pairedItem).toEqual({ item: 2 });
		expect(unmatchedRequests()).toEqual([]);
	});
});

describe('the requests a run sends, against the sandbox', () => {
	const sandboxWith = sandboxStarter({ seed: 0 });
	const pixelsOf = (sandbox: Sandbox) => sandbox.store.pixels.list();
	const sheetOf = (count: number, nameOf = (i: number) => `Pixel ${i}`) =>
		Array.from({ length: count }, (_, i) => ({ type: 'forum', name: nameOf(i), tag: `T-${i}` }));

	test('a first run: one list request, then one create per row', async () => {
		const sandbox = await sandboxWith();

		const result = await runAgainst(sandbox, { parameters: fromRows, items: rowsOf(sheetOf(20)) });

		expect(sandbox.stats.byPath).toEqual({ 'GET /api/pixels': 1, 'POST /api/pixel/add': 20 });
		expect(outcomesOf(result.items)).toEqual(Array(20).fill('created'));
		expect(pixelsOf(sandbox).map(({ name, tag }) => ({ name, tag }))).toEqual(
			sheetOf(20).map(({ name, tag }) => ({ name, tag })),
		);
	});

	test('300 rows with nothing changed: exactly one list request', async () => {
		// Without a page-size maximum, as real installations have it: one page holds them all.
		const sandbox = await sandboxWith({ seed: { pixels: 300 }, maxLimit: 0 });
		const rows = rowsOf(pixelsOf(sandbox));

		const result = await runAgainst(sandbox, { parameters: fromRows, items: rows });

		expect(sandbox.stats.byPath).toEqual({ 'GET /api/pixels': 1 });
		expect(sandbox.stats.requests).toBe(1);
		expect(outcomesOf(result.items)).toEqual(Array(300).fill('unchanged'));
	}, 30_000);

	test('300 unchanged rows, 100 records a page: the 3 pages, nothing else', async () => {
		const sandbox = await sandboxWith({ seed: { pixels: 300 }, maxLimit: 100 });

		await runAgainst(sandbox, { parameters: fromRows, items: rowsOf(pixelsOf(sandbox)) });

		const pages = sandbox.stats.log.map(({ url }) => new URL(url, sandbox.url).searchParams);
		expect(pages.map((query) => query.get('page'))).toEqual(['1', '2', '3']);
		expect(sandbox.stats.byPath).toEqual({ 'GET /api/pixels': 3 });
	}, 30_000);

	test('a re-run with 3 rows changed and 2 new: 1 list read, 3 updates, 2 creates', async () => {
		const sandbox = await sandboxWith({ seed: { pixels: 30 } });
		const sheet = pixelsOf(sandbox).map(({ type, name, tag }) => ({ type, name, tag }));
		for (const row of sheet.slice(0, 3)) row.tag = `${row.tag}-NEW`;
		sheet.push(...sheetOf(2, (i) => `New pixel ${i}`));

		const result = await runAgainst(sandbox, { parameters: fromRows, items: rowsOf(sheet) });

		expect(sandbox.stats.byPath).toEqual({
			'GET /api/pixels': 1,
			'PUT /api/pixel/:id/update': 3,
			'POST /api/pixel/add': 2,
		});
		const outcomes = outcomesOf(result.items);
		expect(outcomes.slice(0, 3)).toEqual(['updated', 'updated', 'updated']);
		expect(outcomes.slice(30)).toEqual(['created', 'created']);
		expect(pixelsOf(sandbox).map(({ name, tag }) => ({ name, tag }))).toEqual(
			sheet.map(({ name, tag }) => ({ name, tag })),
		);
	});

	test('300 rows repeating 30 names: 30 creates, never two for one name', async () => {
		const sandbox = await sandboxWith();
		const sheet = sheetOf(300, (i) => `Pixel ${i % 30}`).map((row) => ({ ...row, tag: 'T' }));

		const result = await runAgainst(sandbox, { parameters: fromRows, items: rowsOf(sheet) });

		expect(sandbox.stats.byPath).toEqual({ 'GET /api/pixels': 1, 'POST /api/pixel/add': 30 });
		const names = pixelsOf(sandbox).map(({ name }) => name);
		expect(new Set(names).size).toBe(30);
		const outcomes = outcomesOf(result.items);
		expect(outcomes.filter((outcome) => outcome === 'created')).toHaveLength(30);
		expect(outcomes.filter((outcome) => outcome === 'unchanged')).toHaveLength(270);
	}, 30_000);
});
