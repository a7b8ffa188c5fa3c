/**
 * The count events, the same for QR codes' scans and links' clicks: "… Scanned" / "… Clicked"
 * emits each record whose count grew since the last poll; "… Reached Threshold" each record
 * whose count reached the threshold, once per record. Both carry the count before and what
 * was added; a record first seen after activation counts from 0.
 */
import type { IDataObject } from 'n8n-workflow';

import { expectNoRequestSent, expr } from '../../../helpers';
import { range } from '../../../helpers/pages';
import { activeTrigger, fakeService, idsOf, links, qrCodes } from '../../../helpers/trigger';

type Counts = Record<number, number | string>;

const COUNTERS = [
	{
		title: 'QR Code',
		grew: 'qrCodeScanned',
		reached: 'qrCodeScansReached',
		path: '/api/qr',
		field: 'scans',
		previous: 'previousScans',
		added: 'newScans',
		records: qrCodes,
	},
	{
		title: 'Link',
		grew: 'linkClicked',
		reached: 'linkClicksReached',
		path: '/api/urls',
		field: 'clicks',
		previous: 'previousClicks',
		added: 'newClicks',
		records: links,
	},
];

describe.each(COUNTERS)('$title counts', (counter) => {
	/** The service's records with these counts (ID → count), in ID order. */
	const withCounts = (counts: Counts): IDataObject[] =>
		Object.entries(counts).map(([id, count]) => ({
			...counter.records([Number(id)])[0],
			[counter.field]: count,
		}));
	/** Record `id` with `count`, as emitted: with the count before and what was added. */
	const emittedAs = (id: number, count: number | string, previous: number) => ({
		...withCounts({ [id]: count })[0],
		[counter.previous]: previous,
		[counter.added]: Number(count) - previous,
	});
	/** The service listing records with these counts; `set` changes them between polls. */
	function serviceWithCounts(counts: Counts) {
		const service = fakeService({ [counter.path]: { records: withCounts(counts) } });
		const set = (next: Counts) => (service.lists[counter.path].records = withCounts(next));
		return { service, set };
	}

	describe('grew (Scanned, Clicked)', () => {
		const setup = (counts: Counts) => ({
			...serviceWithCounts(counts),
			trigger: activeTrigger({ event: counter.grew }),
		});

		test('a poll while the previous one still reads does nothing', async () => {
			const { service, set, trigger } = setup({ 1: 5 });
			expect(await trigger.emitted()).toBeNull();

			set({ 1: 8 });
			service.delayMs = 300;
			const [first, second] = await Promise.all([trigger.poll(), trigger.poll()]);
			expect(first).toEqual({
				items: [{ json: emittedAs(1, 8, 5) }],
			});
			expect(second).toEqual({ items: null });
			expect(service.requests).toHaveLength(2);
			expect(await trigger.emitted()).toBeNull();
		});

		test('the first poll records; then each record whose count grew, once', async () => {
			const { set, trigger } = setup({ 1: 5, 2: 0, 3: 40 });
			expect(await trigger.emitted()).toBeNull();
			expect(await trigger.emitted()).toBeNull();

			set({ 1: 7, 2: 0, 3: 41 });
			const emitted = await trigger.emitted();
			expect(emitted).toEqual([emittedAs(1, 7, 5), emittedAs(3, 41, 40)]);
			expect(await trigger.emitted()).toBeNull();
			set({ 1: 7, 2: 3, 3: 41 });
			expect(await trigger.emitted()).toEqual([emittedAs(2, 3, 0)]);
		});

		test('a record first seen after activation counts from 0', async () => {
			const { set, trigger } = setup({ 1: 5 });
			expect(await trigger.emitted()).toBeNull();
			set({ 1: 5, 2: 4, 3: 0 });
			expect(await trigger.emitted()).toEqual([emittedAs(2, 4, 0)]);
			set({ 1: 5, 2: 4, 3: 2 });
			expect(await trigger.emitted()).toEqual([emittedAs(3, 2, 0)]);
		});

		test('a record that drops out of the list and comes back keeps its count', async () => {
			const { set, trigger } = setup({ 1: 5, 2: 9 });
			expect(await trigger.emitted()).toBeNull();
			set({ 1: 5 });
			expect(await trigger.emitted()).toBeNull();
			set({ 1: 5, 2: 9 });
			expect(await trigger.emitted()).toBeNull();
			set({ 1: 5, 2: 12 });
			expect(await trigger.emitted()).toEqual([emittedAs(2, 12, 9)]);
		});

		test('a count that goes down emits nothing; growth then counts from there', async () => {
			const { set, trigger } = setup({ 1: 50 });
			expect(await trigger.emitted()).toBeNull();
			set({ 1: 10 });
			expect(await trigger.emitted()).toBeNull();
			set({ 1: 11 });
			expect(await trigger.emitted()).toEqual([emittedAs(1, 11, 10)]);
		});

		test('counts as digits are numbers; an unreadable count leaves the record out', async () => {
			const { set, trigger } = setup({ 1: '5', 2: 'many' });
			expect(await trigger.emitted()).toBeNull();
			set({ 1: '8', 2: 'more' });
			const emitted = await trigger.emitted();
			expect(idsOf(emitted)).toEqual([1]);
			expect(emitted?.[0]).toMatchObject(emittedAs(1, '8', 5));
		});

		test('reads every page of records', async () => {
			const records = counter.records(range(1, 2100), () => 1);
			const service = fakeService({ [counter.path]: { records } });
			const trigger = activeTrigger({ event: counter.grew });
			expect(await trigger.emitted()).toBeNull();
			service.lists[counter.path].records[2099][counter.field] = 2;
			expect(idsOf(await trigger.emitted())).toEqual([2100]);
			expect(service.requests.map(({ page }) => page)).toEqual([1, 2, 3, 1, 2, 3]);
		});
	});

	describe('reached the threshold', () => {
		const setup = (threshold: number, counts: Counts) => ({
			...serviceWithCounts(counts),
			trigger: activeTrigger({ event: counter.reached, threshold }),
		});

		test('emits each record that reached the threshold since the last poll, once', async () => {
			const { set, trigger } = setup(100, { 1: 90, 2: 99, 3: 150 });
			expect(await trigger.emitted()).toBeNull();

			set({ 1: 100, 2: 99, 3: 160 });
			expect(await trigger.emitted()).toEqual([emittedAs(1, 100, 90)]);
			set({ 1: 130, 2: 120, 3: 170 });
			expect(await trigger.emitted()).toEqual([emittedAs(2, 120, 99)]);
			expect(await trigger.emitted()).toBeNull();
		});

		test('once per record, even when its count falls below it and comes back', async () => {
			const { set, trigger } = setup(10, { 1: 0 });
			expect(await trigger.emitted()).toBeNull();
			set({ 1: 12 });
			expect(idsOf(await trigger.emitted())).toEqual([1]);
			set({ 1: 2 });
			expect(await trigger.emitted()).toBeNull();
			set({ 1: 20 });
			expect(await trigger.emitted()).toBeNull();
		});

		test('a record first seen after activation counts from 0: emitted at it', async () => {
			const { set, trigger } = setup(100, { 1: 5 });
			expect(await trigger.emitted()).toBeNull();
			set({ 1: 5, 2: 100, 3: 99 });
			expect(await trigger.emitted()).toEqual([emittedAs(2, 100, 0)]);
		});

		test('threshold 1: the first scan or click', async () => {
			const { set, trigger } = setup(1, { 1: 0 });
			expect(await trigger.emitted()).toBeNull();
			set({ 1: 1 });
			expect(idsOf(await trigger.emitted())).toEqual([1]);
		});

		test('a changed threshold starts afresh: records at it are recorded, not emitted', async () => {
			const { set, trigger } = setup(100, { 1: 60 });
			expect(await trigger.emitted()).toBeNull();
			trigger.reconfigure({ event: counter.reached, threshold: 50 });
			expect(await trigger.emitted()).toBeNull();
			set({ 1: 70, 2: 55 });
			expect(idsOf(await trigger.emitted())).toEqual([2]);
		});

		test.each([0, 1.5, 'abc'])(
			'refuses the threshold %j before sending a request',
			async (threshold) => {
				const trigger = activeTrigger({ event: counter.reached, threshold: expr(threshold) });
				const { error } = await trigger.poll();
				expect(error?.message).toMatch(/^'Threshold' must be a positive whole number/);
				expectNoRequestSent();
			},
		);
	});
});
