/**
 * (The family: real installations of the service, as opposed to the API reference's answers.)
 * The family's lists and records on n8n's engine: short or empty pages before `maxpage`,
 * system domains with `"id": null` on every page (and out of the ID picker), CTA overlays under
 * `overlay`, the campaign name under `campaign`, the QR date under `details.data`, and Return
 * All of a large list in pages of 1,000 (or of the installation's cap, as `perpage` says).
 */

import { searchDomains } from '../../../../nodes/LinkManagement/listSearch';
import type { RunOptions } from '../../../helpers';
import { jsonOf, runNode } from '../../../helpers';
import { sandboxPickerContext } from '../../../helpers/picker';
import { sandboxStarter } from '../../../sandbox/helpers';
import type { Sandbox } from '../../../sandbox/server';
import { byId, credentialsOf, requestsTo } from './helpers';

// Oldest first, as the reference lists: these compare lists in ascending IDs.
const sandboxWith = sandboxStarter({ profile: 'family', order: 'oldest' });

async function run(sandbox: Sandbox, parameters: RunOptions['parameters']) {
	const result = await runNode({ credentials: credentialsOf(sandbox), parameters });
	expect(result.error).toBeUndefined();
	return jsonOf(result);
}

/** Page numbers the node asked for on a route, in order. */
const pagesAsked = (sandbox: Sandbox, route: string) =>
	requestsTo(sandbox, route).map((entry) =>
		new URL(entry.url, 'http://x').searchParams.get('page'),
	);

describe('channel items: pages before maxpage short or empty', () => {
	/** Channel 1 of a sandbox seeded with 8 channel items, read with `paging`. */
	async function readChannelOne(paging: RunOptions['parameters']) {
		const sandbox = await sandboxWith({ seed: { channelItems: 8 } });
		const items = await run(sandbox, {
			resource: 'channel',
			operation: 'getItems',
			channelId: byId(1),
			...paging,
		});
		return { sandbox, items };
	}

	test('15 orphaned items, Page Size 5: three empty pages, then every item, in order', async () => {
		const { sandbox, items } = await readChannelOne({ returnAll: true, options: { pageSize: 5 } });
		const shown = sandbox.store.itemsOfChannel(1);
		expect(shown).toHaveLength(8);
		expect(items.map((item) => [item.type, item.id])).toEqual(shown.map((i) => [i.type, i.id]));
		// 23 assignments at 5 per page: maxpage 5, each page asked once.
		expect(pagesAsked(sandbox, 'GET /api/channel/:id')).toEqual(['1', '2', '3', '4', '5']);
	});

	test('Page Size 2: seven empty pages in a row are still no end, `result` counts them', async () => {
		const { sandbox, items } = await readChannelOne({ returnAll: true, options: { pageSize: 2 } });
		const shown = sandbox.store.itemsOfChannel(1);
		expect(items.map((item) => [item.type, item.id])).toEqual(shown.map((i) => [i.type, i.id]));
		// 23 assignments at 2 per page: maxpage 12.
		expect(pagesAsked(sandbox, 'GET /api/channel/:id')).toHaveLength(12);
	});

	test('Limit 6 reads past the empty pages until it has 6 items', async () => {
		const { sandbox, items } = await readChannelOne({
			returnAll: false,
			limit: 6,
			options: { pageSize: 5 },
		});
		const shown = sandbox.store.itemsOfChannel(1).slice(0, 6);
		expect(items.map((item) => [item.type, item.id])).toEqual(shown.map((i) => [i.type, i.id]));
	});

	test('QR codes deleted after they were assigned: an empty first page, nothing lost', async () => {
		const sandbox = await sandboxWith({ seed: { qr: 6 } });
		const [channel] = await run(sandbox, {
			resource: 'channel',
			operation: 'create',
			name: 'Posters',
		});
		for (const qr of [1, 2, 3, 4, 5, 6]) {
			await run(sandbox, {
				resource: 'channel',
				operation: 'assignItem',
				channelId: byId(channel.id),
				itemType: 'qr',
				itemId: String(qr),
			});
		}
		for (const qr of [1, 2, 3]) {
			await run(sandbox, { resource: 'qrCode', operation: 'delete', qrCodeId: byId(qr) });
		}
		const items = await run(sandbox, {
			resource: 'channel',
			operation: 'getItems',
			channelId: byId(channel.id),
			returnAll: true,
			options: { pageSize: 3 },
		});
		expect(items.map((item) => item.id)).toEqual([4, 5, 6]);
		expect(sandbox.store.rowsOfChannel(Number(channel.id))).toHaveLength(6);
	});
});

describe('branded domains: system domains with "id": null on every page', () => {
	test('Return All over 3 pages outputs each real domain and each system domain once', async () => {
		const sandbox = await sandboxWith({ seed: { domains: 5 } });
		const domains = await run(sandbox, {
			resource: 'domain',
			operation: 'getAll',
			returnAll: true,
			options: { pageSize: 2 },
		});
		expect(requestsTo(sandbox, 'GET /api/domains')).toHaveLength(3);
		expect(domains.filter((d) => d.id !== null).map((d) => d.id)).toEqual([1, 2, 3, 4, 5]);
		expect(domains.filter((d) => d.id === null).map((d) => d.domain)).toEqual([
			'https://sys1.link-service.example',
			'https://sys2.link-service.example',
		]);
		expect(domains).toHaveLength(7);
	});

	test('the Branded Domain ID picker offers the real domains only', async () => {
		const sandbox = await sandboxWith({ seed: { domains: 5 } });
		const { results } = await searchDomains.call(sandboxPickerContext(sandbox));
		expect(results.map((result) => result.value)).toEqual(['1', '2', '3', '4', '5']);
		expect(results[0].name).toBe('https://brand1.example.com (ID 1)');
		const filtered = await searchDomains.call(sandboxPickerContext(sandbox), 'sys');
		expect(filtered.results).toEqual([]);
	});
});

describe('records in the family’s keys', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await sandboxWith({ seed: 5 });
	});

	test('CTA overlays under `overlay`: Return All and Limit', async () => {
		const all = await run(sandbox, { resource: 'overlay', operation: 'getAll', returnAll: true });
		expect(all.map((overlay) => overlay.name)).toEqual(
			sandbox.store.overlays.list().map((overlay) => overlay.name),
		);
		expect(await run(sandbox, { resource: 'overlay', operation: 'getAll', limit: 2 })).toHaveLength(
			2,
		);
	});

	test('campaign create and update: the name sent under `campaign` comes out as `name`', async () => {
		const [created] = await run(sandbox, {
			resource: 'campaign',
			operation: 'create',
			additionalFields: { name: 'Autumn', public: true },
		});
		expect(created).toMatchObject({ name: 'Autumn', public: true });
		expect(created).not.toHaveProperty('campaign');
		const [updated] = await run(sandbox, {
			resource: 'campaign',
			operation: 'update',
			campaignId: byId(created.id),
			name: 'Autumn sale',
		});
		expect(updated).toMatchObject({ id: created.id, name: 'Autumn sale' });
		expect(sandbox.store.campaigns.get(Number(created.id))?.name).toBe('Autumn sale');
	});

	test('QR code get: the date sent under `details.data` comes out as `date`', async () => {
		const [qr] = await run(sandbox, { resource: 'qrCode', operation: 'get', qrCodeId: byId(2) });
		expect(qr).toMatchObject({
			id: 2,
			name: 'QR code 2',
			date: sandbox.store.qr.get(2)?.date,
			statistics: { clicks: sandbox.store.qr.get(2)?.stats.clicks },
		});
	});
});

describe('Return All of a large list: pages of 1,000, or the cap `perpage` tells', () => {
	test('2,500 QR codes without a page cap: 3 requests of 1,000', async () => {
		const sandbox = await sandboxWith({ seed: { qr: 2500 } });
		const qrs = await run(sandbox, { resource: 'qrCode', operation: 'getAll', returnAll: true });
		expect(qrs.map((qr) => qr.id)).toEqual(Array.from({ length: 2500 }, (_, i) => i + 1));
		const asked = requestsTo(sandbox, 'GET /api/qr').map((entry) => entry.url);
		expect(asked).toHaveLength(3);
		for (const url of asked) expect(url).toContain('limit=1000');
	});

	test('1,050 QR codes capped at 100: exactly 11 requests, every record once', async () => {
		const sandbox = await sandboxWith({ seed: { qr: 1050 }, maxLimit: 100 });
		const qrs = await run(sandbox, { resource: 'qrCode', operation: 'getAll', returnAll: true });
		expect(qrs.map((qr) => qr.id)).toEqual(Array.from({ length: 1050 }, (_, i) => i + 1));
		expect(pagesAsked(sandbox, 'GET /api/qr')).toEqual(
			Array.from({ length: 11 }, (_, i) => String(i + 1)),
		);
	});
});
