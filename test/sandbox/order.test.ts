// The order of every list: the reference oldest first, the family newest first (the most
// recently created on page 1), and --order to ask for either in both profiles.

import { call, Json, sandboxStarter } from './helpers';
import { ListOrder, Profile, resolveOptions, Sandbox } from './server';

const sandboxWith = sandboxStarter();

/** Name, path and collection key of every list. */
const LISTS: Array<[string, string, string]> = [
	['campaigns', '/api/campaigns', 'campaigns'],
	['splash pages', '/api/splash', 'splash'],
	['QR codes', '/api/qr', 'qrs'],
	['links', '/api/urls', 'urls'],
	['channels', '/api/channels', 'channels'],
	['pixels', '/api/pixels', 'pixels'],
	['CTA overlays', '/api/overlay', 'cta'],
	['branded domains', '/api/domains', 'domains'],
];

const CASES: Array<[Profile, string, ListOrder | undefined, ListOrder]> = [
	['reference', 'by default', undefined, 'oldest'],
	['family', 'by default', undefined, 'newest'],
	['reference', 'with --order newest', 'newest', 'newest'],
	['family', 'with --order oldest', 'oldest', 'oldest'],
];

describe.each(CASES)('%s profile %s', (profile, _label, order, expected) => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await sandboxWith({ profile, order, seed: 3, systemDomains: 0, orphanedItems: 0 });
	});
	const ids = expected === 'oldest' ? [1, 2, 3] : [3, 2, 1];

	test(`the options say ${expected}`, () => {
		expect(sandbox.options.order).toBe(expected);
	});

	test.each(LISTS)(`%s are listed ${expected} first`, async (_name, path, key) => {
		const { body } = await call(sandbox, 'GET', `${path}?limit=2`);
		const listKey = profile === 'family' && key === 'cta' ? 'overlay' : key;
		const page = body.data[listKey].map((record: Json) => record.id);
		expect(page).toEqual(ids.slice(0, 2));
	});

	test(`a new record comes ${expected === 'newest' ? 'first' : 'last'}`, async () => {
		const created = await call(sandbox, 'POST', '/api/pixel/add', {
			body: { type: 'forum', name: 'New', tag: 'N' },
		});
		const { body } = await call(sandbox, 'GET', '/api/pixels');
		const listed = body.data.pixels.map((pixel: Json) => pixel.id);
		expect(listed).toEqual(
			expected === 'newest' ? [created.body.id, ...ids] : [...ids, created.body.id],
		);
	});

	test(`channel items are listed ${expected} assignment first`, async () => {
		for (const item of ['bio/9', 'qr/2', 'links/3']) {
			await call(sandbox, 'POST', `/api/channel/2/assign/${item}`);
		}
		const { body } = await call(sandbox, 'GET', '/api/channel/2');
		const listed = body.data.items.map((item: Json) => `${item.type}/${item.id}`);
		const assigned = ['bio/9', 'qr/2', 'links/3'];
		expect(listed).toEqual(expected === 'oldest' ? assigned : assigned.reverse());
	});
});

test.each<ListOrder>(['oldest', 'newest'])(
	'orphaned channel items are listed first in order %s',
	async (order) => {
		const sandbox = await sandboxWith({ profile: 'family', order });
		const { body } = await call(sandbox, 'GET', '/api/channel/1');
		expect(body.data).toMatchObject({ result: 20, perpage: 15, items: [] });
	},
);

test('the profiles give the order its default; a given one wins', () => {
	expect(resolveOptions({}).order).toBe('oldest');
	expect(resolveOptions({ profile: 'family' }).order).toBe('newest');
	expect(resolveOptions({ profile: 'family', order: 'oldest' }).order).toBe('oldest');
});
