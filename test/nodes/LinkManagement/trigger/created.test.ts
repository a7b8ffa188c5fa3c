/**
 * The "On New …" events: the first poll records what exists and emits nothing; later polls emit
 * each record not seen before, once, judged by the records themselves (pages, deletions,
 * reorders, IDs that do not grow, records that drop out and come back).
 */
import type { IDataObject } from 'n8n-workflow';

import { expectNoRequestSent, expr, rl, TEST_API_KEY } from '../../../helpers';
import { minutesAfter2024 } from '../../../helpers/fixtures';
import { range } from '../../../helpers/pages';
import { activeTrigger, fakeService, idsOf, links, qrCodes } from '../../../helpers/trigger';

const LINKS = 'https://links.example.test';
const RECORDS: Array<[string, string, (id: number) => IDataObject]> = [
	[
		'campaignCreated',
		'/api/campaigns',
		(id) => ({
			id,
			name: `Campaign ${id}`,
			public: true,
			rotator: false,
			list: `${LINKS}/c/${id}`,
		}),
	],
	['qrCodeCreated', '/api/qr', (id) => qrCodes([id])[0]],
	[
		'channelCreated',
		'/api/channels',
		(id) => ({ id, name: `Channel ${id}`, description: '', color: '#1F6FEB', starred: false }),
	],
	[
		'pixelCreated',
		'/api/pixels',
		(id) => ({
			id,
			type: 'tagmgrpixel',
			name: `Pixel ${id}`,
			tag: `GTM-${id}`,
			date: minutesAfter2024(id),
		}),
	],
	[
		'domainCreated',
		'/api/domains',
		(id) => ({
			id,
			domain: `https://brand${id}.example.com`,
			redirectroot: `https://www.example.com/${id}`,
			redirect404: `https://www.example.com/404/${id}`,
		}),
	],
	[
		'splashPageCreated',
		'/api/splash',
		(id) => ({ id, name: `Splash ${id}`, date: minutesAfter2024(id) }),
	],
	[
		'overlayCreated',
		'/api/overlay',
		(id) => ({ id, type: 'message', name: `Overlay ${id}`, date: minutesAfter2024(id) }),
	],
	['linkCreated', '/api/urls', (id) => links([id])[0]],
];

describe.each(RECORDS)('%s (GET %s)', (event, path, record) => {
	test('the first poll records what exists (null); later polls emit new records once', async () => {
		const service = fakeService({ [path]: { records: [1, 2, 3].map(record) } });
		const trigger = activeTrigger({ event });

		expect(await trigger.emitted()).toBeNull();
		expect(service.requests).toEqual([{ path, page: 1, limit: 1000 }]);
		expect(await trigger.emitted()).toBeNull();

		service.lists[path].records.push(record(4), record(5));
		expect(await trigger.emitted()).toEqual([record(4), record(5)]);
		expect(await trigger.emitted()).toBeNull();
		expect(service.requests).toHaveLength(4);
	});
});

describe('On New QR Code', () => {
	const trigger = () => activeTrigger({ event: 'qrCodeCreated' });

	test('reads every page, 1,000 a page, and emits new records on any page', async () => {
		const service = fakeService({ '/api/qr': { records: qrCodes(range(1, 2500)) } });
		const active = trigger();
		expect(await active.emitted()).toBeNull();
		expect(service.requests.map(({ page, limit }) => [page, limit])).toEqual([
			[1, 1000],
			[2, 1000],
			[3, 1000],
		]);
		service.lists['/api/qr'].records.push(...qrCodes([2501, 2502]));
		expect(idsOf(await active.emitted())).toEqual([2501, 2502]);
	});

	test('follows the page size an installation caps (perpage)', async () => {
		const service = fakeService({ '/api/qr': { records: qrCodes(range(1, 250)), pageCap: 100 } });
		const active = trigger();
		expect(await active.emitted()).toBeNull();
		expect(service.requests.map(({ page }) => page)).toEqual([1, 2, 3]);
		service.lists['/api/qr'].records.push(...qrCodes([251]));
		expect(idsOf(await active.emitted())).toEqual([251]);
	});

	test('the Page Size option sets the page asked for', async () => {
		const service = fakeService({ '/api/qr': { records: qrCodes(range(1, 5)) } });
		const active = activeTrigger({ event: 'qrCodeCreated', options: { pageSize: 2 } });
		expect(await active.emitted()).toBeNull();
		expect(service.requests.map(({ page, limit }) => [page, limit])).toEqual([
			[1, 2],
			[2, 2],
			[3, 2],
		]);
	});

	test('deletions emit nothing, and a deleted record that comes back is not new', async () => {
		const service = fakeService({ '/api/qr': { records: qrCodes(range(1, 6)) } });
		const active = trigger();
		expect(await active.emitted()).toBeNull();

		service.lists['/api/qr'].records = qrCodes([1, 3, 6]);
		expect(await active.emitted()).toBeNull();
		service.lists['/api/qr'].records = qrCodes([1, 2, 3, 6, 7]);
		expect(idsOf(await active.emitted())).toEqual([7]);
	});

	test('a list reordered (newest first) emits nothing; a new record at its head does', async () => {
		const service = fakeService({ '/api/qr': { records: qrCodes(range(1, 5)) } });
		const active = trigger();
		expect(await active.emitted()).toBeNull();
		service.lists['/api/qr'].records = qrCodes([5, 4, 3, 2, 1]);
		expect(await active.emitted()).toBeNull();
		service.lists['/api/qr'].records = qrCodes([6, 5, 4, 3, 2, 1]);
		expect(idsOf(await active.emitted())).toEqual([6]);
	});

	test('IDs that do not grow: a new record below the highest ID is emitted, once', async () => {
		const service = fakeService({ '/api/qr': { records: qrCodes([10, 20, 30]) } });
		const active = trigger();
		expect(await active.emitted()).toBeNull();
		service.lists['/api/qr'].records = qrCodes([10, 15, 20, 30, 5]);
		expect(idsOf(await active.emitted())).toEqual([15, 5]);
		expect(await active.emitted()).toBeNull();
	});

	test('a record missed while pages shifted under the poll comes next poll, once', async () => {
		// Ordered by name, not by ID: a new record lands in the middle, at the end of page 1.
		const old = qrCodes(range(1, 1500));
		const service = fakeService({ '/api/qr': { records: old } });
		const active = trigger();
		expect(await active.emitted()).toBeNull();

		const [added] = qrCodes([9001]);
		service.lists['/api/qr'].records = [...old.slice(0, 1000), added, ...old.slice(1000)];
		// Before page 2 is answered, a record of page 1 is deleted: the new one moves to page 1,
		// which this poll has read already.
		service.fault = ({ page }) => {
			if (page === 2) service.lists['/api/qr'].records.splice(0, 1);
			return undefined;
		};
		expect(await active.emitted()).toBeNull();
		service.fault = undefined;
		expect(idsOf(await active.emitted())).toEqual([9001]);
		expect(await active.emitted()).toBeNull();
	});

	test('what was recorded survives a restart of n8n (saved static data)', async () => {
		const service = fakeService({ '/api/qr': { records: qrCodes(range(1, 3)) } });
		const active = trigger();
		expect(await active.emitted()).toBeNull();
		active.restart();
		expect(await active.emitted()).toBeNull();
		service.lists['/api/qr'].records.push(...qrCodes([4]));
		active.restart();
		expect(idsOf(await active.emitted())).toEqual([4]);
	});

	test('activated again after a pause: what came meanwhile is recorded, not emitted', async () => {
		const service = fakeService({ '/api/qr': { records: qrCodes(range(1, 3)) } });
		const active = trigger();
		expect(await active.emitted()).toBeNull();
		service.lists['/api/qr'].records.push(...qrCodes([4, 5]));
		active.reactivate();
		expect(await active.emitted()).toBeNull();
		service.lists['/api/qr'].records.push(...qrCodes([6]));
		expect(idsOf(await active.emitted())).toEqual([6]);
	});

	test('a saved change to the active workflow goes on from what was recorded', async () => {
		const service = fakeService({ '/api/qr': { records: qrCodes(range(1, 3)) } });
		const active = trigger();
		expect(await active.emitted()).toBeNull();
		service.lists['/api/qr'].records.push(...qrCodes([4]));
		active.reconfigure({ event: 'qrCodeCreated' });
		expect(idsOf(await active.emitted())).toEqual([4]);
	});

	test('a poll that finds nothing new leaves the static data as it is (nothing saved)', async () => {
		fakeService({ '/api/qr': { records: qrCodes(range(1, 3)) } });
		const active = trigger();
		expect(await active.emitted()).toBeNull();
		const saves = active.saves;
		expect(saves).toBe(1);
		expect(await active.emitted()).toBeNull();
		expect(await active.emitted()).toBeNull();
		expect(active.saves).toBe(saves);
	});

	test('another event on the same node starts afresh: its first poll emits nothing', async () => {
		const service = fakeService({
			'/api/qr': { records: qrCodes(range(1, 3)) },
			'/api/pixels': { records: [{ id: 1, type: 'qapixel', name: 'P', tag: 'T', date: '' }] },
		});
		const active = trigger();
		expect(await active.emitted()).toBeNull();
		active.reconfigure({ event: 'pixelCreated' });
		expect(await active.emitted()).toBeNull();
		service.lists['/api/pixels'].records.push({
			id: 2,
			type: 'qapixel',
			name: 'Q',
			tag: 'U',
			date: '',
		});
		expect(idsOf(await active.emitted())).toEqual([2]);
	});

	test('the API key never appears in what is emitted', async () => {
		const service = fakeService({ '/api/qr': { records: qrCodes([1]) } });
		const active = trigger();
		expect(await active.emitted()).toBeNull();
		service.lists['/api/qr'].records.push({ ...qrCodes([2])[0], name: `echo ${TEST_API_KEY}` });
		const emitted = await active.emitted();
		expect(JSON.stringify(emitted)).not.toContain(TEST_API_KEY);
		expect(emitted?.[0].name).toBe('echo ***');
	});
});

test('On New Campaign: a name the service sends under `domain` comes as `name`', async () => {
	const service = fakeService({ '/api/campaigns': { records: [] } });
	const active = activeTrigger({ event: 'campaignCreated' });
	expect(await active.emitted()).toBeNull();
	service.lists['/api/campaigns'].records.push({
		id: 7,
		domain: 'Spring',
		public: false,
		rotator: false,
		list: '',
	});
	const [campaign] = (await active.emitted()) ?? [];
	expect(campaign).toMatchObject({ id: 7, name: 'Spring' });
	expect(campaign).not.toHaveProperty('domain');
});

test('On New Branded Domain: system domains (no ID, every page) are never emitted', async () => {
	const system = [{ id: null, domain: 'https://sho.rt', redirectroot: '', redirect404: '' }];
	const domain = (id: number) => ({
		id,
		domain: `https://b${id}.example.com`,
		redirectroot: '',
		redirect404: '',
	});
	const service = fakeService({
		'/api/domains': { records: range(1, 3).map(domain), onEveryPage: system, pageCap: 2 },
	});
	const active = activeTrigger({ event: 'domainCreated' });
	expect(await active.emitted()).toBeNull();
	expect(await active.emitted()).toBeNull();
	service.lists['/api/domains'].records.push(domain(4));
	expect(await active.emitted()).toEqual([domain(4)]);
	expect(JSON.stringify(active.saved())).not.toContain('sho.rt');
});

describe('On New Item in Channel', () => {
	const item = (type: string, id: number) => ({
		type,
		id,
		title: `${type} ${id}`,
		preview: `${LINKS}/p/${type}/${id}`,
		link: `${LINKS}/${type}/${id}`,
		date: '2024-04-01',
	});

	test.each([
		['picked from the list', rl('7', 'list')],
		['given by ID', rl(' 7 ', 'id')],
	])('reads a channel %s; its links and QR codes may share IDs', async (_, channelId) => {
		const service = fakeService({ '/api/channel/7': { records: [item('links', 31)] } });
		const active = activeTrigger({ event: 'channelItemAdded', channelId });
		expect(await active.emitted()).toBeNull();
		service.lists['/api/channel/7'].records.push(item('qr', 31), item('bio', 2));
		expect(await active.emitted()).toEqual([item('qr', 31), item('bio', 2)]);
		expect(await active.emitted()).toBeNull();
		expect(new Set(service.requests.map(({ path }) => path))).toEqual(new Set(['/api/channel/7']));
	});

	test('another channel starts afresh', async () => {
		const service = fakeService({
			'/api/channel/7': { records: [item('links', 1)] },
			'/api/channel/8': { records: [item('links', 1)] },
		});
		const active = activeTrigger({ event: 'channelItemAdded', channelId: rl('7') });
		expect(await active.emitted()).toBeNull();
		active.reconfigure({ event: 'channelItemAdded', channelId: rl('8') });
		expect(await active.emitted()).toBeNull();
		service.lists['/api/channel/8'].records.push(item('links', 2));
		expect(await active.emitted()).toEqual([item('links', 2)]);
	});

	test.each(['abc', '0', '-3', '1.5'])(
		'refuses the channel ID %j before sending a request',
		async (id) => {
			const active = activeTrigger({ event: 'channelItemAdded', channelId: rl(expr(id)) });
			const { error } = await active.poll();
			expect(error?.message).toMatch(/^'Channel ID' must be a positive whole number/);
			expectNoRequestSent();
		},
	);
});
