// One workflow per resource that runs its operations (test/e2e/workflows/<resource>.json), each
// checked on the items its nodes put out, the exact bodies sent and the sandbox's records
// afterwards. The link resource and Create or Update are in links.mjs.
import assert from 'node:assert/strict';

import {
	checkCreated,
	checkDeleted,
	checkPngFiles,
	checkReturnAll,
	checkUpdated,
	count,
	ids,
	listed,
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
			checkDeleted(ctx, `Delete ${resource}`, records, created.id, `${resource}Id`);
			more(ctx);
		},
	};
}

export const RESOURCE_CASES = [
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
				ctx.out('All campaigns').find((campaign) => Number(campaign.id) === 1).name,
				'Campaign 1',
				'campaign 1 (name under `domain`) has a name',
			);
			assert.deepEqual(
				ids(ctx.out('Seven campaigns')),
				listed(ctx, range(1, SEED.campaigns)).slice(0, 7),
				'Limit 7 with page size 5: the first seven listed',
			);
			assert.equal(count(ctx, 'GET /api/campaigns'), pages(SEED.campaigns, 5) + 2);
			const [created] = ctx.out('Create campaign');
			assert.equal(created.id, SEED.campaigns + 1);
			assert.equal(created.name, 'E2E campaign');
			const [assigned] = ctx.out('Assign link');
			assert.equal(assigned.success, true);
			assert.equal(Number(assigned.linkId), 4, 'the link ID is trimmed');
			assert.equal(
				requests(ctx, 'POST /api/campaign/:campaignid/assign/:linkid')[0].url,
				`/api/campaign/${created.id}/assign/4`,
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
		name: 'qrCode: getAll (Return All), create (vCard JSON), get, update, downloadImage (PNG), delete',
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
			const [downloaded] = checkPngFiles(ctx, 'Download QR image', 300);
			assert.equal(downloaded.id, created.id);
			assert.equal(downloaded.name, 'E2E vCard');
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
			const shown = listed(ctx, ctx.sandbox.store.itemsOfChannel(1));
			assert.equal(shown.length, SEED.channelItems);
			assert.deepEqual(
				ctx.out('Channel 1 items').map((item) => [item.type, Number(item.id)]),
				shown.map((item) => [item.type, item.id]),
				"every item of channel 1, in the list's order",
			);
			const channel1 = requests(ctx, 'GET /api/channel/:id').filter(
				(entry) => new URL(entry.url, 'http://x').pathname === '/api/channel/1',
			);
			assert.equal(
				channel1.length,
				pages(ctx.sandbox.store.rowsOfChannel(1).length, 5),
				'each page of channel 1 once, to maxpage',
			);
			const created = checkCreated(
				ctx,
				'Create channel',
				SEED.channels + 1,
				'POST /api/channel/add',
				{
					name: 'E2E channel',
					color: '#AABBCC',
					description: 'Made by the e2e suite',
					starred: true,
				},
			);
			assert.equal(created.name, 'E2E channel');
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
			checkDeleted(ctx, 'Delete channel', 'channels', created.id, 'channelId');
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
			const [first] = ctx.out('All splash pages');
			assert.equal(first.name, `Splash page ${first.id}`);
			checkReturnAll(ctx, 'All overlays', 'GET /api/overlay', SEED.overlays, 3);
			assert.deepEqual(
				ids(ctx.out('Three overlays')),
				listed(ctx, range(1, SEED.overlays)).slice(0, 3),
				'Limit 3: the first three listed',
			);
			assert.equal(count(ctx, 'GET /api/overlay'), pages(SEED.overlays, 3) + 1);
		},
	},
];
