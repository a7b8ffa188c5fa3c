// The link resource (test/e2e/workflows/link.json: every operation but Create or Update, which
// examples/sheet-create-or-update.json runs) and Create or Update on the other five resources
// (test/e2e/workflows/upsert.json), each checked on the items its nodes put out, the exact bodies
// sent and the sandbox's records afterwards.
import assert from 'node:assert/strict';

import {
	bodyOf,
	checkCreated,
	checkDeleted,
	checkFile,
	checkReturnAll,
	count,
	ids,
	listed,
	noErrors,
	pages,
	query,
	requests,
	SEED,
	sentBody,
} from './sandbox-state.mjs';

/** The requests of a route whose query has `name` = `value`. */
const withQuery = (ctx, route, name, value) =>
	requests(ctx, route).filter((entry) => query(entry).get(name) === value);

const linkCase = {
	name: 'link: getAll (Return All, a search over pages), get (by short URL), create, update, downloadImage (SVG), delete',
	file: 'test/e2e/workflows/link.json',
	profile: 'family',
	check(ctx) {
		checkReturnAll(ctx, 'All links', 'GET /api/urls', SEED.links, 4);
		assert.equal(withQuery(ctx, 'GET /api/urls', 'limit', '4').length, pages(SEED.links, 4));

		// Filters › Search, sent as `q`: every link whose text has "article" and "1", page by page
		const found = ctx.out('Links about article 1');
		assert.deepEqual(ids(found), listed(ctx, [1, 10, 11, 12, 13]));
		const searched = withQuery(ctx, 'GET /api/urls', 'q', 'article 1');
		assert.deepEqual(
			searched.map((entry) => [query(entry).get('page'), query(entry).get('limit')]),
			[
				['1', '2'],
				['2', '2'],
				['3', '2'],
			],
		);

		// By URL: a pasted short URL is looked up by its alias (the host is not compared)
		const [link4] = ctx.out('Get link by short URL');
		assert.equal(link4.id, 4);
		assert.equal(link4.shorturl, ctx.sandbox.store.links.get(4).shorturl);
		assert.equal(link4.longurl, 'https://www.example.com/article/4');
		assert.equal(link4.statistics.clicks, ctx.sandbox.store.clicksOf(4));
		assert.equal(withQuery(ctx, 'GET /api/urls', 'short', 'link4').length, 1);
		assert.deepEqual(
			requests(ctx, 'GET /api/url/:id')
				.map((entry) => entry.url)
				.sort(),
			[`/api/url/${SEED.links + 1}`, '/api/url/4'],
			'Get (link 4) and Download QR Image (the new link)',
		);

		// Create: the Link fields as the service takes them; the expiry given with an offset is
		// sent as the workflow's wall time (Europe/Berlin, UTC+2 in May); the campaign picked from
		// the list and the channel given by ID are sent as integers
		const created = checkCreated(ctx, 'Create link', SEED.links + 1, 'POST /api/url/add', {
			url: 'https://example.com/e2e/launch',
			custom: 'e2e-launch',
			campaign: 2,
			channel: 3,
			description: 'Made by the e2e suite',
			expiry: '2030-05-01 12:00:00',
			geotarget: [{ location: 'Canada', link: 'https://example.ca/e2e/launch' }],
			parameters: [{ name: 'utm_source', value: 'e2e' }],
		});
		assert.equal(created.shorturl, `${ctx.sandbox.url}/e2e-launch`);
		assert.equal(created.longurl, 'https://example.com/e2e/launch', 'the destination sent');

		// Update: the destination is sent every time; the short URL (answered as `short`) comes out
		// as `shorturl`, the destination sent as `longurl`
		assert.deepEqual(sentBody(ctx, 'PUT /api/url/:id/update'), {
			url: 'https://example.com/e2e/launch-v2',
			metatitle: 'E2E launch',
			status: 'public',
		});
		assert.deepEqual(ctx.out('Update link'), [
			{ id: created.id, shorturl: created.shorturl, longurl: 'https://example.com/e2e/launch-v2' },
		]);

		// Download QR Image as SVG into the binary field `qr`, from the link's public image address
		const [withImage] = ctx.out('Download link QR image');
		assert.equal(withImage.id, created.id);
		assert.equal(withImage.longurl, 'https://example.com/e2e/launch-v2');
		checkFile(ctx.binaries('Download link QR image')[0], 'qr', {
			fileName: `link-${created.id}.svg`,
			mimeType: 'image/svg+xml',
		});
		assert.deepEqual(
			requests(ctx, 'GET /:alias/qr/download/:format/:size').map((entry) => entry.url),
			['/e2e-launch/qr/download/svg/200'],
		);

		checkDeleted(ctx, 'Delete link', 'links', created.id, 'linkId');
		assert.equal(ctx.sandbox.store.links.created, 1);
		assert.equal(ctx.sandbox.store.links.deleted, 1);
	},
};

/**
 * Each Create or Update node of upsert.json gets two items with the same key: the first creates
 * the record (exactly `create` sent), the second finds it and, where `update` is given, sends it
 * (its value changed), else sends nothing (`unchanged`). The list is read, never written twice.
 */
const UPSERTS = [
	{
		node: 'Upsert pixel',
		records: 'pixels',
		route: 'pixel',
		create: { type: 'retargetpixel', name: 'E2E upsert pixel', tag: 'E2E-UPSERT' },
		update: { name: 'E2E upsert pixel renamed', tag: 'E2E-UPSERT' },
	},
	{
		node: 'Upsert channel',
		records: 'channels',
		route: 'channel',
		create: { name: 'E2E upsert channel', color: '#AABBCC', description: 'Made by the e2e suite' },
	},
	{
		node: 'Upsert campaign',
		records: 'campaigns',
		route: 'campaign',
		create: { name: 'E2E upsert campaign', public: true, slug: 'e2e-upsert' },
	},
	{
		node: 'Upsert domain',
		records: 'domains',
		route: 'domain',
		// the second item's address differs in case and by a trailing "/": the same domain
		create: {
			domain: 'https://upsert.e2e.example.com',
			redirectroot: 'https://e2e.example.com/upsert',
		},
	},
	{
		node: 'Upsert QR code',
		records: 'qr',
		route: 'qr',
		create: {
			type: 'link',
			data: 'https://example.com/e2e/upsert',
			name: 'E2E upsert QR',
			foreground: 'rgb(0,0,128)',
		},
	},
];

const upsertCase = {
	name: 'upsert on pixel, channel, campaign, domain, qrCode: created, then updated or unchanged',
	file: 'test/e2e/workflows/upsert.json',
	profile: 'family',
	check(ctx) {
		const { store } = ctx.sandbox;
		for (const { node, records, route, create, update } of UPSERTS) {
			const items = ctx.out(node);
			noErrors(items, node);
			assert.deepEqual(
				items.map((item) => item.outcome),
				['created', update ? 'updated' : 'unchanged'],
				`${node}: outcomes`,
			);
			assert.deepEqual(ids(items), [SEED[records] + 1, SEED[records] + 1], `${node}: one record`);
			assert.equal(store[records].created, 1, `${node}: one record created`);
			const posts = requests(ctx, `POST /api/${route}/add`);
			assert.deepEqual(posts.map(bodyOf), [create], `${node}: what the first item sent`);
			const puts = requests(ctx, `PUT /api/${route}/:id/update`);
			assert.deepEqual(puts.map(bodyOf), update ? [update] : [], `${node}: what the second sent`);
			if (update) assert.equal(puts[0].url, `/api/${route}/${items[0].id}/update`);
		}
		assert.equal(store.pixels.get(SEED.pixels + 1).name, 'E2E upsert pixel renamed');
		for (const route of ['pixels', 'channels', 'campaigns', 'domains', 'qr'])
			assert.ok(count(ctx, `GET /api/${route}`) >= 1, `the ${route} were listed`);
	},
};

export const LINK_CASES = [linkCase, upsertCase];
