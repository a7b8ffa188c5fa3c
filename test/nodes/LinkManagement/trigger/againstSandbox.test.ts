/**
 * The trigger against the sandbox (the whole API in memory): each event sees what the action
 * node and the service's users do, and a poll beside a bulk run of the action node shares the
 * per-credential budget with it, so that against a truthful budget neither meets a rate-limit
 * answer.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { jsonOf, rl, runNode, select } from '../../../helpers';
import { range } from '../../../helpers/pages';
import { credentialsOf } from '../../../helpers/sandbox';
import { activeTrigger, idsOf } from '../../../helpers/trigger';
import type { Sandbox } from '../../../sandbox/server';
import { startSandbox } from '../../../sandbox/server';
import { useVirtualTime } from '../../../helpers/virtualTime';

// The waits (rate-limit windows, Retry-After, backoff) pass on virtual time.
useVirtualTime();

let sandbox: Sandbox;
afterEach(async () => await sandbox?.stop());

const credentials = () => credentialsOf(sandbox);
const act = async (parameters: INodeParameters, items?: IDataObject[]) => {
	const result = await runNode({
		credentials: credentials(),
		parameters,
		items: items?.map((json) => ({ json })),
	});
	expect(result.error).toBeUndefined();
	return jsonOf(result);
};

test('every event sees what was created, added or scanned after its first poll', async () => {
	sandbox = await startSandbox({ rateLimit: 0, seed: 3 });
	const on = (event: string, more: INodeParameters = {}) =>
		activeTrigger({ event, ...more }, credentials());
	const triggers = {
		campaignCreated: on('campaignCreated'),
		qrCodeCreated: on('qrCodeCreated'),
		channelCreated: on('channelCreated'),
		pixelCreated: on('pixelCreated'),
		domainCreated: on('domainCreated'),
		splashPageCreated: on('splashPageCreated'),
		overlayCreated: on('overlayCreated'),
		channelItemAdded: on('channelItemAdded', { channelId: rl('2', 'list') }),
		qrCodeScanned: on('qrCodeScanned'),
		qrCodeScansReached: on('qrCodeScansReached', { threshold: 100 }),
	};
	for (const trigger of Object.values(triggers)) expect(await trigger.emitted()).toBeNull();

	const [campaign] = await act(
		select('campaign', 'create', {
			additionalFields: { name: 'Spring' },
		}),
	);
	const [qr] = await act(
		select('qrCode', 'create', {
			type: 'link',
			data: 'https://example.com/a',
			additionalFields: { name: 'Poster' },
		}),
	);
	const [channel] = await act(select('channel', 'create', { name: 'Print' }));
	const [pixel] = await act(
		select('pixel', 'create', {
			type: 'qapixel',
			name: 'Q',
			tag: 'T-1',
		}),
	);
	const [domain] = await act(
		select('domain', 'create', {
			domain: 'https://go.example.com',
		}),
	);
	await act(
		select('channel', 'assignItem', {
			channelId: rl('2'),
			itemType: 'qr',
			itemId: String(qr.id),
		}),
	);
	// Splash pages and CTA overlays are made in the service's own interface.
	const date = sandbox.store.nowTimestamp();
	const splash = sandbox.store.splash.insert((id) => ({ id, name: 'Launch', date }));
	const overlay = sandbox.store.overlays.insert((id) => ({
		id,
		type: 'message',
		name: 'Banner',
		date,
	}));
	const [scansOf1, scansOf2] = [1, 2].map((id) => sandbox.store.qr.get(id)!.scans);
	sandbox.store.qr.get(1)!.scans = scansOf1 + 5;
	sandbox.store.qr.get(2)!.scans = Math.max(100, scansOf2 + 1);

	const emitted = async (name: keyof typeof triggers) => await triggers[name].emitted();
	expect(await emitted('campaignCreated')).toEqual([
		expect.objectContaining({ id: campaign.id, name: 'Spring' }),
	]);
	expect(await emitted('qrCodeCreated')).toEqual([
		expect.objectContaining({ id: qr.id, name: 'Poster', scans: 0 }),
	]);
	expect(idsOf(await emitted('channelCreated'))).toEqual([channel.id]);
	expect(await emitted('pixelCreated')).toEqual([
		expect.objectContaining({ id: pixel.id, type: 'qapixel', tag: 'T-1' }),
	]);
	expect(await emitted('domainCreated')).toEqual([
		expect.objectContaining({ id: domain.id, domain: 'https://go.example.com' }),
	]);
	expect(await emitted('splashPageCreated')).toEqual([
		{ id: splash.id, name: 'Launch', date: splash.date },
	]);
	expect(idsOf(await emitted('overlayCreated'))).toEqual([overlay.id]);
	expect(await emitted('channelItemAdded')).toEqual([
		expect.objectContaining({ type: 'qr', id: qr.id, title: 'Poster' }),
	]);
	const scanned = await emitted('qrCodeScanned');
	expect(scanned?.map(({ id, previousScans, newScans }) => [id, previousScans, newScans])).toEqual([
		[1, scansOf1, 5],
		[2, scansOf2, sandbox.store.qr.get(2)!.scans - scansOf2],
	]);
	expect(idsOf(await emitted('qrCodeScansReached'))).toEqual([2]);

	for (const trigger of Object.values(triggers)) expect(await trigger.emitted()).toBeNull();
});

test('polls beside a bulk run share its budget: no rate-limit answer for either', async () => {
	// A truthful budget: 10 requests a second, announced in every answer; pages of at most 5.
	sandbox = await startSandbox({
		rateLimit: 10,
		rateWindowMs: 1000,
		seed: { qr: 12 },
		maxLimit: 5,
	});
	const trigger = activeTrigger({ event: 'qrCodeCreated' }, credentials());
	expect(await trigger.emitted()).toBeNull();

	const rows = range(1, 40).map((n) => ({ url: `https://example.com/bulk/${n}` }));
	const bulk = act(
		{ resource: 'qrCode', operation: 'create', type: 'link', data: '={{ $json.url }}' },
		rows,
	);
	const polled: number[] = [];
	let done = false;
	void bulk.finally(() => (done = true));
	while (!done)
		polled.push(...((await trigger.emitted()) ?? []).map((record) => Number(record.id)));
	const created = await bulk;
	polled.push(...((await trigger.emitted()) ?? []).map((record) => Number(record.id)));

	expect(created).toHaveLength(40);
	expect(sandbox.store.qr.created).toBe(40);
	expect(polled.sort((a, b) => a - b)).toEqual(
		created.map(({ id }) => Number(id)).sort((a, b) => a - b),
	);
	expect(sandbox.stats.byPath['GET /api/qr']).toBeGreaterThan(3);
	expect(sandbox.stats.rateLimited).toBe(0);
}, 60_000);
