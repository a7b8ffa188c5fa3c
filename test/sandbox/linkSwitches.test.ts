// The link switches: --link-search off (q and short ignored), --link-details id (a top-level
// `id`, no statistics) and --plan-lacks (features refused in the profile's form). Their flags:
// cli.test.ts and profile.test.ts.

import { call, expectRefusal, Json, sandboxStarter } from './helpers';
import { PLAN_FEATURES, Profile, resolveOptions } from './server';

const sandboxWith = sandboxStarter({ seed: 5 });

test.each([
	['q', '?q=link3'],
	['short', '?short=link3'],
])('--link-search off: %s is ignored, the whole list comes', async (_name, query) => {
	const sandbox = await sandboxWith({ linkSearch: false });
	const { body } = await call(sandbox, 'GET', `/api/urls${query}`);
	expect(body.data.result).toBe(5);
	expect(body.data.urls.map((link: Json) => link.id)).toEqual([1, 2, 3, 4, 5]);
});

test('--link-details id: GET /api/url/:id has a top-level id and no data', async () => {
	const sandbox = await sandboxWith({ linkDetails: 'id' });
	const { body } = await call(sandbox, 'GET', '/api/url/2');
	expect(body).toEqual({ error: 0, id: 2, details: expect.objectContaining({ id: 2 }) });
});

const PLAN_ROWS: Array<[string, Json, string]> = [
	[
		'geotarget',
		{ geotarget: [{ location: 'Canada', link: 'https://a.example' }] },
		'geo targeting',
	],
	[
		'devicetarget',
		{ devicetarget: [{ device: 'iPad', link: 'https://a.example' }] },
		'device targeting',
	],
	[
		'languagetarget',
		{ languagetarget: [{ language: 'de', link: 'https://a.example' }] },
		'language targeting',
	],
	['alias', { custom: 'mine' }, 'custom aliases'],
	['domain', { domain: 1 }, 'branded domains'],
	['pixels', { pixels: [1] }, 'tracking pixels'],
	['splash', { type: 'splash' }, 'splash pages'],
	['overlay', { type: '2' }, 'CTA overlays'],
	['deeplink', { deeplink: { apple: 'https://apps.example/1' } }, 'deep links'],
	['parameters', { parameters: [{ name: 'utm_source', value: 'x' }] }, 'link parameters'],
];

test('the --plan-lacks table covers every feature', () => {
	expect(PLAN_ROWS.map(([feature]) => feature)).toEqual([...PLAN_FEATURES]);
});

describe.each<Profile>(['reference', 'family'])('--plan-lacks in the %s profile', (profile) => {
	test.each(PLAN_ROWS)('lacking %s: create and update refused', async (feature, body, words) => {
		const sandbox = await sandboxWith({ profile, planLacks: [feature as never] });
		const link = { url: 'https://example.com/x', ...body };
		const message = new RegExp(`^Your plan does not include ${words}\\.$`);
		expectRefusal(
			profile,
			await call(sandbox, 'POST', '/api/url/add', { body: link }),
			403,
			message,
		);
		expectRefusal(
			profile,
			await call(sandbox, 'PUT', '/api/url/1/update', { body: link }),
			403,
			message,
		);
		expect(sandbox.store.links.created).toBe(0);
		expect(sandbox.stats.unauthorized).toBe(0);
		const plain = await call(sandbox, 'POST', '/api/url/add', { body: { url: link.url } });
		expect(plain.body.error).toBe(0);
	});
});

test('an unknown feature given programmatically is refused', () => {
	expect(() => resolveOptions({ planLacks: ['teleport' as never] })).toThrow(/--plan-lacks/);
});
