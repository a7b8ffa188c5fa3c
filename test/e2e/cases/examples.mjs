// The example workflows users import (examples/), each run with `n8n execute` and checked on the
// items its nodes put out and the sandbox's state: what was created, the bodies sent, and what a
// visitor of a new short URL gets. The trigger and AI agent examples are server cases.
import assert from 'node:assert/strict';

import {
	bodyOf,
	checkCreatedMany,
	checkPngFiles,
	count,
	ids,
	listed,
	noErrors,
	query,
	range,
	requests,
	SEED,
	visit,
} from './sandbox-state.mjs';

/** Sorted by a key (items that run concurrently are handled in arrival order). */
const by = (key) => (a, b) => String(a[key]).localeCompare(String(b[key]));

export const EXAMPLE_CASES = [
	{
		name: 'example: bulk QR codes from a list',
		file: 'examples/bulk-qr-codes-from-list.json',
		profile: 'family',
		check(ctx) {
			const rows = ctx.out('Rows');
			assert.equal(rows.length, 6);
			const created = checkCreatedMany(ctx, 'Create QR code', 'qr', 6);
			created.forEach((qr) => assert.match(String(qr.link), /^http:\/\/127\.0\.0\.1:\d+\/qr\//));
			const expectedColors = [
				'rgb(31,111,235)',
				'rgb(209,36,47)',
				'rgb(0,0,0)',
				'rgb(26,127,55)',
				'rgb(130,80,223)',
				'rgb(191,135,0)',
			];
			rows.forEach((row, i) => {
				const record = ctx.sandbox.store.qr.get(created[i].id);
				assert.equal(record.name, row.name);
				assert.equal(record.type, 'link');
				assert.equal(record.data, row.url);
				assert.equal(record.foreground, expectedColors[i], `${row.name}: foreground sent as rgb()`);
				assert.equal(record.background, 'rgb(255,255,255)');
			});
		},
	},
	{
		name: 'example: scheduled pixel creation (run through its Manual Trigger)',
		file: 'examples/scheduled-pixel-creation.json',
		profile: 'family',
		check(ctx) {
			const created = checkCreatedMany(ctx, 'Create pixel', 'pixels', 2);
			const first = ctx.sandbox.store.pixels.get(created[0].id);
			assert.equal(first.type, 'analyticspixel');
			assert.match(first.name, /^Weekly analytics \d{4}-\d{2}-\d{2}$/);
			assert.match(first.tag, /^G-WEEK-\d{8}$/);
			assert.equal(ctx.sandbox.store.pixels.get(created[1].id).type, 'tagmgrpixel');
			const all = ctx.out('All pixels');
			assert.equal(
				all.length,
				SEED.pixels + 2,
				'All pixels runs once (Execute Once) and lists the new ones too',
			);
			assert.deepEqual(ids(all), listed(ctx, range(1, SEED.pixels + 2)));
		},
	},
	{
		name: 'example: campaign with its links',
		file: 'examples/campaign-with-links.json',
		check(ctx) {
			const [campaign, ...more] = ctx.out('Create campaign');
			assert.equal(more.length, 0);
			assert.equal(campaign.id, SEED.campaigns + 1);
			assert.equal(
				campaign.name,
				'Spring launch',
				'the name the service sends under `domain` comes out as `name`',
			);
			assert.equal(campaign.public, true);
			// Link › Get Many, Limit 3, Order By Date: the three newest links
			const newest = [SEED.links, SEED.links - 1, SEED.links - 2];
			assert.deepEqual(ids(ctx.out('Links to assign')), newest);
			assert.deepEqual(
				requests(ctx, 'GET /api/urls').map((entry) => query(entry).get('order')),
				['date'],
			);
			const assigned = ctx.out('Assign link');
			assert.equal(assigned.length, 3);
			assigned.forEach((item, i) => {
				assert.equal(item.success, true);
				assert.equal(typeof item.message, 'string');
				assert.equal(Number(item.campaignId), campaign.id);
				assert.equal(Number(item.linkId), newest[i]);
			});
			assert.deepEqual(
				requests(ctx, 'POST /api/campaign/:campaignid/assign/:linkid').map((entry) => entry.url),
				newest.map((id) => `/api/campaign/${campaign.id}/assign/${id}`),
			);
			const record = ctx.sandbox.store.campaigns.get(campaign.id);
			assert.equal(record.name, 'Spring launch');
			assert.equal(record.slug, 'spring-launch');
			assert.equal(record.public, true);
			assert.deepEqual(
				[...record.links].sort((a, b) => a - b),
				[...newest].sort((a, b) => a - b),
			);
		},
	},
	{
		name: 'example: channel report',
		file: 'examples/channel-report.json',
		profile: 'family',
		check(ctx) {
			assert.equal(ctx.out('Get channels').length, SEED.channels);
			const items = ctx.out('Get channel items');
			assert.equal(items.length, SEED.channelItems, 'all items of all channels');
			const report = ctx.out('Report');
			assert.equal(report.length, SEED.channels, 'one row per channel');
			for (const row of report) {
				const expected = ctx.sandbox.store.itemsOfChannel(row.channelId);
				const kind = (type) => expected.filter((item) => item.type === type).length;
				assert.equal(row.channel, `Channel ${row.channelId}`);
				assert.deepEqual(
					{ items: row.items, links: row.links, bio: row.bio, qr: row.qr },
					{ items: expected.length, links: kind('links'), bio: kind('bio'), qr: kind('qr') },
					`counts of channel ${row.channelId}`,
				);
			}
			assert.equal(report.find((row) => row.channelId === 1).items, SEED.channelItems);
			assert.equal(
				count(ctx, 'GET /api/channel/:id'),
				SEED.channels,
				'one items request per channel',
			);
		},
	},

	{
		name: "example: shorten every URL of a sheet (each short URL leads to its row's URL)",
		file: 'examples/shorten-urls-from-sheet.json',
		async check(ctx) {
			const rows = ctx.out('Rows');
			assert.equal(rows.length, 4);
			noErrors(ctx.out('Shorten URL'), 'Shorten URL');
			assert.deepEqual(
				requests(ctx, 'POST /api/url/add').map(bodyOf).sort(by('url')),
				rows.map((row) => ({ url: row.url, description: row.note })).sort(by('url')),
			);
			const written = ctx.out('Write short URL back');
			assert.equal(written.length, rows.length, 'one short URL per row');
			for (const [i, row] of written.entries()) {
				assert.deepEqual(Object.keys(row), ['row', 'url', 'shortUrl']);
				assert.equal(row.row, rows[i].row);
				assert.equal(row.url, rows[i].url);
				const link = ctx.sandbox.store.linkByAlias(new URL(row.shortUrl).pathname.slice(1));
				assert.ok(link, `${row.shortUrl} is a link of the sandbox`);
				assert.equal(row.shortUrl, link.shorturl);
				assert.equal(link.longurl, row.url);
				assert.equal(link.description, rows[i].note);
				// a visitor of the short URL is sent to the row's URL
				assert.deepEqual(await visit(row.shortUrl), { status: 302, location: row.url });
				assert.equal(ctx.sandbox.store.clicksOf(link.id), 1, `${row.shortUrl}: the visit counted`);
			}
			assert.equal(ctx.sandbox.store.links.created, 4);
		},
	},
	{
		name: 'example: a sheet of short links → Create or Update, run twice (12 created, then nothing sent)',
		file: 'examples/sheet-create-or-update.json',
		runs: 2,
		check(ctx) {
			const [first, second] = ctx.runs;
			const node = 'Create or update link';
			const rows = first.out('Rows');
			assert.equal(rows.length, 12);
			// the first run creates one link per row, as the row says
			const created = checkCreatedMany(ctx, node, 'links', 12, first.out(node));
			assert.deepEqual(
				created.map((item) => item.outcome),
				rows.map(() => 'created'),
			);
			const posts = first.requests.filter((entry) => entry.route === 'POST /api/url/add');
			assert.deepEqual(
				posts.map(bodyOf).sort(by('custom')),
				rows
					.map((row) => ({ custom: row.alias, url: row.url, description: row.note }))
					.sort(by('custom')),
			);
			// the second run finds every link as its row says: nothing sent, only the list read
			const again = second.out(node);
			noErrors(again, node);
			assert.deepEqual(
				again.map((item) => item.outcome),
				rows.map(() => 'unchanged'),
			);
			assert.deepEqual(ids(again), ids(created), 'the same link for each row');
			const routes = [...new Set(second.requests.map((entry) => entry.route))];
			assert.deepEqual(routes, ['GET /api/urls'], 'the second run only reads the list');
			assert.equal(count(ctx, 'PUT /api/url/:id/update'), 0);
			for (const row of rows) {
				const link = ctx.sandbox.store.linkByAlias(row.alias);
				assert.equal(link.longurl, row.url);
				assert.equal(link.description, row.note);
			}
			return { note: `second run: nothing sent, ${second.requests.length} list request(s)` };
		},
	},
	{
		name: 'example: QR codes from a sheet → image files (three PNGs, read by its stand-in)',
		file: 'examples/qr-codes-to-files.json',
		check(ctx) {
			const rows = ctx.out('Rows');
			const created = checkCreatedMany(ctx, 'Create QR code', 'qr', 3);
			const downloaded = checkPngFiles(ctx, 'Download QR image', 600);
			assert.deepEqual(ids(downloaded), ids(created), "each file is its row's QR code");
			created.forEach((qr, i) => {
				assert.equal(ctx.sandbox.store.qr.get(qr.id).name, rows[i].name);
				assert.equal(ctx.sandbox.store.qr.get(qr.id).data, rows[i].url);
			});
		},
	},
];
