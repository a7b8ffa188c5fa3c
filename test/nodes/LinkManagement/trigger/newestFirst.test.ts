/**
 * What a poll costs: on a list that is newest first (as real installations list records) an
 * "On New …" poll reads only until the page that reaches a record it recorded, so a poll with
 * nothing or little new costs one request at any size; a list in another order is read whole,
 * and so are the count events, which compare every record.
 */
import { range } from '../../../helpers/pages';
import { activeTrigger, fakeService, idsOf, qrCodes } from '../../../helpers/trigger';

const SIZE = 50_000;
/** QR codes with these IDs, newest (highest ID, latest date) first. */
const newestFirst = (ids: number[]) => qrCodes(ids).reverse();

/** A trigger on `event` over SIZE QR codes listed by `order`, after its first poll. */
async function polledOnce(event: string, order: (ids: number[]) => ReturnType<typeof qrCodes>) {
	const service = fakeService({ '/api/qr': { records: order(range(1, SIZE)) } });
	const trigger = activeTrigger({ event });
	expect(await trigger.emitted()).toBeNull();
	expect(service.requests).toHaveLength(SIZE / 1000);
	service.requests.length = 0;
	const list = service.lists['/api/qr'];
	/** Each poll's pages asked for, and what it emitted. */
	const poll = async () => {
		const emitted = await trigger.emitted();
		const pages = service.requests.map(({ page }) => page);
		service.requests.length = 0;
		return { emitted, pages };
	};
	return { list, trigger, poll };
}

describe(`On New QR Code over ${SIZE.toLocaleString('en')} QR codes, newest first`, () => {
	test('a poll with nothing new costs one request', async () => {
		const { poll, trigger } = await polledOnce('qrCodeCreated', newestFirst);

		expect(await poll()).toEqual({ emitted: null, pages: [1] });
		expect(trigger.saved().order).toBe('newestFirst');
	});

	test('a poll with 3 new costs one request and emits them, newest first', async () => {
		const { list, poll } = await polledOnce('qrCodeCreated', newestFirst);
		list.records.unshift(...newestFirst([SIZE + 1, SIZE + 2, SIZE + 3]));

		const { emitted, pages } = await poll();

		expect(pages).toEqual([1]);
		expect(idsOf(emitted)).toEqual([SIZE + 3, SIZE + 2, SIZE + 1]);
	});

	test('a poll with 1,500 new reads two pages and emits each once', async () => {
		const { list, poll } = await polledOnce('qrCodeCreated', newestFirst);
		list.records.unshift(...newestFirst(range(SIZE + 1, SIZE + 1500)));

		const { emitted, pages } = await poll();

		expect(pages).toEqual([1, 2]);
		expect(new Set(idsOf(emitted)).size).toBe(1500);
		expect(await poll()).toEqual({ emitted: null, pages: [1] });
	});

	test('deletions cost nothing more, and a deleted record that comes back is not new', async () => {
		const { list, poll } = await polledOnce('qrCodeCreated', newestFirst);
		const [deleted] = list.records.splice(3, 1);

		expect(await poll()).toEqual({ emitted: null, pages: [1] });
		list.records.splice(3, 0, deleted);
		expect(await poll()).toEqual({ emitted: null, pages: [1] });
	});

	test('a new record with a lower ID but the latest date is emitted', async () => {
		// IDs that do not grow: the service hands out 3 after 4,000; its date says it is new.
		const service = fakeService({
			'/api/qr': { records: newestFirst(range(1, 2000).map((n) => n * 2)) },
		});
		const trigger = activeTrigger({ event: 'qrCodeCreated' });
		expect(await trigger.emitted()).toBeNull();
		const [latest] = qrCodes([5000]);
		service.lists['/api/qr'].records.unshift({ ...latest, id: 3 });
		service.requests.length = 0;

		expect(idsOf(await trigger.emitted())).toEqual([3]);
		expect(service.requests.map(({ page }) => page)).toEqual([1]);
	});

	test('a restart goes on from the saved order: still one request', async () => {
		const { poll, trigger } = await polledOnce('qrCodeCreated', newestFirst);
		trigger.restart();

		expect(await poll()).toEqual({ emitted: null, pages: [1] });
	});

	test('a list that changes its order is read on to the end, and then whole', async () => {
		const { list, poll, trigger } = await polledOnce('qrCodeCreated', newestFirst);
		list.records = qrCodes(range(1, SIZE + 1));

		const { emitted, pages } = await poll();

		expect(pages).toEqual(range(1, SIZE / 1000 + 1));
		expect(idsOf(emitted)).toEqual([SIZE + 1]);
		expect(trigger.saved().order).toBe('other');
		expect((await poll()).pages).toHaveLength(SIZE / 1000 + 1);
	});
});

test('On New QR Code over a list oldest first reads the whole list, and emits', async () => {
	const { list, poll, trigger } = await polledOnce('qrCodeCreated', (ids) => qrCodes(ids));
	list.records.push(...qrCodes([SIZE + 1]));

	const { emitted, pages } = await poll();

	expect(pages).toEqual(range(1, SIZE / 1000 + 1));
	expect(idsOf(emitted)).toEqual([SIZE + 1]);
	expect(trigger.saved().order).toBe('other');
});

test('On QR Code Scanned reads the whole list, newest first or not', async () => {
	const { list, poll } = await polledOnce('qrCodeScanned', newestFirst);
	list.records[SIZE - 1].scans = 4;

	const { emitted, pages } = await poll();

	expect(pages).toEqual(range(1, SIZE / 1000));
	expect(idsOf(emitted)).toEqual([1]);
});
