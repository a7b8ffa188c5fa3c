// The five link routes in both profiles: list (order, q, short), read with statistics, create,
// update, delete, and what create and update refuse.

import { call, expectMessage, expectRefusal, Json, TIMESTAMP, visit } from './helpers';
import { Profile, ROUTES, Sandbox, startSandbox } from './server';

const PROFILES: Profile[] = ['reference', 'family'];

describe.each(PROFILES)('the %s profile', (profile) => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox({ profile, rateLimit: 0, seed: 5 });
	});
	afterAll(async () => await sandbox.stop());
	// The store only: the request log is kept for the last test.
	beforeEach(() => sandbox.store.reset());

	const api = (method: string, path: string, body?: unknown) =>
		call(sandbox, method, path, { body });
	const idsOf = async (query: string): Promise<number[]> =>
		(await api('GET', `/api/urls${query}`)).body.data.urls.map((link: Json) => link.id);
	const create = async (body: Json) =>
		(await api('POST', '/api/url/add', { url: 'https://example.com/new', ...body })).body;

	describe('GET /api/urls', () => {
		test('lists links under `urls`, eight fields each', async () => {
			const { body } = await api('GET', '/api/urls?limit=2&page=3');
			expect(body.error).toBe(profile === 'family' ? 0 : '0');
			expect(body.data).toMatchObject({ result: 5, perpage: 2, currentpage: 3, maxpage: 3 });
			expect(body.data.urls).toEqual([
				{
					id: profile === 'family' ? 1 : 5,
					alias: expect.stringMatching(/^link[15]$/),
					shorturl: expect.stringMatching(new RegExp(`^${sandbox.url}/link[15]$`)),
					longurl: expect.stringMatching(/^https:\/\/www\.example\.com\/article\/[15]$/),
					clicks: expect.any(Number),
					title: expect.any(String),
					description: expect.any(String),
					date: expect.stringMatching(TIMESTAMP),
				},
			]);
		});

		test.each([
			['without order', '', profile === 'family' ? [5, 4, 3, 2, 1] : [1, 2, 3, 4, 5]],
			['order=date', '?order=date', [5, 4, 3, 2, 1]],
			['order=click', '?order=click', [1, 4, 5, 3, 2]],
			['order=click, page 2', '?order=click&limit=2&page=2', [5, 3]],
		])('%s lists %j', async (_what, query, ids) => {
			expect(await idsOf(query)).toEqual(ids);
		});

		test('order=click follows clicks counted since', async () => {
			sandbox.store.addClicks(2, 50);
			expect(await idsOf('?order=click&limit=2')).toEqual([2, 1]);
		});

		test.each([
			['link3', [3]],
			['article/4', [4]],
			['ARTICLE 5', [5]],
			['number 2', [2]],
			['seeded link', profile === 'family' ? [5, 4, 3, 2, 1] : [1, 2, 3, 4, 5]],
			['nowhere', []],
		])('q=%s finds %j', async (q, ids) => {
			expect(await idsOf(`?q=${encodeURIComponent(q)}`)).toEqual(ids);
		});

		test.each([
			['an alias in another case, ignoring the rest', 'LINK2&q=nowhere&page=9&limit=1', [2]],
			['an unknown alias', 'nothing-here', []],
		])('short: %s', async (_what, short, ids) => {
			expect(await idsOf(`?short=${short}`)).toEqual(ids);
		});

		test('short takes the whole short URL too', async () => {
			const { shorturl } = sandbox.store.links.get(3)!;
			expect(await idsOf(`?short=${encodeURIComponent(shorturl)}`)).toEqual([3]);
		});
	});

	describe('GET /api/url/:id', () => {
		test('answers details and statistics', async () => {
			const { body } = await api('GET', '/api/url/4');
			const link = sandbox.store.links.get(4)!;
			expect(body.error).toBe(0);
			expect(body.details).toEqual({
				id: 4,
				shorturl: link.shorturl,
				longurl: link.longurl,
				title: 'Article 4',
				description: 'Seeded link number 4',
				location: { Canada: 'https://www.example.ca/article/4' },
				device: { iPhone: 'https://apps.example.com/ios' },
				expiry: null,
				date: link.date,
			});
			expect(body.data).toEqual(link.stats);
			expect(body.data.clicks).toBe(link.clicks);
			expect((await api('GET', '/api/url/3')).body.details.expiry).toMatch(TIMESTAMP);
		});

		test('an unknown link is refused', async () => {
			const message = profile === 'family' ? /^Link not found/ : /^Link 99 does not exist\.$/;
			expectRefusal(profile, await api('GET', '/api/url/99'), 404, message);
		});
	});

	describe('POST /api/url/add', () => {
		test('answers id and shorturl, and stores what it was given', async () => {
			const body = {
				url: 'https://shop.example.com/spring',
				custom: 'Spring',
				password: 'pw',
				expiry: '2030-01-01 00:00:00',
				type: 'frame',
				pixels: [1, '2'],
				status: 'public',
				description: 'note',
				metatitle: 'Spring sale',
				metaimage: 'https://shop.example.com/cover.JPG?v=2',
				parameters: [{ name: 'utm_medium', value: 'qr' }],
				deeplink: { apple: 'https://apps.apple.example/1', google: '' },
			};
			const answer = await api('POST', '/api/url/add', body);
			expect(answer.body).toEqual({ error: 0, id: 6, shorturl: `${sandbox.url}/Spring` });
			const { url, custom, ...settings } = body;
			expect(sandbox.store.links.get(6)).toMatchObject({
				...settings,
				alias: custom,
				longurl: url,
				pixels: [1, 2],
				title: 'Spring sale',
				clicks: 0,
				deeplink: { apple: 'https://apps.apple.example/1', google: '' },
			});
			expect((await idsOf('?order=date'))[0]).toBe(6);
		});

		test('without a custom alias a random, unique one is picked', async () => {
			const made = [await create({}), await create({}), await create({ custom: '' })];
			const aliases = made.map((answer) => answer.shorturl.split('/').pop());
			expect(new Set(aliases).size).toBe(3);
			for (const alias of aliases) expect(alias).toMatch(/^[a-z0-9]{6}$/);
			expect(sandbox.store.links.get(6)).toMatchObject({ status: 'private', type: 'direct' });
		});

		test('a link given a campaign and a channel is assigned to both', async () => {
			const { id } = await create({ campaign: 2, channel: '3' });
			expect(sandbox.store.campaigns.get(2)?.links.has(id)).toBe(true);
			const items = (await api('GET', '/api/channel/3')).body.data.items;
			expect(items).toEqual([
				expect.objectContaining({
					type: 'links',
					id,
					title: 'example.com',
					link: `${sandbox.url}/${sandbox.store.links.get(id)?.alias}`,
				}),
			]);
		});

		test.each([
			['by ID', 2],
			['by address', 'https://brand2.example.com/'],
		])('a branded domain given %s puts the short URL on it', async (_how, domain) => {
			const answer = await create({ custom: 'deal', domain });
			expect(answer.shorturl).toBe('https://brand2.example.com/deal');
			expect(sandbox.store.links.get(answer.id)?.domain).toBe(2);
		});
	});

	describe('PUT /api/url/:id/update', () => {
		test('answers the short URL under `short`; fields left out stay', async () => {
			const answer = await api('PUT', '/api/url/4/update', {
				url: 'https://www.example.com/moved',
				custom: 'moved',
				geotarget: [],
			});
			expect(answer.body).toEqual({ error: 0, id: 4, short: `${sandbox.url}/moved` });
			expect(sandbox.store.links.get(4)).toMatchObject({
				longurl: 'https://www.example.com/moved',
				alias: 'moved',
				geotarget: [],
				devicetarget: [{ device: 'iPhone', link: 'https://apps.example.com/ios' }],
				title: 'Article 4',
				clicks: 21,
			});
		});

		test("'' or null clears password, expiry, domain and deep link", async () => {
			const link = sandbox.store.links.get(2)!;
			Object.assign(link, { domain: 1, expiry: '2030-01-01 00:00:00', deeplink: { apple: 'x' } });
			const cleared = { password: null, expiry: '', domain: null, deeplink: '' };
			await api('PUT', '/api/url/2/update', { url: link.longurl, ...cleared });
			expect(link).toMatchObject({ ...cleared, expiry: null, deeplink: null });
			expect(link.shorturl).toBe(`${sandbox.url}/link2`);
		});

		test('a link keeps its own alias in another case', async () => {
			const answer = await api('PUT', '/api/url/1/update', {
				url: 'https://a.example',
				custom: 'LINK1',
			});
			expect(answer.body.short).toBe(`${sandbox.url}/LINK1`);
		});

		test.each([
			['without url', { custom: 'x' }, /'url' is required/],
			['to a taken alias', { url: 'https://a.example', custom: 'Link2' }, /already taken/],
		])('refused %s', async (_what, body, pattern) => {
			expectRefusal(profile, await api('PUT', '/api/url/1/update', body), 400, pattern);
			expect(sandbox.store.links.get(1)?.alias).toBe('link1');
		});

		test('an unknown link is refused', async () => {
			const answer = await api('PUT', '/api/url/99/update', { url: 'https://a.example' });
			expectRefusal(profile, answer, 404, /^Link (99 does not exist|not found)/);
		});
	});

	describe('DELETE /api/url/:id/delete', () => {
		test('removes the link from its campaigns and channels', async () => {
			await api('POST', '/api/campaign/1/assign/1');
			await api('POST', '/api/channel/2/assign/links/1');
			expect(sandbox.store.itemsOfChannel(1).some((item) => item.type === 'links')).toBe(true);
			const answer = await api('DELETE', '/api/url/1/delete');
			expectMessage(answer.body, 'Link has been deleted successfully');
			expect(sandbox.store.links.get(1)).toBeUndefined();
			expect(sandbox.store.campaigns.get(1)?.links.has(1)).toBe(false);
			const items = [1, 2].flatMap((channel) => sandbox.store.rowsOfChannel(channel));
			expect(items.filter((item) => item.type === 'links' && item.id === 1)).toEqual([]);
			expectRefusal(profile, await api('DELETE', '/api/url/1/delete'), 404, /^Link/);
		});
	});

	describe('what a link reads from other records when asked, never kept', () => {
		const listedAs = async (alias: string) =>
			(await api('GET', `/api/urls?short=${alias}`)).body.data.urls[0];
		const itemsOf = async (channel: number) =>
			(await api('GET', `/api/channel/${channel}`)).body.data.items;

		test("its branded domain's new address: the short URL follows in lists and channel items", async () => {
			const { id, shorturl } = await create({ custom: 'deal', domain: 2, channel: 3 });
			expect(shorturl).toBe('https://brand2.example.com/deal');
			// The API keeps a domain's address; the product's administration changes it.
			sandbox.store.domains.get(2)!.domain = 'https://go.example.org/';
			const moved = 'https://go.example.org/deal';
			expect((await listedAs('deal')).shorturl).toBe(moved);
			expect((await api('GET', `/api/url/${id}`)).body.details.shorturl).toBe(moved);
			expect(await itemsOf(3)).toEqual([expect.objectContaining({ id, link: moved })]);
		});

		test('an update: its channel items show the new alias and meta title', async () => {
			const { id } = await create({ custom: 'before', channel: 3 });
			expect(await itemsOf(3)).toEqual([
				expect.objectContaining({ title: 'example.com', link: `${sandbox.url}/before` }),
			]);
			const update = { url: 'https://www.example.net/after', custom: 'after', metatitle: 'After' };
			await api('PUT', `/api/url/${id}/update`, update);
			expect(await itemsOf(3)).toEqual([
				expect.objectContaining({ id, title: 'After', link: `${sandbox.url}/after` }),
			]);
			await api('PUT', `/api/url/${id}/update`, { url: update.url, metatitle: '' });
			expect((await itemsOf(3))[0].title).toBe('www.example.net');
		});

		test('visits: their clicks show in the list, the details and the click order', async () => {
			const { id } = await create({ custom: 'counted' });
			for (const visitor of ['ann', 'ann', 'bob']) {
				const headers = { 'X-Forwarded-For': visitor === 'ann' ? '10.0.0.1' : '10.0.0.2' };
				expect((await visit(`${sandbox.url}/counted`, { headers })).status).toBe(302);
			}
			expect((await listedAs('counted')).clicks).toBe(3);
			const { data } = (await api('GET', `/api/url/${id}`)).body;
			expect(data).toMatchObject({ clicks: 3, uniqueClicks: 2, topReferrers: { Direct: '3' } });
			sandbox.store.addClicks(id, 60);
			expect(await idsOf('?order=click&limit=1')).toEqual([id]);
		});

		test("a seeded link's statistics are its visits: each heading adds up to its clicks", async () => {
			const { data } = (await api('GET', '/api/url/4')).body;
			expect(data.clicks).toBe(21);
			const sum = (counts: Record<string, string>) =>
				Object.values(counts).reduce((total, count) => total + Number(count), 0);
			for (const heading of ['topCountries', 'topReferrers', 'topBrowsers', 'topOs']) {
				expect([heading, sum(data[heading])]).toEqual([heading, 21]);
			}
			expect(data.uniqueClicks).toBe(14);
		});
	});

	describe('create refuses, and creates nothing', () => {
		test.each<[string, Json, RegExp]>([
			['no url', { url: undefined }, /'url' is required/],
			['a url without http(s)', { url: 'example.com/x' }, /'url'.*http/],
			['a url without a host', { url: 'https://' }, /'url'/],
			['an alias with a space', { custom: 'a b' }, /'custom'.*URL path/],
			['an alias with a slash', { custom: 'a/b' }, /'custom'.*URL path/],
			['an alias with ?', { custom: 'a?b' }, /'custom'.*URL path/],
			['an alias with #', { custom: 'a#b' }, /'custom'.*URL path/],
			['an alias taken in another case', { custom: 'LINK3' }, /'LINK3' is already taken/],
			['a reserved alias', { custom: 'qr' }, /reserved/],
			['an expiry without a time', { expiry: '2030-12-31' }, /'expiry'.*23:59:59/],
			['an expiry on no day', { expiry: '2030-02-30 10:00:00' }, /'expiry'/],
			['an unknown type', { type: 'popup' }, /'type'.*direct, frame, splash/],
			['an unknown overlay', { type: 99 }, /CTA overlay 99 does not exist/],
			['an unknown domain', { domain: 99 }, /'domain'.*99 does not exist/],
			['an unknown domain address', { domain: 'https://x.example' }, /'domain'/],
			['an unknown campaign', { campaign: 99 }, /'campaign'.*99 does not exist/],
			['an unknown channel', { channel: '99' }, /'channel'.*99 does not exist/],
			['an unknown pixel', { pixels: [1, 99] }, /pixel 99 does not exist/],
			['pixels not in an array', { pixels: 1 }, /'pixels'.*array/],
			['an unknown status', { status: 'hidden' }, /'status'.*public or private/],
			['a .gif meta image', { metaimage: 'https://x.example/a.gif' }, /'metaimage'/],
			['a meta image over ftp', { metaimage: 'ftp://x.example/a.png' }, /'metaimage'/],
			['a geo row without link', { geotarget: [{ location: 'Canada' }] }, /row 1 needs both/],
			[
				'a device row without device',
				{ devicetarget: [{ link: 'https://a.example' }] },
				/'devicetarget'/,
			],
			[
				'a language row with a bad link',
				{ languagetarget: [{ language: 'fr', link: 'x' }] },
				/'link'/,
			],
			['a parameter without value', { parameters: [{ name: 'a' }] }, /'parameters' row 1/],
			['a deep link that is text', { deeplink: 'https://a.example' }, /'deeplink'/],
		])('%s', async (_what, body, pattern) => {
			const answer = await api('POST', '/api/url/add', { url: 'https://example.com/ok', ...body });
			expectRefusal(profile, answer, 400, pattern);
			expect(sandbox.store.links.created).toBe(0);
		});
	});

	test('every link route was exercised', () => {
		const seen = new Set(sandbox.stats.log.map((entry) => entry.route));
		const links = ROUTES.filter((r) => r.pattern.startsWith('/api/url'));
		expect(links.map((r) => `${r.method} ${r.pattern}`).filter((key) => !seen.has(key))).toEqual(
			[],
		);
		expect(links).toHaveLength(5);
	});
});
