// The example workflows users import (examples/) that need no other service, each run with
// `n8n execute` and checked on the items its nodes put out and the sandbox's state. Those chained
// with n8n's nodes for other services are template cases (cases/templates.mjs); the trigger and
// AI agent examples are server cases.
import assert from 'node:assert/strict';

import {
	checkCreatedMany,
	count,
	ids,
	listed,
	query,
	range,
	requests,
	SEED,
} from './sandbox-state.mjs';

export const EXAMPLE_CASES = [
	{
		name: 'example: scheduled pixel creation, Create or Update (run through its Manual Trigger)',
		file: 'examples/scheduled-pixel-creation.json',
		profile: 'family',
		check(ctx) {
			const created = checkCreatedMany(ctx, 'Create or update pixel', 'pixels', 2);
			assert.deepEqual(
				created.map((item) => item.outcome),
				['created', 'created'],
			);
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
];
