/**
 * The QR code scan events: "On QR Code Scanned" emits each QR code whose scans grew since the
 * last poll; "On QR Code Scans Reached Threshold" each QR code whose scans reached the
 * threshold, once per QR code. Both carry previousScans and newScans; a QR code first seen
 * after activation counts from 0.
 */
import { expectNoRequestSent, expr } from '../../../helpers';
import { range } from '../../../helpers/pages';
import { activeTrigger, fakeService, idsOf, qrCodes } from '../../../helpers/trigger';

/** The service's QR codes with these scans (ID → scans), in ID order. */
const withScans = (scans: Record<number, number | string>) =>
	Object.entries(scans).map(([id, count]) => ({ ...qrCodes([Number(id)])[0], scans: count }));

/** QR code `id` as the service lists it with `scans`. */
const qrWith = (id: number, scans: number | string) => withScans({ [id]: scans })[0];

type Scans = Record<number, number | string>;

/** The service listing QR codes with these scans; `set` changes them between polls. */
function serviceWithScans(scans: Scans) {
	const service = fakeService({ '/api/qr': { records: withScans(scans) } });
	const set = (next: Scans) => (service.lists['/api/qr'].records = withScans(next));
	return { service, set };
}

describe('On QR Code Scanned', () => {
	const setup = (scans: Scans) => ({
		...serviceWithScans(scans),
		trigger: activeTrigger({ event: 'qrCodeScanned' }),
	});

	test('a poll while the previous one still reads does nothing: growth emitted once', async () => {
		const { service, set, trigger } = setup({ 1: 5 });
		expect(await trigger.emitted()).toBeNull();

		set({ 1: 8 });
		service.delayMs = 300;
		const [first, second] = await Promise.all([trigger.poll(), trigger.poll()]);
		expect(first).toEqual({
			items: [{ json: { ...qrWith(1, 8), previousScans: 5, newScans: 3 } }],
		});
		expect(second).toEqual({ items: null });
		expect(service.requests).toHaveLength(2);
		expect(await trigger.emitted()).toBeNull();
	});

	test('the first poll records; then each QR code whose scans grew, once per growth', async () => {
		const { set, trigger } = setup({ 1: 5, 2: 0, 3: 40 });
		expect(await trigger.emitted()).toBeNull();
		expect(await trigger.emitted()).toBeNull();

		set({ 1: 7, 2: 0, 3: 41 });
		const emitted = await trigger.emitted();
		expect(emitted).toEqual([
			{ ...qrWith(1, 7), previousScans: 5, newScans: 2 },
			{ ...qrWith(3, 41), previousScans: 40, newScans: 1 },
		]);
		expect(await trigger.emitted()).toBeNull();
		set({ 1: 7, 2: 3, 3: 41 });
		expect(await trigger.emitted()).toEqual([{ ...qrWith(2, 3), previousScans: 0, newScans: 3 }]);
	});

	test('a QR code first seen after activation counts from 0: emitted once scanned', async () => {
		const { set, trigger } = setup({ 1: 5 });
		expect(await trigger.emitted()).toBeNull();
		set({ 1: 5, 2: 4, 3: 0 });
		expect(await trigger.emitted()).toEqual([{ ...qrWith(2, 4), previousScans: 0, newScans: 4 }]);
		set({ 1: 5, 2: 4, 3: 2 });
		expect(await trigger.emitted()).toEqual([{ ...qrWith(3, 2), previousScans: 0, newScans: 2 }]);
	});

	test('a QR code that drops out of the list and comes back keeps its count', async () => {
		const { set, trigger } = setup({ 1: 5, 2: 9 });
		expect(await trigger.emitted()).toBeNull();
		set({ 1: 5 });
		expect(await trigger.emitted()).toBeNull();
		set({ 1: 5, 2: 9 });
		expect(await trigger.emitted()).toBeNull();
		set({ 1: 5, 2: 12 });
		expect(await trigger.emitted()).toEqual([{ ...qrWith(2, 12), previousScans: 9, newScans: 3 }]);
	});

	test('scans that go down emit nothing; growth after that counts from the lower number', async () => {
		const { set, trigger } = setup({ 1: 50 });
		expect(await trigger.emitted()).toBeNull();
		set({ 1: 10 });
		expect(await trigger.emitted()).toBeNull();
		set({ 1: 11 });
		expect(await trigger.emitted()).toEqual([{ ...qrWith(1, 11), previousScans: 10, newScans: 1 }]);
	});

	test('scans as digits are read as numbers; unreadable scans leave the QR code out', async () => {
		const { set, trigger } = setup({ 1: '5', 2: 'many' });
		expect(await trigger.emitted()).toBeNull();
		set({ 1: '8', 2: 'more' });
		const emitted = await trigger.emitted();
		expect(idsOf(emitted)).toEqual([1]);
		expect(emitted?.[0]).toMatchObject({ scans: '8', previousScans: 5, newScans: 3 });
	});

	test('reads every page of QR codes', async () => {
		const service = fakeService({ '/api/qr': { records: qrCodes(range(1, 2100), () => 1) } });
		const trigger = activeTrigger({ event: 'qrCodeScanned' });
		expect(await trigger.emitted()).toBeNull();
		service.lists['/api/qr'].records[2099].scans = 2;
		expect(idsOf(await trigger.emitted())).toEqual([2100]);
		expect(service.requests.map(({ page }) => page)).toEqual([1, 2, 3, 1, 2, 3]);
	});
});

describe('On QR Code Scans Reached Threshold', () => {
	const setup = (threshold: number, scans: Scans) => ({
		...serviceWithScans(scans),
		trigger: activeTrigger({ event: 'qrCodeScansReached', threshold }),
	});

	test('emits each QR code that reached the threshold since the last poll, once each', async () => {
		const { set, trigger } = setup(100, { 1: 90, 2: 99, 3: 150 });
		expect(await trigger.emitted()).toBeNull();

		set({ 1: 100, 2: 99, 3: 160 });
		expect(await trigger.emitted()).toEqual([
			{ ...qrWith(1, 100), previousScans: 90, newScans: 10 },
		]);
		set({ 1: 130, 2: 120, 3: 170 });
		expect(await trigger.emitted()).toEqual([
			{ ...qrWith(2, 120), previousScans: 99, newScans: 21 },
		]);
		expect(await trigger.emitted()).toBeNull();
	});

	test('once per QR code, even when its scans fall below the threshold and come back', async () => {
		const { set, trigger } = setup(10, { 1: 0 });
		expect(await trigger.emitted()).toBeNull();
		set({ 1: 12 });
		expect(idsOf(await trigger.emitted())).toEqual([1]);
		set({ 1: 2 });
		expect(await trigger.emitted()).toBeNull();
		set({ 1: 20 });
		expect(await trigger.emitted()).toBeNull();
	});

	test('a QR code first seen after activation counts from 0: emitted at the threshold', async () => {
		const { set, trigger } = setup(100, { 1: 5 });
		expect(await trigger.emitted()).toBeNull();
		set({ 1: 5, 2: 100, 3: 99 });
		expect(await trigger.emitted()).toEqual([
			{ ...qrWith(2, 100), previousScans: 0, newScans: 100 },
		]);
	});

	test('threshold 1: the first scan', async () => {
		const { set, trigger } = setup(1, { 1: 0 });
		expect(await trigger.emitted()).toBeNull();
		set({ 1: 1 });
		expect(idsOf(await trigger.emitted())).toEqual([1]);
	});

	test('a changed threshold starts afresh: QR codes at it are recorded, not emitted', async () => {
		const { set, trigger } = setup(100, { 1: 60 });
		expect(await trigger.emitted()).toBeNull();
		trigger.reconfigure({ event: 'qrCodeScansReached', threshold: 50 });
		expect(await trigger.emitted()).toBeNull();
		set({ 1: 70, 2: 55 });
		expect(idsOf(await trigger.emitted())).toEqual([2]);
	});

	test.each([0, 1.5, 'abc'])(
		'refuses the threshold %j before sending a request',
		async (threshold) => {
			const trigger = activeTrigger({ event: 'qrCodeScansReached', threshold: expr(threshold) });
			const { error } = await trigger.poll();
			expect(error?.message).toMatch(/Threshold must be a positive whole number/);
			expectNoRequestSent();
		},
	);
});
