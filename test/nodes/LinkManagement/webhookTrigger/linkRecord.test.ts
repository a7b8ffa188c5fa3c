/**
 * Add Link Record: the notification is answered first, then its short URL is looked up through
 * the transport (`GET /api/urls?short=<alias>`, the whole list where the service ignores
 * `short`) and the record added under `link`, free of the credential's secrets. A short URL looked
 * up is reused for Reuse Link Record for (Seconds), and notifications arriving together share one
 * lookup; a miss or a failure is not reused and never loses the notification (`link` null,
 * `linkError` saying why).
 */
import nock from 'nock';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { AUTHORIZATION, TEST_API_KEY, TEST_BASE_URL } from '../../../helpers';
import { listAnswer, linkRecords } from '../../../helpers/fixtures';
import {
	linkClickedNotification as clicked,
	linkClickedItem,
	linkCreatedNotification as created,
	webhookTrigger,
} from '../../../helpers/webhookTrigger';

const [summer, menu] = linkRecords;
const withLookup = (options: INodeParameters = {}): INodeParameters => ({
	addLinkRecord: true,
	options,
});

/**
 * GET /api/urls answering `records` (each answer a new list, so that a test may change them),
 * `times` times; each request noted in `events` as `lookup <query>` when it arrives.
 */
/** The service refuses the link lookup (GET /api/urls with the key) with `status` and `body`. */
function refuseLinks(status: number, body: IDataObject): void {
	nock(TEST_BASE_URL)
		.matchHeader('authorization', AUTHORIZATION)
		.get('/api/urls')
		.query(true)
		.reply(status, body);
}

function serveLinks(
	events: string[],
	records: () => IDataObject[],
	{ times = 1, delayMs = 0, apiKey = TEST_API_KEY } = {},
) {
	const queries: Array<Record<string, string>> = [];
	nock(TEST_BASE_URL)
		.matchHeader('authorization', `Bearer ${apiKey}`)
		.get('/api/urls')
		.query(true)
		.times(times)
		.delay(delayMs)
		.reply((uri) => {
			const query = Object.fromEntries(new URL(uri, TEST_BASE_URL).searchParams);
			queries.push(query);
			events.push(`lookup ${new URLSearchParams(query).toString()}`);
			return [200, listAnswer('urls', records())];
		});
	return queries;
}

describe('the record under `link`', () => {
	test('answered first, then looked up by its alias; the item carries the record', async () => {
		const trigger = webhookTrigger(withLookup());
		serveLinks(trigger.events, () => [summer]);

		const { answer, items } = await trigger.post(clicked);

		expect(answer).toEqual({ status: 200, body: { message: 'Received' } });
		// by the node itself, before the lookup: n8n would answer only once it is done
		expect(trigger.events).toEqual(['answered 200', 'lookup short=summer-sale&page=1&limit=1000']);
		expect(items).toEqual([{ ...linkClickedItem, link: summer }]);
	});

	test("Page Size is the lookup's page size", async () => {
		const trigger = webhookTrigger(withLookup({ pageSize: 20 }));
		const queries = serveLinks(trigger.events, () => [summer]);

		await trigger.post(created);

		expect(queries).toEqual([{ short: 'summer-sale', page: '1', limit: '20' }]);
	});

	test('where the service ignores `short`, the list is read and searched', async () => {
		const trigger = webhookTrigger(withLookup());
		const queries = serveLinks(trigger.events, () => [summer, menu], { times: 2 });

		const { items } = await trigger.post({ ...clicked, shorturl: menu.shorturl });

		expect(queries).toEqual([
			{ short: 'menu', page: '1', limit: '1000' },
			{ page: '1', limit: '1000' },
		]);
		expect(items?.[0].link).toEqual(menu);
	});

	test('of links sharing the alias on different domains, the one with this short URL', async () => {
		const other = { ...summer, id: 95, shorturl: 'https://other.example/summer-sale' };
		const trigger = webhookTrigger(withLookup());
		serveLinks(trigger.events, () => [other, summer]);

		const { items } = await trigger.post(clicked);

		expect(items?.[0].link).toEqual(summer);
	});

	test("the credential's secrets are masked in the record", async () => {
		const trigger = webhookTrigger(withLookup());
		serveLinks(trigger.events, () => [{ ...summer, description: `key ${TEST_API_KEY}` }]);

		const { items } = await trigger.post(clicked);

		expect(items?.[0].link).toMatchObject({ id: summer.id, description: 'key ***' });
		expect(JSON.stringify(items)).not.toContain(TEST_API_KEY);
	});
});

describe('a lookup that finds nothing or fails: the notification still starts the workflow', () => {
	test('no link has the short URL: `link` null, `linkError` says so', async () => {
		const trigger = webhookTrigger(withLookup());
		serveLinks(trigger.events, () => []);

		const { answer, items } = await trigger.post(created);

		expect(answer?.status).toBe(200);
		expect(items).toEqual([
			expect.objectContaining({
				event: 'linkCreated',
				link: null,
				linkError: `No link of this account has the short URL ${created.shorturl}`,
			}),
		]);
	});

	test('the service refuses: its words in `linkError`, the key masked', async () => {
		const trigger = webhookTrigger(withLookup());
		refuseLinks(403, { error: 1, message: `The key ${TEST_API_KEY} may not read links.` });

		const { answer, items } = await trigger.post(clicked);

		expect(answer?.status).toBe(200);
		expect(items?.[0].link).toBeNull();
		expect(items?.[0].linkError).toContain('The key *** may not read links.');
		expect(JSON.stringify(items)).not.toContain(TEST_API_KEY);
	});

	test('a key without the "links" scope: `linkError` names the scope', async () => {
		const trigger = webhookTrigger(withLookup());
		refuseLinks(200, {
			error: true,
			message: 'You do not have access to this endpoint with this API key.',
		});

		const { items } = await trigger.post(clicked);

		expect(items?.[0].link).toBeNull();
		expect(items?.[0].linkError).toMatch(
			/^The API key lacks the "links" scope, which Link operations need/,
		);
	});

	test('the credential cannot be read: `linkError` says so', async () => {
		const trigger = webhookTrigger(withLookup(), 'unreadable');

		const { answer, items } = await trigger.post(clicked);

		expect(answer?.status).toBe(200);
		expect(items?.[0]).toMatchObject({
			link: null,
			linkError: 'The credential could not be read',
		});
	});

	test('an option that is not valid fails before anything is answered (n8n answers 500)', async () => {
		const trigger = webhookTrigger(withLookup({ reuseLinkRecord: '=-1' }));

		await expect(trigger.post(clicked)).rejects.toThrow(
			`'Reuse Link Record for (Seconds)' must be a number of 0 or more, but got "-1"`,
		);
		expect(trigger.events).toEqual([]);
	});
});

describe('one lookup per short URL while it is reused', () => {
	let now = Date.UTC(2026, 10, 26, 14, 5, 9);
	beforeEach(() => {
		jest.spyOn(Date, 'now').mockImplementation(() => now);
	});
	afterEach(() => {
		jest.restoreAllMocks();
	});

	test('within the reuse time (60 s by default) the record is reused; after it, asked again', async () => {
		const trigger = webhookTrigger(withLookup());
		let clicks = 42;
		const queries = serveLinks(trigger.events, () => [{ ...summer, clicks }], { times: 2 });

		const first = await trigger.post(clicked);
		clicks = 43;
		now += 59_999;
		const second = await trigger.post(clicked);
		now += 1;
		const third = await trigger.post(clicked);

		expect(queries).toHaveLength(2);
		expect(
			[first, second, third].map(({ items }) => (items?.[0].link as IDataObject).clicks),
		).toEqual([42, 42, 43]);
	});

	test('another short URL is looked up on its own; the same with a trailing / is not', async () => {
		const trigger = webhookTrigger(withLookup());
		serveLinks(trigger.events, () => [summer]);
		serveLinks(trigger.events, () => [menu]);

		await trigger.post(clicked);
		const other = await trigger.post({ ...clicked, shorturl: menu.shorturl });
		const same = await trigger.post({ ...created, shorturl: `${clicked.shorturl}/` });

		expect(trigger.events.filter((event) => event.startsWith('lookup'))).toEqual([
			'lookup short=summer-sale&page=1&limit=1000',
			'lookup short=menu&page=1&limit=1000',
		]);
		expect([other.items?.[0].link, same.items?.[0].link]).toEqual([menu, summer]);
	});

	test('reuse 0: each notification looks up again', async () => {
		const trigger = webhookTrigger(withLookup({ reuseLinkRecord: 0 }));
		const queries = serveLinks(trigger.events, () => [summer], { times: 2 });

		await trigger.post(clicked);
		await trigger.post(clicked);

		expect(queries).toHaveLength(2);
	});

	test('notifications arriving together share one lookup, even with reuse 0', async () => {
		const trigger = webhookTrigger(withLookup({ reuseLinkRecord: 0 }));
		const queries = serveLinks(trigger.events, () => [summer], { delayMs: 100 });

		const deliveries = await Promise.all(
			Array.from({ length: 5 }, async () => await trigger.post(clicked)),
		);

		expect(queries).toHaveLength(1);
		expect(deliveries.map(({ items }) => items?.[0].link)).toEqual(Array(5).fill(summer));
		// Each answered before the one lookup arrived at the service.
		expect(trigger.events.indexOf('lookup short=summer-sale&page=1&limit=1000')).toBe(5);
		// Items of their own: changing one record changes no other.
		(deliveries[0].items?.[0].link as IDataObject).clicks = 0;
		expect(deliveries[1].items?.[0].link).toEqual(summer);
	});

	test('a link not found is looked up again next time', async () => {
		const trigger = webhookTrigger(withLookup());
		let listed: IDataObject[] = [];
		const queries = serveLinks(trigger.events, () => listed, { times: 2 });

		const miss = await trigger.post(created);
		listed = [summer];
		const hit = await trigger.post(created);

		expect(queries).toHaveLength(2);
		expect([miss.items?.[0].link, hit.items?.[0].link]).toEqual([null, summer]);
	});

	test('a lookup that failed is not reused', async () => {
		const trigger = webhookTrigger(withLookup());
		nock(TEST_BASE_URL).get('/api/urls').query(true).reply(403, { error: 1, message: 'Not now.' });
		serveLinks(trigger.events, () => [summer]);

		const failed = await trigger.post(clicked);
		const found = await trigger.post(clicked);

		expect(failed.items?.[0].linkError).toContain('Not now.');
		expect(found.items?.[0].link).toEqual(summer);
	});

	test('the same short URL under another API key is looked up with that key', async () => {
		const mine = webhookTrigger(withLookup());
		const theirs = webhookTrigger(withLookup(), {
			baseUrl: TEST_BASE_URL,
			apiKey: 'another-secret-key-98765',
		});
		const myQueries = serveLinks(mine.events, () => [summer]);
		const theirQueries = serveLinks(theirs.events, () => [menu], {
			apiKey: 'another-secret-key-98765',
		});

		await mine.post(clicked);
		const { items } = await theirs.post({ ...clicked, shorturl: summer.shorturl });

		expect([myQueries.length, theirQueries.length]).toEqual([1, 1]);
		expect(items?.[0].link).toBeNull();
	});
});
