// The workflow cases, each run with `n8n execute` in every n8n: the example workflows users import
// (examples/), one workflow per resource that runs every operation (test/e2e/workflows/), and
// the node's behaviour (a bulk run through the rate limit without a 429, Continue On Fail, a
// failing item that stops the workflow). Each checks the items its nodes put out, the exact
// bodies sent and the sandbox's records afterwards.
import assert from 'node:assert/strict';

import {
	checkCreated,
	checkDeleted,
	checkReturnAll,
	checkUpdated,
	count,
	ids,
	noErrors,
	pages,
	range,
	requests,
	SEED,
	sentBody,
} from './sandbox-state.mjs';

/**
 * The case of a resource whose workflow (test/e2e/workflows/<resource>.json) reads all its records
 * ("All <resource>s", Return All in pages of `pageSize`), then creates, updates and deletes one
 * ("Create <resource>", "Update <resource>", "Delete <resource>"): each step checked with the
 * exact body sent. `more(ctx)` checks what is particular to the resource.
 */
function readCreateUpdateDelete(resource, { pageSize, createBody, updateBody, more = () => {} }) {
	const records = `${resource}s`;
	return {
		name: `${resource}: getAll (Return All), create, update, delete`,
		file: `test/e2e/workflows/${resource}.json`,
		profile: 'family',
		check(ctx) {
			checkReturnAll(ctx, `All ${records}`, `GET /api/${records}`, SEED[records], pageSize);
			const created = checkCreated(
				ctx,
				`Create ${resource}`,
				SEED[records] + 1,
				`POST /api/${resource}/add`,
				createBody,
			);
			checkUpdated(ctx, `Update ${resource}`, `PUT /api/${resource}/:id/update`, updateBody);
			checkDeleted(ctx, `Delete ${resource}`, records, created.id);
			more(ctx);
		},
	};
}

export const WORKFLOW_CASES = [
	// ---------------------------------------------------------------- the examples
	{
		name: 'example: bulk QR codes from a list',
		file: 'examples/bulk-qr-codes-from-list.json',
		profile: 'family',
		check(ctx) {
			const rows = ctx.out('Rows');
			const created = ctx.out('Create QR code');
			assert.equal(rows.length, 6);
			assert.equal(created.length, 6, 'one QR code per row');
			noErrors(created, 'Create QR code');
			// items run concurrently: ids are handed out in arrival order, each output item stays with its row
			assert.deepEqual(
				ids(created).sort((a, b) => a - b),
				range(SEED.qr + 1, SEED.qr + 6),
			);
			created.forEach((qr) => assert.match(String(qr.link), /^http:\/\/127\.0\.0\.1:\d+\/qr\//));
			assert.equal(ctx.sandbox.store.qr.created, 6);
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
			const created = ctx.out('Create pixel');
			assert.equal(created.length, 2);
			noErrors(created, 'Create pixel');
			assert.deepEqual(
				ids(created).sort((a, b) => a - b),
				[SEED.pixels + 1, SEED.pixels + 2],
			);
			assert.equal(ctx.sandbox.store.pixels.created, 2);
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
			assert.deepEqual(ids(all), range(1, SEED.pixels + 2));
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
			const assigned = ctx.out('Assign link');
			assert.equal(assigned.length, 3);
			assigned.forEach((item, i) => {
				assert.equal(item.success, true);
				assert.equal(typeof item.message, 'string');
				assert.equal(Number(item.campaignId), campaign.id);
				assert.equal(Number(item.linkId), 101 + i);
			});
			const record = ctx.sandbox.store.campaigns.get(campaign.id);
			assert.equal(record.name, 'Spring launch');
			assert.equal(record.slug, 'spring-launch');
			assert.equal(record.public, true);
			assert.deepEqual([...record.links].sort(), [101, 102, 103]);
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

	// ---------------------------------------------------------------- every operation
	{
		name: 'account: get, update',
		file: 'test/e2e/workflows/account.json',
		check(ctx) {
			const [account] = ctx.out('Get account');
			assert.equal(account.error, undefined);
			assert.ok(
				account.id !== undefined && typeof account.email === 'string',
				'account fields come out unwrapped',
			);
			const [updated] = ctx.out('Update account');
			assert.equal(updated.success, true);
			assert.equal(ctx.sandbox.store.account.email, 'e2e-updated@example.com');
			assert.deepEqual(sentBody(ctx, 'PUT /api/account/update'), {
				email: 'e2e-updated@example.com',
			});
		},
	},
	{
		name: 'campaign: getAll (Return All over pages, Limit), create, assignLink, update, delete',
		file: 'test/e2e/workflows/campaign.json',
		profile: 'family',
		check(ctx) {
			checkReturnAll(ctx, 'All campaigns', 'GET /api/campaigns', SEED.campaigns, 5);
			assert.equal(
				ctx.out('All campaigns')[0].name,
				'Campaign 1',
				'campaign 1 (name under `domain`) has a name',
			);
			assert.deepEqual(ids(ctx.out('Seven campaigns')), range(1, 7), 'Limit 7 with page size 5');
			assert.equal(count(ctx, 'GET /api/campaigns'), pages(SEED.campaigns, 5) + 2);
			const [created] = ctx.out('Create campaign');
			assert.equal(created.id, SEED.campaigns + 1);
			assert.equal(created.name, 'E2E campaign');
			const [assigned] = ctx.out('Assign link');
			assert.equal(assigned.success, true);
			assert.equal(Number(assigned.linkId), 4242, 'the link ID is trimmed');
			assert.equal(
				requests(ctx, 'POST /api/campaign/:campaignid/assign/:linkid')[0].url,
				`/api/campaign/${created.id}/assign/4242`,
			);
			const [updated] = ctx.out('Update campaign');
			assert.equal(updated.name, 'E2E campaign renamed');
			assert.equal(updated.public, false);
			assert.deepEqual(sentBody(ctx, 'PUT /api/campaign/:id/update'), {
				name: 'E2E campaign renamed',
				public: false,
				slug: 'e2e-renamed',
			});
			checkDeleted(ctx, 'Delete campaign', 'campaigns', created.id, 'campaignId');
			assert.equal(ctx.sandbox.store.campaigns.created, 1);
			assert.equal(ctx.sandbox.store.campaigns.deleted, 1);
		},
	},
	{
		name: 'qrCode: getAll (Return All), create (vCard JSON), get, update, delete',
		file: 'test/e2e/workflows/qr-code.json',
		profile: 'family',
		check(ctx) {
			checkReturnAll(ctx, 'All QR codes', 'GET /api/qr', SEED.qr, 4);
			assert.equal(count(ctx, 'GET /api/qr'), pages(SEED.qr, 4));
			const created = checkCreated(ctx, 'Create QR code', SEED.qr + 1, 'POST /api/qr/add', {
				type: 'vcard',
				data: { fname: 'Ada', lname: 'Lovelace', phone: '+441234567', email: 'ada@example.com' },
				name: 'E2E vCard',
				background: 'rgb(255,255,255)',
				foreground: 'rgb(0,0,128)',
			});
			const [got] = ctx.out('Get QR code');
			assert.equal(got.id, created.id);
			assert.equal(got.name, 'E2E vCard');
			assert.equal(typeof got.statistics, 'object');
			assert.equal(got.statistics.clicks, 0);
			checkUpdated(ctx, 'Update QR code', 'PUT /api/qr/:id/update', {
				data: { fname: 'Ada', lname: 'King', phone: '+441234567' },
				background: 'rgb(0,0,0)',
				logo: 'https://example.com/logo.png',
			});
			checkDeleted(ctx, 'Delete QR code', 'qr', created.id, 'qrCodeId');
			assert.equal(ctx.sandbox.store.qr.deleted, 1);
		},
	},
	{
		name: 'channel: getAll (Return All), create, assignItem, getItems, update, delete',
		file: 'test/e2e/workflows/channel.json',
		profile: 'family',
		check(ctx) {
			checkReturnAll(ctx, 'All channels', 'GET /api/channels', SEED.channels, 2);
			// Channel 1 begins with items whose QR codes are gone (the family's orphaned items): its
			// first pages are empty, and Return All reads on to maxpage, losing nothing.
			const shown = ctx.sandbox.store.itemsOfChannel(1);
			assert.equal(shown.length, SEED.channelItems);
			assert.deepEqual(
				ctx.out('Channel 1 items').map((item) => [item.type, Number(item.id)]),
				shown.map((item) => [item.type, item.id]),
				'every item of channel 1, in order',
			);
			const channel1 = requests(ctx, 'GET /api/channel/:id').filter(
				(entry) => new URL(entry.url, 'http://x').pathname === '/api/channel/1',
			);
			assert.equal(
				channel1.length,
				pages(ctx.sandbox.store.rowsOfChannel(1).length, 5),
				'each page of channel 1 once, to maxpage',
			);
			const [created] = ctx.out('Create channel');
			assert.equal(created.id, SEED.channels + 1);
			assert.equal(created.name, 'E2E channel');
			assert.deepEqual(sentBody(ctx, 'POST /api/channel/add'), {
				name: 'E2E channel',
				color: '#AABBCC',
				description: 'Made by the e2e suite',
				starred: true,
			});
			const [assigned] = ctx.out('Assign QR code');
			assert.equal(assigned.success, true);
			assert.equal(
				requests(ctx, 'POST /api/channel/:channelid/assign/:type/:itemid')[0].url,
				`/api/channel/${created.id}/assign/qr/3`,
			);
			const items = ctx.out('Channel items');
			assert.equal(items.length, 1);
			assert.equal(items[0].type, 'qr');
			assert.equal(Number(items[0].id), 3);
			checkUpdated(ctx, 'Update channel', 'PUT /api/channel/:id/update', {
				name: 'E2E channel renamed',
				color: '#123456',
				starred: false,
			});
			checkDeleted(ctx, 'Delete channel', 'channels', created.id);
			assert.equal(ctx.sandbox.store.itemsOfChannel(created.id).length, 0);
		},
	},
	readCreateUpdateDelete('pixel', {
		pageSize: 3,
		createBody: { type: 'retargetpixel', name: 'E2E pixel', tag: 'E2E-TAG-1' },
		updateBody: { tag: 'E2E-TAG-2', name: 'E2E pixel renamed' },
		more: (ctx) => assert.equal(ctx.sandbox.store.pixels.deleted, 1),
	}),
	readCreateUpdateDelete('domain', {
		pageSize: 4,
		createBody: {
			domain: 'https://go.e2e.example.com',
			redirect404: 'https://e2e.example.com/404',
			redirectroot: 'https://e2e.example.com',
		},
		updateBody: { redirectroot: 'https://e2e.example.com/home' },
	}),
	{
		name: 'splashPage and overlay: getAll (Return All, Limit)',
		file: 'test/e2e/workflows/splash-and-overlays.json',
		profile: 'family',
		check(ctx) {
			checkReturnAll(ctx, 'All splash pages', 'GET /api/splash', SEED.splash, 5);
			assert.equal(ctx.out('All splash pages')[0].name, 'Splash page 1');
			checkReturnAll(ctx, 'All overlays', 'GET /api/overlay', SEED.overlays, 3);
			assert.deepEqual(ids(ctx.out('Three overlays')), [1, 2, 3]);
			assert.equal(count(ctx, 'GET /api/overlay'), pages(SEED.overlays, 3) + 1);
		},
	},

	// ---------------------------------------------------------------- behaviour
	{
		name: 'bulk: 60 QR codes through a 30-per-2-s rate limit, no 429',
		file: 'test/e2e/workflows/bulk-60-qr-codes.json',
		profile: 'family',
		check(ctx) {
			const created = ctx.out('Create QR codes');
			assert.equal(created.length, 60);
			noErrors(created, 'Create QR codes');
			assert.equal(new Set(ids(created)).size, 60, '60 distinct ids');
			assert.equal(ctx.sandbox.store.qr.created, 60, 'exactly 60 QR codes created in the sandbox');
			assert.equal(count(ctx, 'POST /api/qr/add'), 60, 'each sent once');
			assert.equal(ctx.sandbox.stats.rateLimited, 0, 'zero 429 answers');
			assert.equal(ctx.sandbox.stats.byStatus['429'], undefined);
			const names = new Set(created.map((qr) => ctx.sandbox.store.qr.get(qr.id).name));
			assert.equal(names.size, 60);
			assert.ok(names.has('Bulk 1') && names.has('Bulk 60'));
			return {
				note: `${ctx.sandbox.stats.requests} requests, 0 × 429, ${(ctx.ms / 1000).toFixed(1)} s`,
			};
		},
	},
	{
		name: 'continue on fail: one bad item among good ones (service error and input error)',
		file: 'test/e2e/workflows/continue-on-fail.json',
		check(ctx) {
			const pixels = ctx.out('Update pixels');
			assert.equal(pixels.length, 5, 'every input item has an output item');
			assert.equal(pixels[2].error, 'Pixel 999 does not exist.');
			[0, 1, 3, 4].forEach((i) => {
				assert.equal(pixels[i].error, undefined, `item ${i}`);
				assert.equal(pixels[i].success, true);
			});
			assert.deepEqual(
				pixels.filter((p) => !p.error).map((p) => Number(p.pixelId)),
				[1, 2, 3, 4],
			);
			for (const id of [1, 2, 3, 4])
				assert.equal(ctx.sandbox.store.pixels.get(id).tag, `COF-${id}`);
			assert.equal(
				ctx.itemPairing('Update pixels')[2],
				2,
				'the error item is paired with its input item',
			);

			const qrs = ctx.out('Create QR codes');
			assert.equal(qrs.length, 4);
			assert.match(String(qrs[2].error), /color/i, `an invalid color is refused: ${qrs[2].error}`);
			[0, 1, 3].forEach((i) => assert.ok(Number(qrs[i].id) > SEED.qr, `item ${i} created`));
			assert.equal(ctx.sandbox.store.qr.created, 3);
			assert.equal(
				count(ctx, 'POST /api/qr/add'),
				3,
				'the invalid item is refused before a request',
			);
		},
	},
	{
		name: 'a failing item stops the workflow without Continue On Fail',
		file: 'test/e2e/workflows/fails-without-continue.json',
		expectFailure: true,
		check(ctx) {
			assert.notEqual(ctx.code, 0, 'n8n execute exits non-zero');
			assert.match(ctx.stdout + ctx.stderr, /Pixel 999 does not exist\./);
			assert.equal(ctx.sandbox.store.pixels.deleted, 0);
			assert.equal(count(ctx, 'DELETE /api/pixel/:id/delete'), 1);
		},
	},
];
