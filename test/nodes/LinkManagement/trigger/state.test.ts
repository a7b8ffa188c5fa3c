/**
 * What the trigger keeps in the workflow's static data: record IDs as compact runs, QR codes'
 * scans as a compact map — kilobytes for thousands of records, never copies of the records.
 */
import { decodeIds, encodeIds } from '../../../../nodes/LinkManagement/trigger/idRanges';
import { decodeCounts, encodeCounts } from '../../../../nodes/LinkManagement/trigger/counts';
import { rl } from '../../../helpers';
import { range } from '../../../helpers/pages';
import { activeTrigger, fakeService, idsOf, qrCodes } from '../../../helpers/trigger';

describe('record IDs as runs', () => {
	test.each([
		['no IDs', []],
		['one ID', [1]],
		['a run', [1, 2, 3, 4, 5]],
		['runs and single IDs out of order', [3, 1, 2, 10, 11, 40]],
		['very large IDs', [2 ** 40, 2 ** 40 + 1, 7]],
		['3,000 IDs with every 7th gone', range(1, 3000).filter((id) => id % 7 !== 0)],
	])('%s come back as the same set', (_, ids) => {
		expect(decodeIds(encodeIds(ids))).toEqual(new Set(ids));
	});

	test('consecutive IDs take one token, however many', () => {
		expect(encodeIds(range(1, 100_000)).length).toBeLessThanOrEqual(10);
	});

	test.each(['1,,2', 'x!', '1.', '5,0', '1.zzzzzzzzzz', 42])('refuses %j', (text) => {
		expect(decodeIds(text)).toBeUndefined();
	});
});

describe('scans by QR code ID', () => {
	test('come back as they went in', () => {
		const scans = new Map([
			[1, 0],
			[2, 17],
			[3, 1_000_000],
			[90, 5],
			[2 ** 40, 3],
		]);
		expect(decodeCounts(encodeCounts(scans))).toEqual(scans);
		expect(decodeCounts('')).toEqual(new Map());
	});

	test.each(['1,,2', 'a:b:c', '0:5', '-1', 42])('refuses %j', (text) => {
		expect(decodeCounts(text)).toBeUndefined();
	});
});

describe('the stored state stays small', () => {
	const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

	test('5,000 QR codes with every other ID gone: at most 2 bytes per record', async () => {
		const records = qrCodes(range(1, 10_000).filter((id) => id % 2 === 0));
		fakeService({ '/api/qr': { records } });
		const trigger = activeTrigger({ event: 'qrCodeCreated' });
		expect(await trigger.emitted()).toBeNull();
		// each record is one run: its gap ("2") and a comma
		expect(bytes(trigger.saved())).toBeLessThan(2 * records.length + 200);
		expect(bytes(trigger.saved())).toBeLessThan(bytes(records) / 50);
	});

	test('5,000 QR codes with scans below 1,296: at most 3 bytes per QR code', async () => {
		const records = qrCodes(range(1, 5000), (id) => (id * 7919) % 1296);
		const service = fakeService({ '/api/qr': { records } });
		const trigger = activeTrigger({ event: 'qrCodeScansReached', threshold: 1000 });
		expect(await trigger.emitted()).toBeNull();
		// one token per QR code: its scans in base 36 (two digits at most) and a comma; QR codes
		// at or above the threshold once more in the runs of reached IDs
		const reached = records.filter(({ scans }) => scans >= 1000).length;
		expect(bytes(trigger.saved())).toBeLessThan(3 * records.length + 3 * reached + 200);

		service.lists['/api/qr'].records = records.map((record) => ({
			...record,
			scans: record.scans + 1,
		}));
		expect(await trigger.emitted()).not.toBeNull();
		expect(bytes(trigger.saved())).toBeLessThan(3 * records.length + 3 * records.length + 200);
	});

	test('channel items of three types, 3,000 in all', async () => {
		const item = (type: string, id: number) => ({
			type,
			id,
			title: '',
			preview: '',
			link: '',
			date: '',
		});
		const records = ['links', 'bio', 'qr'].flatMap((type) =>
			range(1, 1000).map((id) => item(type, id * 3)),
		);
		fakeService({ '/api/channel/1': { records } });
		const trigger = activeTrigger({ event: 'channelItemAdded', channelId: rl('1') });
		expect(await trigger.emitted()).toBeNull();
		expect(bytes(trigger.saved())).toBeLessThan(2 * records.length + 200);
	});

	test("static data not the trigger's own (damaged, older) makes the next poll a first", async () => {
		const service = fakeService({ '/api/qr': { records: qrCodes(range(1, 3)) } });
		const trigger = activeTrigger({ event: 'qrCodeCreated' });
		expect(await trigger.emitted()).toBeNull();
		const saved = trigger.saved();
		// simulate a damaged record of IDs in the saved workflow
		trigger.restartWith({ ...saved, seen: { '': 'not ours!' } });
		expect(await trigger.emitted()).toBeNull();
		service.lists['/api/qr'].records.push(...qrCodes([4]));
		expect(idsOf(await trigger.emitted())).toEqual([4]);
	});
});
