/**
 * Every poll returns within the time n8n gives it (`getPollBudgetMs()`), less a margin for n8n
 * to commit it. A reading that does not fit stops, records the page where it stopped, and the
 * next poll goes on from there: a count event compares every record once per full reading, a
 * backlog of new records comes out across polls, each once. When the rate limit leaves a poll
 * nothing to do in its time, it fails with the cause declared and the service's reset. A poll
 * that outlasts n8n's poll timeout all the same is abandoned: nothing of it counts, and the next
 * poll emits what it would have. On n8n 1.x, which gives no time, a poll reads as long as it
 * must. On virtual time.
 */
import { range } from '../../../helpers/pages';
import { durableTrigger, pollBudgetMsOf, PollTimeoutError } from '../../../helpers/durableTrigger';
import { activeTrigger, fakeService, idsOf, links, qrCodes } from '../../../helpers/trigger';
import { pause, useVirtualTime } from '../../../helpers/virtualTime';

useVirtualTime();

/** n8n's poll timeout here, and the budget n8n gives a poll for it: 10 s. */
const POLL_TIMEOUT_MS = 15_000;
const BUDGET_MS = pollBudgetMsOf(POLL_TIMEOUT_MS);
const PAGE_MS = 3_000;
/** 5 pages of 100: a whole reading takes 15 s, half as long again as a poll may. */
const RECORDS = 500;
const options = { pageSize: 100 };

describe('a count event (On Link Clicked) whose reading takes longer than a poll may', () => {
	const setup = () => {
		const clicks = new Map<number, number>();
		const service = fakeService({ '/api/urls': { records: [] } });
		const list = () =>
			(service.lists['/api/urls'].records = links(range(1, RECORDS), (id) => clicks.get(id) ?? 0));
		list();
		service.delayMs = PAGE_MS;
		const trigger = durableTrigger(
			{ event: 'linkClicked', options },
			{ pollTimeoutMs: POLL_TIMEOUT_MS },
		);
		const click = (id: number) => {
			clicks.set(id, (clicks.get(id) ?? 0) + 1);
			list();
		};
		/** Polls until a whole reading is done after the last click, collecting what was emitted. */
		const pollPasses = async (polls: number) => {
			const emitted: Array<{ id: unknown; newClicks: unknown }> = [];
			for (let poll = 0; poll < polls; poll++) {
				const items = await trigger.emitted();
				expect(trigger.lastPollMs).toBeLessThanOrEqual(BUDGET_MS);
				for (const item of items ?? []) emitted.push({ id: item.id, newClicks: item.newClicks });
			}
			return emitted;
		};
		return { service, trigger, click, pollPasses };
	};

	test('each poll ends within its time and says where the next goes on', async () => {
		const { service, trigger } = setup();
		await trigger.publish();
		service.requests.length = 0;
		expect(await trigger.emitted()).toBeNull();
		expect(trigger.lastPollMs).toBeLessThanOrEqual(BUDGET_MS);
		const first = service.requests.map(({ page }) => page);
		expect(first.length).toBeLessThan(RECORDS / options.pageSize);
		expect(trigger.cursor()).toMatchObject({ resume: { page: first.length + 1 } });
		service.requests.length = 0;
		await trigger.emitted();
		expect(service.requests[0].page).toBe(first.length + 1);
	});

	test('each click starts the workflow once, wherever its link is in the list', async () => {
		const { trigger, click, pollPasses } = setup();
		await trigger.publish();
		for (const id of [1, 250, 500]) click(id);
		click(250);
		const emitted = await pollPasses(6);
		expect(emitted).toHaveLength(3);
		expect(emitted).toEqual(
			expect.arrayContaining([
				{ id: 1, newClicks: 1 },
				{ id: 250, newClicks: 2 },
				{ id: 500, newClicks: 1 },
			]),
		);
	});

	test('the first reading spans polls too and emits nothing, however many clicks it finds', async () => {
		const service = fakeService({ '/api/urls': { records: links(range(1, RECORDS), () => 7) } });
		service.delayMs = PAGE_MS;
		const trigger = durableTrigger(
			{ event: 'linkClicked', options },
			{ pollTimeoutMs: POLL_TIMEOUT_MS },
		);
		// published while the service was too slow for the poll at publishing to read anything
		expect(await trigger.emitted()).toBeNull();
		expect(trigger.cursor()).toMatchObject({ baseline: true, resume: { page: 3 } });
		for (let poll = 0; poll < 3; poll++) expect(await trigger.emitted()).toBeNull();
		expect(trigger.cursor()).not.toHaveProperty('baseline');
		service.lists['/api/urls'].records = links(range(1, RECORDS), (id) => (id === 400 ? 8 : 7));
		const emitted = [];
		for (let poll = 0; poll < 3; poll++) emitted.push(...((await trigger.emitted()) ?? []));
		expect(idsOf(emitted)).toEqual([400]);
	});
});

describe('a backlog of new links larger than a poll can read', () => {
	test('comes out across polls, each link once, newest first in each poll', async () => {
		const service = fakeService({ '/api/urls': { records: links(range(1, 50)).reverse() } });
		const trigger = durableTrigger(
			{ event: 'linkCreated', options },
			{ pollTimeoutMs: POLL_TIMEOUT_MS },
		);
		await trigger.publish();
		expect(await trigger.emitted()).toBeNull();
		service.lists['/api/urls'].records.unshift(...links(range(51, 650)).reverse());
		service.delayMs = PAGE_MS;
		const batches: number[][] = [];
		for (let poll = 0; poll < 5; poll++) {
			const emitted = await trigger.emitted();
			expect(trigger.lastPollMs).toBeLessThanOrEqual(BUDGET_MS);
			if (emitted) batches.push(idsOf(emitted) as number[]);
			if (poll === 1) service.lists['/api/urls'].records.unshift(...links([651]));
		}
		expect(batches.length).toBeGreaterThan(1);
		const all = batches.flat();
		expect(new Set(all).size).toBe(all.length);
		expect([...all].sort((a, b) => a - b)).toEqual(range(51, 651));
		for (const batch of batches) expect(batch).toEqual([...batch].sort((a, b) => b - a));
	});
});

describe("a poll that outlasts n8n's poll timeout (an answer slower than all its time)", () => {
	test('is abandoned: nothing committed or saved, a failure recorded, the next poll emits the link once', async () => {
		const service = fakeService({ '/api/urls': { records: links(range(1, 3)).reverse() } });
		const trigger = durableTrigger({ event: 'linkCreated' }, { pollTimeoutMs: POLL_TIMEOUT_MS });
		await trigger.publish();
		expect(await trigger.emitted()).toBeNull();
		const cursor = trigger.cursor();
		const saved = trigger.savedStaticData();
		service.lists['/api/urls'].records.unshift(...links([4]));
		service.delayMs = POLL_TIMEOUT_MS + PAGE_MS;

		const error = await trigger.failedTick();

		expect(error).toBeInstanceOf(PollTimeoutError);
		expect(error).toMatchObject({ failure: { cause: 'temporarily-unavailable' } });
		expect(trigger.cursor()).toEqual(cursor);
		expect(trigger.savedStaticData()).toEqual(saved);
		// The next poll a minute later, the abandoned one long over.
		service.delayMs = 0;
		await pause(60_000);
		expect(idsOf(await trigger.emitted())).toEqual([4]);
		expect(await trigger.emitted()).toBeNull();
	});
});

describe('a rate limit that leaves the poll nothing to do in its time', () => {
	test('fails with the cause rate-limited and the reset the service announced', async () => {
		const service = fakeService({ '/api/qr': { records: qrCodes(range(1, 3)) } });
		const trigger = durableTrigger({ event: 'qrCodeCreated' }, { pollTimeoutMs: POLL_TIMEOUT_MS });
		await trigger.publish();
		const resetAt = Math.ceil(Date.now() / 1000) + 50;
		service.fault = () => ({
			status: 429,
			body: { error: 429, message: 'Too Many API Requests.' },
			headers: {
				'X-RateLimit-Limit': '30',
				'X-RateLimit-Remaining': '0',
				'X-RateLimit-Reset': String(resetAt),
			},
		});
		const error = await trigger.failedTick();
		expect(trigger.lastPollMs).toBeLessThanOrEqual(BUDGET_MS);
		expect(error?.message).toMatch(/Rate limited by the Link Management service/);
		expect(error).toMatchObject({
			failure: { cause: 'rate-limited', resetsAtEpochMs: resetAt * 1000 },
		});
	});
});

describe('on n8n 1.x, which gives a poll no time', () => {
	test('a poll reads the whole list, however long it takes', async () => {
		const service = fakeService({ '/api/urls': { records: links(range(1, RECORDS)) } });
		const trigger = activeTrigger({ event: 'linkClicked', options }, undefined, {
			pollBudgetMs: null,
		});
		expect(await trigger.emitted()).toBeNull();
		service.delayMs = PAGE_MS;
		service.lists['/api/urls'].records = links(range(1, RECORDS), (id) => (id === 480 ? 1 : 0));
		service.requests.length = 0;
		expect(idsOf(await trigger.emitted())).toEqual([480]);
		expect(service.requests).toHaveLength(RECORDS / options.pageSize);
	});
});
