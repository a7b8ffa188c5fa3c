/**
 * "Fetch Test Event" in the editor runs poll() in manual mode: it emits the most recent record
 * of the event so that the user sees the output's shape, and records nothing, so that the next
 * real poll emits exactly what it would have.
 */
import { rl } from '../../../helpers';
import { minutesAfter2024 } from '../../../helpers/fixtures';
import { range } from '../../../helpers/pages';
import { activeTrigger, fakeService, idsOf, links, qrCodes } from '../../../helpers/trigger';

test('the most recent record (by date), whatever the order of the list', async () => {
	const pixel = (id: number, minutes: number) => ({
		id,
		type: 'qapixel',
		name: `Pixel ${id}`,
		tag: `T${id}`,
		date: minutesAfter2024(minutes),
	});
	fakeService({ '/api/pixels': { records: [pixel(9, 10), pixel(3, 500), pixel(5, 20)] } });
	const trigger = activeTrigger({ event: 'pixelCreated' });
	expect(await trigger.emitted('manual')).toEqual([pixel(3, 500)]);
});

test('records without a date: the one with the highest ID, on any page', async () => {
	const campaign = (id: number) => ({
		id,
		name: `Campaign ${id}`,
		public: true,
		rotator: false,
		list: '',
	});
	fakeService({ '/api/campaigns': { records: [...range(1, 1200), 7000, 40].map(campaign) } });
	const trigger = activeTrigger({ event: 'campaignCreated' });
	expect(await trigger.emitted('manual')).toEqual([campaign(7000)]);
});

test('a channel: its most recent item', async () => {
	const item = (type: string, id: number, date: string) => ({
		type,
		id,
		title: '',
		preview: '',
		link: '',
		date,
	});
	fakeService({
		'/api/channel/3': {
			records: [
				item('links', 90, '2024-05-01'),
				item('qr', 2, '2024-06-01'),
				item('bio', 50, '2024-01-01'),
			],
		},
	});
	const trigger = activeTrigger({ event: 'channelItemAdded', channelId: rl('3') });
	expect(await trigger.emitted('manual')).toEqual([item('qr', 2, '2024-06-01')]);
});

test('records nothing: the first real poll afterwards still records and emits nothing', async () => {
	const service = fakeService({ '/api/qr': { records: qrCodes(range(1, 3)) } });
	const trigger = activeTrigger({ event: 'qrCodeCreated' });
	expect(idsOf(await trigger.emitted('manual'))).toEqual([3]);
	expect(trigger.saves).toBe(0);
	expect(await trigger.emitted()).toBeNull();
	service.lists['/api/qr'].records.push(...qrCodes([4]));
	expect(idsOf(await trigger.emitted('manual'))).toEqual([4]);
	expect(idsOf(await trigger.emitted())).toEqual([4]);
});

test('leaves an active trigger as it was: the next poll emits what it would have', async () => {
	const service = fakeService({ '/api/qr': { records: qrCodes(range(1, 3), () => 1) } });
	const trigger = activeTrigger({ event: 'qrCodeScanned' });
	expect(await trigger.emitted()).toBeNull();
	const recorded = trigger.saved();
	service.lists['/api/qr'].records[1].scans = 6;
	await trigger.emitted('manual');
	await trigger.emitted('manual');
	expect(trigger.saved()).toEqual(recorded);
	expect(await trigger.emitted()).toEqual([
		{ ...service.lists['/api/qr'].records[1], previousScans: 1, newScans: 5 },
	]);
});

test('On QR Code Scanned: the most recent QR code with scans, counted from 0', async () => {
	const records = qrCodes(range(1, 4), (id) => (id === 4 ? 0 : id * 10));
	fakeService({ '/api/qr': { records } });
	const trigger = activeTrigger({ event: 'qrCodeScanned' });
	expect(await trigger.emitted('manual')).toEqual([
		{ ...records[2], previousScans: 0, newScans: 30 },
	]);
});

test('On QR Code Scans Reached Threshold: the most recent QR code at or above it', async () => {
	const records = qrCodes(range(1, 4), (id) => [0, 120, 100, 99, 5][id]);
	fakeService({ '/api/qr': { records } });
	const trigger = activeTrigger({ event: 'qrCodeScansReached', threshold: 100 });
	expect(await trigger.emitted('manual')).toEqual([
		{ ...records[1], previousScans: 0, newScans: 100 },
	]);
});

test.each([
	['qrCodeCreated', {}, '/api/qr', [], /There is no QR code yet/],
	[
		'channelItemAdded',
		{ channelId: rl('3') },
		'/api/channel/3',
		[],
		/The channel has no items yet/,
	],
	['qrCodeScanned', {}, '/api/qr', qrCodes([1, 2]), /No QR code has been scanned yet/],
	[
		'qrCodeScansReached',
		{ threshold: 500 },
		'/api/qr',
		qrCodes([1, 2], () => 499),
		/No QR code has reached 500 scans yet/,
	],
	['linkCreated', {}, '/api/urls', [], /There is no link yet/],
	['linkClicked', {}, '/api/urls', links([1, 2]), /No link has been clicked yet/],
	[
		'linkClicksReached',
		{ threshold: 500 },
		'/api/urls',
		links([1, 2], () => 499),
		/No link has reached 500 clicks yet/,
	],
])(
	'%s with nothing to show fails with a clear message',
	async (event, more, path, records, message) => {
		fakeService({ [path]: { records } });
		const { error } = await activeTrigger({ event, ...more }).poll('manual');
		expect(error?.message).toMatch(message);
		expect(error?.description).not.toMatch(/next poll/);
	},
);
