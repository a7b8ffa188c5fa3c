/**
 * The node on n8n's engine against the sandbox server (not nock), at least one operation per
 * resource, so that the node and the sandbox cannot drift apart: against both of the sandbox's
 * profiles, the API reference's answers and the service family's (real installations: the
 * self-hosted PHP product and the hosted offerings built on it; test/sandbox/README.md).
 */
import type { RunOptions } from '../../helpers';
import { jsonOf, runNode, select } from '../../helpers';
import type { Profile, Sandbox } from '../../sandbox/server';
import { startSandbox } from '../../sandbox/server';
import { useVirtualTime } from '../../helpers/virtualTime';

// The sandbox's default budget (30 requests a minute) is waited out on virtual time.
useVirtualTime();

describe.each<Profile>(['reference', 'family'])('against the %s profile', (profile) => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		// Lists oldest first in both profiles: the channel's items are expected in assignment order.
		sandbox = await startSandbox({ profile, seed: 3, basePath: '/short', order: 'oldest' });
	});
	afterAll(async () => await sandbox.stop());

	const run = async (parameters: RunOptions['parameters']) => {
		const result = await runNode({
			credentials: { baseUrl: `${sandbox.url}/api/`, apiKey: sandbox.apiKey },
			parameters,
		});
		expect(result.error).toBeUndefined();
		return jsonOf(result);
	};
	const id = (value: unknown) => ({ __rl: true, mode: 'id', value: String(value) });

	test('account: get', async () => {
		const [account] = await run(select('account', 'get'));
		expect(account).toMatchObject({ id: expect.any(Number), email: expect.any(String) });
		expect(account).not.toHaveProperty('error');
	});

	test('campaign: create, assign a link, list with names', async () => {
		const [created] = await run(
			select('campaign', 'create', {
				additionalFields: { name: 'Launch', slug: 'launch', public: true },
			}),
		);
		expect(created).toMatchObject({
			name: 'Launch',
			public: true,
			rotator: expect.stringContaining('launch'),
		});
		const [assigned] = await run(
			select('campaign', 'assignLink', {
				campaignId: id(created.id),
				linkId: '2',
			}),
		);
		expect(assigned).toEqual({
			success: true,
			message: 'Link successfully added to the campaign.',
			campaignId: created.id,
			linkId: 2,
		});
		const campaigns = await run(select('campaign', 'getAll', { returnAll: true }));
		expect(campaigns).toHaveLength(4);
		expect(campaigns.every((campaign) => typeof campaign.name === 'string')).toBe(true);
	});

	test('splash page and CTA overlay: list', async () => {
		expect(await run(select('splashPage', 'getAll', { returnAll: true }))).toHaveLength(3);
		expect(await run(select('overlay', 'getAll', { limit: 2 }))).toHaveLength(2);
	});

	test('QR code: create from JSON data, get with statistics, delete', async () => {
		const [created] = await run(
			select('qrCode', 'create', {
				type: 'vcard',
				data: '{"fname": "Ada", "lname": "Lovelace", "phone": "+441234567"}',
				additionalFields: { name: 'Ada', foreground: '#1f6feb' },
			}),
		);
		expect(created).toMatchObject({ id: expect.any(Number), link: expect.any(String) });
		const [qr] = await run(select('qrCode', 'get', { qrCodeId: id(created.id) }));
		expect(qr).toMatchObject({
			id: created.id,
			name: 'Ada',
			// the reference's `date`, or the family's `details.data`
			date: sandbox.store.qr.get(Number(created.id))?.date,
			statistics: { clicks: expect.any(Number) },
		});
		const [deleted] = await run(
			select('qrCode', 'delete', {
				qrCodeId: id(created.id),
			}),
		);
		expect(deleted).toEqual({ deleted: true, qrCodeId: created.id });
		expect(sandbox.store.qr.get(Number(created.id))).toBeUndefined();
	});

	test('channel: create, assign items, list them', async () => {
		const [channel] = await run(
			select('channel', 'create', {
				name: 'Newsletter',
				additionalFields: { color: '#abc', starred: true },
			}),
		);
		expect(channel).toMatchObject({ name: 'Newsletter', color: '#AABBCC', starred: true });
		for (const [itemType, itemId] of [
			['links', '3'],
			['qr', '1'],
		]) {
			await run(
				select('channel', 'assignItem', {
					channelId: id(channel.id),
					itemType,
					itemId,
				}),
			);
		}
		const items = await run(
			select('channel', 'getItems', {
				channelId: id(channel.id),
				returnAll: true,
			}),
		);
		expect(items.map((item) => [item.type, item.id])).toEqual([
			['links', 3],
			['qr', 1],
		]);
	});

	test('pixel: create, update, list', async () => {
		const [pixel] = await run(
			select('pixel', 'create', {
				type: 'shortvideo',
				name: 'Clips',
				tag: 'SV-1',
			}),
		);
		await run(
			select('pixel', 'update', {
				pixelId: id(pixel.id),
				tag: 'SV-2',
				updateFields: { name: 'Clips 2' },
			}),
		);
		const pixels = await run(select('pixel', 'getAll', { returnAll: true }));
		expect(pixels.find((record) => record.id === pixel.id)).toMatchObject({
			type: 'shortvideo',
			name: 'Clips 2',
			tag: 'SV-2',
		});
	});

	test('branded domain: create, update, delete', async () => {
		const [domain] = await run(
			select('domain', 'create', {
				domain: 'https://go.example.com',
				additionalFields: { redirectroot: 'https://example.com' },
			}),
		);
		const [updated] = await run(
			select('domain', 'update', {
				domainId: id(domain.id),
				updateFields: { redirect404: 'https://example.com/404' },
			}),
		);
		expect(updated).toMatchObject({ success: true, domainId: domain.id });
		const domains = await run(select('domain', 'getAll', { returnAll: true }));
		expect(domains.find((record) => record.id === domain.id)).toMatchObject({
			domain: 'https://go.example.com',
			redirectroot: 'https://example.com',
			redirect404: 'https://example.com/404',
		});
		await run(select('domain', 'delete', { domainId: id(domain.id) }));
	});
});
