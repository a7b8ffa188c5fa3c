// A link's short URL on the sandbox: a visitor's GET redirects (targeted by device, language and
// country, with the link's parameters) and counts a click; passwords, expiry, HEAD, the base
// path, no key and no budget; clicks counted without HTTP.

import { get } from 'http';

import { call, Json, sandboxStarter, visit } from './helpers';
import { Profile, Sandbox, SEEDED_LINK_PASSWORD } from './server';

const sandboxWith = sandboxStarter({ seed: 5 });

/** Node's plain http GET: no key, no redirect followed. */
function plainGet(url: string): Promise<{ status?: number; location?: string }> {
	return new Promise((resolve, reject) => {
		get(url, (res) => {
			res.resume();
			res.on('end', () => resolve({ status: res.statusCode, location: res.headers.location }));
		}).on('error', reject);
	});
}

const UA = {
	iPhone:
		'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1',
	iPad: 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1',
	android:
		'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36',
	windows:
		'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/124.0 Safari/537.36',
	mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) Gecko/20100101 Firefox/125.0',
};

describe.each<Profile>(['reference', 'family'])('a visit in the %s profile', (profile) => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await sandboxWith({ profile });
	});

	test('a plain GET of the short URL redirects and counts a click', async () => {
		const { shorturl, longurl } = sandbox.store.links.get(5)!;
		expect(await plainGet(shorturl)).toEqual({ status: 302, location: longurl });
		expect(sandbox.store.clicksOf(5)).toBe(1);
		const { body } = await call(sandbox, 'GET', '/api/url/5');
		expect(body.data).toMatchObject({ clicks: 1, uniqueClicks: 1 });
	});

	test('a fetch that follows the redirect counts the click too', async () => {
		const before = sandbox.store.clicksOf('link5');
		// The destination is not reachable from the tests; the click is counted before it.
		await fetch(sandbox.store.links.get(5)!.shorturl).catch(() => undefined);
		expect(sandbox.store.clicksOf('link5')).toBe(before + 1);
	});

	test('HEAD answers the same redirect and counts nothing', async () => {
		const before = sandbox.store.clicksOf(5);
		const answer = await visit(`${sandbox.url}/LINK5`, { method: 'HEAD' });
		expect(answer.status).toBe(302);
		expect(answer.headers.get('location')).toBe('https://www.example.com/article/5');
		expect(sandbox.store.clicksOf(5)).toBe(before);
	});

	test('visits take no key, no budget and send no rate-limit headers', async () => {
		const limited = await sandboxWith({ profile, rateLimit: 1 });
		for (let i = 0; i < 3; i++) {
			const answer = await visit(`${limited.url}/link1`);
			expect(answer.status).toBe(302);
			expect(answer.headers.get('x-ratelimit-limit')).toBeNull();
		}
		expect((await call(limited, 'GET', '/api/account')).body.error).toBe(0);
		expect(limited.stats.rateLimited).toBe(0);
	});

	test('a path that names no link is answered as before', async () => {
		const answer = await visit(`${sandbox.url}/no-such-link`);
		expect(answer.status).toBe(profile === 'family' ? 404 : 401);
	});
});

test('under a base path, the short URL is below it', async () => {
	const sandbox = await sandboxWith({ basePath: '/short' });
	const { shorturl } = sandbox.store.links.get(1)!;
	expect(shorturl).toBe(`${sandbox.url}/link1`);
	expect((await visit(shorturl)).status).toBe(302);
	// Outside it, the path is any other: without a key, a 401.
	expect((await visit(shorturl.replace('/short/', '/'))).status).toBe(401);
});

describe('where a visit goes', () => {
	let sandbox: Sandbox;
	let shorturl: string;
	beforeAll(async () => {
		sandbox = await sandboxWith();
		const created = await call(sandbox, 'POST', '/api/url/add', {
			body: {
				url: 'https://example.com/landing?x=1',
				devicetarget: ['iPad', 'Android', 'Windows'].map((device) => ({
					device,
					link: `https://t.example/${device.toLowerCase()}`,
				})),
				deeplink: { apple: 'https://apps.example/app', google: 'https://play.example/app' },
				languagetarget: [
					{ language: 'fr', link: 'https://t.example/fr' },
					{ language: 'pt-BR', link: 'https://t.example/pt-br' },
				],
				geotarget: [{ location: 'Canada', link: 'https://t.example/ca' }],
				parameters: [
					{ name: 'utm_source', value: 'qr' },
					{ name: 'a b', value: 'c&d' },
				],
			},
		});
		shorturl = created.body.shorturl;
	});
	const PARAMETERS = 'utm_source=qr&a+b=c%26d';

	test.each<[string, Record<string, string>, string]>([
		['an iPad to its device target', { 'User-Agent': UA.iPad }, 'https://t.example/ipad'],
		['an Android phone to its target', { 'User-Agent': UA.android }, 'https://t.example/android'],
		['Windows to its target', { 'User-Agent': UA.windows }, 'https://t.example/windows'],
		[
			'an iPhone (no target) to the App Store link',
			{ 'User-Agent': UA.iPhone },
			'https://apps.example/app',
		],
		[
			'the first accepted language with a target',
			{ 'Accept-Language': 'de-DE, fr;q=0.8' },
			'https://t.example/fr',
		],
		['a language with its region', { 'Accept-Language': 'pt-BR' }, 'https://t.example/pt-br'],
		['a country named in X-Country', { 'X-Country': 'canada' }, 'https://t.example/ca'],
		[
			'the language before the country',
			{ 'User-Agent': UA.mac, 'Accept-Language': 'fr', 'X-Country': 'Canada' },
			'https://t.example/fr',
		],
		[
			'anyone else to the destination',
			{ 'Accept-Language': 'pt-PT' },
			'https://example.com/landing?x=1',
		],
	])('%s, with the parameters', async (_who, headers, target) => {
		const answer = await visit(shorturl, { headers });
		expect(answer.status).toBe(302);
		const joiner = target.includes('?') ? '&' : '?';
		expect(answer.headers.get('location')).toBe(`${target}${joiner}${PARAMETERS}`);
	});
});

test('clicks count browser, system, referrer, country and unique visitors', async () => {
	const sandbox = await sandboxWith();
	const { id, shorturl } = (
		await call(sandbox, 'POST', '/api/url/add', { body: { url: 'https://example.com/s' } })
	).body;
	const windows = { 'User-Agent': UA.windows, Referer: 'https://news.example/a?b=1' };
	await visit(shorturl, { headers: { ...windows, 'X-Country': 'Germany' } });
	await visit(shorturl, { headers: { ...windows, 'X-Country': 'germany' } });
	await visit(shorturl, { headers: { 'User-Agent': UA.iPhone, 'X-Forwarded-For': '203.0.113.9' } });
	const { body } = await call(sandbox, 'GET', `/api/url/${id}`);
	expect(body.data).toEqual({
		clicks: 3,
		uniqueClicks: 2,
		topCountries: { Germany: '2' },
		topReferrers: { 'https://news.example': '2', Direct: '1' },
		topBrowsers: { Chrome: '2', Safari: '1' },
		topOs: { Windows: '2', iOS: '1' },
		socialCount: { socialnet_a: 0, socialnet_b: 0, socialnet_c: 0 },
	});
});

describe('a password-protected link (seeded link 2)', () => {
	let sandbox: Sandbox;
	let shorturl: string;
	beforeAll(async () => {
		sandbox = await sandboxWith();
		shorturl = sandbox.store.links.get(2)!.shorturl;
	});
	const form = (password: string) => ({
		method: 'POST',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams({ password }).toString(),
	});

	test.each<[string, string, RequestInit, number, RegExp]>([
		['none given: a page asks for it', '', {}, 401, /name="password"/],
		['a wrong one in the query: refused', '?password=guess', {}, 401, /not correct/],
		['a wrong one in a form: refused', '', form('guess'), 401, /not correct/],
		['the right one in the query', `?password=${SEEDED_LINK_PASSWORD}`, {}, 302, /Redirecting/],
		['the right one in a form', '', form(SEEDED_LINK_PASSWORD), 302, /Redirecting/],
		[
			'the right one as JSON',
			'',
			{
				method: 'POST',
				body: JSON.stringify({ password: SEEDED_LINK_PASSWORD }),
				headers: { 'Content-Type': 'application/json' },
			},
			302,
			/Redirecting/,
		],
	])('%s', async (_what, query, init, status, page) => {
		const before = sandbox.store.clicksOf(2);
		const answer = await visit(`${shorturl}${query}`, init);
		expect(answer.status).toBe(status);
		expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
		expect(await answer.text()).toMatch(page);
		expect(sandbox.store.clicksOf(2)).toBe(before + (status === 302 ? 1 : 0));
		expect(sandbox.stats.unauthorized).toBe(0);
	});
});

describe('an expired link', () => {
	test('seeded link 3: an HTML page (410), nothing counted', async () => {
		const sandbox = await sandboxWith();
		const answer = await visit(`${sandbox.url}/link3?password=x`);
		expect(answer.status).toBe(410);
		expect(await answer.text()).toMatch(/expired/);
		expect(sandbox.store.clicksOf(3)).toBe(0);
	});

	test('a link stops working when the sandbox clock passes its expiry', async () => {
		let now = Date.UTC(2030, 0, 1, 12, 0, 0);
		const sandbox = await sandboxWith({ now: () => now });
		const body = { url: 'https://example.com/sale', custom: 'sale', expiry: '2030-01-01 13:00:00' };
		await call(sandbox, 'POST', '/api/url/add', { body });
		expect((await visit(`${sandbox.url}/sale`)).status).toBe(302);
		now += 3_600_000;
		expect((await visit(`${sandbox.url}/sale`)).status).toBe(410);
		expect(sandbox.store.clicksOf('sale')).toBe(1);
	});
});

describe('clicks without HTTP', () => {
	test('addClicks counts as visits; clicksOf reads by ID or alias', async () => {
		const sandbox = await sandboxWith();
		expect(sandbox.store.addClicks('link5', 3, { country: 'France' })).toBe(3);
		sandbox.store.addClicks(5, 2, { visitor: 'ann' });
		const stats: Json = sandbox.store.links.get(5)!.stats;
		expect(stats).toMatchObject({ clicks: 5, uniqueClicks: 4, topCountries: { France: '3' } });
		expect(sandbox.store.clicksOf(5)).toBe(5);
		const { body } = await call(sandbox, 'GET', '/api/urls?short=link5');
		expect(body.data.urls[0].clicks).toBe(5);
		expect(() => sandbox.store.clicksOf('nope')).toThrow(/no link "nope"/);
	});
});
