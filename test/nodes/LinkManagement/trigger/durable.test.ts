/**
 * On n8n's durable scheduler every poll runs in a fresh context on a copy of its durable
 * cursor, and n8n commits no cursor for the poll it makes at publishing: each event still
 * starts the workflow once for every record added after publishing, the first scheduled poll
 * included, and publishing never floods the workflow with records already there.
 */
import { range } from '../../../helpers/pages';
import { durableTrigger } from '../../../helpers/durableTrigger';
import { fakeService, idsOf, links, qrCodes } from '../../../helpers/trigger';

/** Newest (highest ID, latest date) first, as real installations list. */
const newestFirst = <T>(records: T[]) => [...records].reverse();

describe('a "new record" event (On New Link)', () => {
	const setup = () => {
		const service = fakeService({ '/api/urls': { records: newestFirst(links(range(1, 3))) } });
		const add = (ids: number[]) =>
			service.lists['/api/urls'].records.unshift(...newestFirst(links(ids)));
		return { service, add, trigger: durableTrigger({ event: 'linkCreated' }) };
	};

	test('a link added between publishing and the first scheduled poll starts the workflow once', async () => {
		const { add, trigger } = setup();
		expect((await trigger.publish()).items).toBeNull();
		add([4]);
		expect(idsOf(await trigger.emitted())).toEqual([4]);
		expect(await trigger.emitted()).toBeNull();
	});

	test('publishing starts nothing for links already there, at publishing and after', async () => {
		const { trigger } = setup();
		expect((await trigger.publish()).items).toBeNull();
		expect(await trigger.emitted()).toBeNull();
		expect(await trigger.emitted()).toBeNull();
	});

	test('links added between scheduled polls, each once', async () => {
		const { add, trigger } = setup();
		await trigger.publish();
		expect(await trigger.emitted()).toBeNull();
		add([4, 5]);
		expect(idsOf(await trigger.emitted())).toEqual([5, 4]);
		add([6]);
		expect(idsOf(await trigger.emitted())).toEqual([6]);
		expect(await trigger.emitted()).toBeNull();
	});

	test('published again after a pause: what was added meanwhile is not emitted, what comes after is', async () => {
		const { add, trigger } = setup();
		await trigger.publish();
		add([4]);
		expect(idsOf(await trigger.emitted())).toEqual([4]);
		// unpublished: no polls while 5 and 6 are added; the durable cursor stays
		add([5, 6]);
		expect((await trigger.publish()).items).toBeNull();
		add([7]);
		expect(idsOf(await trigger.emitted())).toEqual([7]);
		expect(await trigger.emitted()).toBeNull();
	});

	test('a poll that fails (n8n killed, a fault) commits nothing: the next emits the same links once', async () => {
		const { service, add, trigger } = setup();
		await trigger.publish();
		add([4]);
		service.fault = () => ({ status: 500, body: '<html>Server Error</html>' });
		expect(await trigger.failedTick()).toMatchObject({
			failure: { cause: 'temporarily-unavailable' },
		});
		service.fault = undefined;
		add([5]);
		expect(idsOf(await trigger.emitted())).toEqual([5, 4]);
		expect(await trigger.emitted()).toBeNull();
	});

	test('the record the publishing poll leaves in the workflow is dropped once the cursor has it', async () => {
		const { add, trigger } = setup();
		await trigger.publish();
		const key = Object.keys(trigger.savedStaticData().global ?? {});
		expect(key).toHaveLength(1);
		add([4]);
		await trigger.emitted();
		add([5]);
		await trigger.emitted();
		expect(Object.keys(trigger.savedStaticData().global ?? {})).toEqual([]);
	});
});

describe('a count event (On QR Code Scanned)', () => {
	test('scans between publishing and the first scheduled poll start the workflow once', async () => {
		let scans: Record<number, number> = { 1: 2, 2: 0 };
		const service = fakeService({ '/api/qr': { records: [] } });
		const list = () => (service.lists['/api/qr'].records = qrCodes([1, 2], (id) => scans[id]));
		list();
		const trigger = durableTrigger({ event: 'qrCodeScanned' });
		expect((await trigger.publish()).items).toBeNull();
		scans = { 1: 3, 2: 0 };
		list();
		expect(await trigger.emitted()).toEqual([
			expect.objectContaining({ id: 1, scans: 3, previousScans: 2, newScans: 1 }),
		]);
		expect(await trigger.emitted()).toBeNull();
	});
});

test("a refused key: the poll's error declares credential-invalid, so n8n waits before trying again", async () => {
	const service = fakeService({ '/api/qr': { records: qrCodes([1]) } });
	const trigger = durableTrigger({ event: 'qrCodeCreated' });
	await trigger.publish();
	service.fault = () => ({
		status: 403,
		body: { error: 1, message: 'A valid API key is required to use this service.' },
	});
	expect(await trigger.failedTick()).toMatchObject({ failure: { cause: 'credential-invalid' } });
});
