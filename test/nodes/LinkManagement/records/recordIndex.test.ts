/**
 * Links matched by alias on a long list (records/recordIndex.ts): after the list's first page, the
 * service is asked for each alias (`short`) when that costs fewer requests than reading the rest
 * of the list, and the rest is read otherwise, or where the service ignores `short`. Against the
 * sandbox, 500 links at 100 a page: the first page, then 4 more. Items with one key take turns
 * in their order.
 */
import type { IDataObject } from 'n8n-workflow';

import { getAll } from '../../../../nodes/LinkManagement/resources/link/getAll';
import { RecordIndex } from '../../../../nodes/LinkManagement/records/recordIndex';
import { select } from '../../../helpers';
import { runAgainst } from '../../../helpers/sandbox';
import { sandboxStarter } from '../../../sandbox/helpers';
import type { Sandbox } from '../../../sandbox/server';

const sandboxWith = sandboxStarter({ seed: { links: 500 }, maxLimit: 100 });

const fromRows = select('link', 'upsert', {
	custom: '={{ $json.alias }}',
	url: '={{ $json.url }}',
});
/** Seeded link 7 as it is, link 300 with a new destination, and a new alias. */
const threeRows = [
	{ alias: ' link7 ', url: 'https://www.example.com/article/7' },
	{ alias: 'link300', url: 'https://example.com/moved/300' },
	{ alias: 'fresh', url: 'https://example.com/fresh' },
];
const OUTCOMES = ['unchanged', 'updated', 'created'];

/** The list requests the sandbox received, by what they asked: `short=<alias>` or `page=<n>`. */
const listRequestsOf = (sandbox: Sandbox) =>
	sandbox.stats.log
		.filter(({ route }) => route === 'GET /api/urls')
		.map(({ url }) => new URL(url, sandbox.url).searchParams)
		.map((query) =>
			query.has('short') ? `short=${query.get('short')}` : `page=${query.get('page')}`,
		);

const run = async (sandbox: Sandbox, rows: IDataObject[]) => {
	const result = await runAgainst(sandbox, {
		parameters: fromRows,
		items: rows.map((json) => ({ json })),
	});
	expect(result.error).toBeUndefined();
	return result.items.map(({ json }) => json.outcome);
};

test('3 aliases, 4 pages left: asks for each alias, reads no other page', async () => {
	const sandbox = await sandboxWith();

	const outcomes = await run(sandbox, threeRows);

	expect(listRequestsOf(sandbox)).toEqual([
		'page=1',
		'short=link7',
		'short=link300',
		'short=fresh',
	]);
	expect(outcomes).toEqual(OUTCOMES);
	expect(sandbox.stats.byPath).toMatchObject({
		'PUT /api/url/:id/update': 1,
		'POST /api/url/add': 1,
	});
	expect(sandbox.store.links.get(300)?.longurl).toBe('https://example.com/moved/300');
});

test('4 rows, 4 pages left: reads the rest of the list instead', async () => {
	const sandbox = await sandboxWith();
	const rows = [...threeRows, { alias: 'link450', url: 'https://www.example.com/article/450' }];

	const outcomes = await run(sandbox, rows);

	expect(listRequestsOf(sandbox)).toEqual(['page=1', 'page=2', 'page=3', 'page=4', 'page=5']);
	expect(outcomes).toEqual([...OUTCOMES, 'unchanged']);
});

test('a list of one page: no alias is asked for', async () => {
	const sandbox = await sandboxWith({ seed: { links: 50 } });

	const outcomes = await run(sandbox, [threeRows[0]]);

	expect(listRequestsOf(sandbox)).toEqual(['page=1']);
	expect(outcomes).toEqual(['unchanged']);
});

test('a service that ignores `short`: the rest of the list read once, no duplicate', async () => {
	const sandbox = await sandboxWith({ linkSearch: false });

	const outcomes = await run(sandbox, threeRows);

	// The rows ask at once; each answer (the whole list's first page) tells that `short` is ignored.
	const asked = listRequestsOf(sandbox);
	expect(asked.filter((request) => request.startsWith('short='))).toHaveLength(3);
	expect(asked.filter((request) => request.startsWith('page='))).toEqual([
		'page=1',
		'page=2',
		'page=3',
		'page=4',
		'page=5',
	]);
	expect(outcomes).toEqual(OUTCOMES);
	expect(sandbox.store.links.size).toBe(501);
});

test('matching on the URL, the list is read: the service finds no link by URL', async () => {
	const sandbox = await sandboxWith();
	const byUrl = { ...fromRows, matchOn: 'url', custom: '' };

	const result = await runAgainst(sandbox, {
		parameters: byUrl,
		items: [{ json: { url: 'https://www.example.com/article/450' } }],
	});

	expect(listRequestsOf(sandbox)).toEqual(['page=1', 'page=2', 'page=3', 'page=4', 'page=5']);
	expect(result.items.map(({ json }) => [json.id, json.outcome])).toEqual([[450, 'unchanged']]);
});

describe('items with one key take turns in the order they took their places', () => {
	const index = () =>
		new RecordIndex(getAll, { field: 'custom', shownAs: 'alias', label: 'Alias' }, 3);
	/** Work that records when it starts and ends, and takes a while. */
	const work = (log: string[], name: string) => async () => {
		log.push(`${name} starts`);
		await new Promise((resolve) => setImmediate(resolve));
		log.push(`${name} ends`);
	};

	test('a later place waits for the earlier one, even when it is run first', async () => {
		const records = index();
		const [first, second] = [records.placeInLine('a'), records.placeInLine('a')];
		const other = records.placeInLine('b');
		const log: string[] = [];

		await Promise.all([
			second.run(work(log, 'second')),
			other.run(work(log, 'other')),
			first.run(work(log, 'first')),
		]);

		expect(log.indexOf('second starts')).toBeGreaterThan(log.indexOf('first ends'));
		expect(log.indexOf('other starts')).toBeLessThan(log.indexOf('first ends'));
	});
});
