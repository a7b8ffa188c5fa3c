/**
 * The budget of one key as this process keeps it: pure bookkeeping, driven here with fixed
 * clocks. Waiting and ordering are tested through the engine (send.test.ts, bulk.test.ts).
 */
import type { AnswerReport } from '../../../../nodes/LinkManagement/transport/answer';
import {
	budgetKey,
	budgetSnapshot,
	recordAnswer,
	reserveRequest,
} from '../../../../nodes/LinkManagement/transport/budget';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const key = budgetKey('https://a.test/api', 'secret');

/** A successful answer with X-RateLimit-* headers. */
const answered = (remaining: number, resetAt: number, limit = 30): AnswerReport => ({
	info: { limit, remaining, resetAt },
	rateLimited: false,
	succeeded: true,
});
/** A rate-limit answer; the caller decided to try again at `retryAt`. */
const refused = (retryAt: number, info: AnswerReport['info'] = {}): AnswerReport => ({
	info,
	rateLimited: true,
	retryAt,
	succeeded: false,
});
const noHeaders: AnswerReport = { info: {}, rateLimited: false, succeeded: true };

test('the key is a hash, never the API key itself', () => {
	expect(key).toMatch(/^[0-9a-f]{64}$/);
	expect(key).not.toContain('secret');
	expect(budgetKey('https://a.test/api', 'other')).not.toBe(key);
});

describe('with X-RateLimit-* headers', () => {
	test('before anything is known one request goes alone; then the budget it learned', () => {
		expect(reserveRequest(key, NOW).kind).toBe('go');
		expect(reserveRequest(key, NOW).kind).toBe('waitForAnswer');
		recordAnswer(key, answered(2, NOW + 60_000, 3), NOW);
		expect(reserveRequest(key, NOW).kind).toBe('go');
		expect(reserveRequest(key, NOW).kind).toBe('go');
		expect(reserveRequest(key, NOW)).toEqual({ kind: 'waitUntil', time: NOW + 60_000 + 20 });
	});

	test('requests still in flight count as spent when an answer reports the budget', () => {
		reserveRequest(key, NOW);
		recordAnswer(key, answered(29, NOW + 60_000), NOW);
		for (let i = 0; i < 4; i++) reserveRequest(key, NOW); // 4 in flight, 25 left
		recordAnswer(key, answered(28, NOW + 60_000), NOW); // counted before the other 3
		expect(budgetSnapshot(key)).toMatchObject({ remaining: 25, inFlight: 3 });
	});

	test('after the reset time the next request learns the new window alone', () => {
		reserveRequest(key, NOW);
		recordAnswer(key, answered(0, NOW + 1000), NOW);
		expect(reserveRequest(key, NOW + 500).kind).toBe('waitUntil');
		expect(reserveRequest(key, NOW + 1000).kind).toBe('go');
		expect(reserveRequest(key, NOW + 1000).kind).toBe('waitForAnswer');
	});

	test('an answer from a window already over does not change the budget', () => {
		reserveRequest(key, NOW);
		recordAnswer(key, answered(29, NOW + 60_000), NOW);
		reserveRequest(key, NOW);
		recordAnswer(key, answered(29, NOW + 5_000), NOW);
		expect(budgetSnapshot(key)).toMatchObject({ remaining: 28, resetAt: NOW + 60_000 });
	});

	test('nothing left, no reset known: one request finds out; the budget never sticks', () => {
		reserveRequest(key, NOW);
		recordAnswer(key, { info: { remaining: 0 }, rateLimited: false, succeeded: true }, NOW);
		expect(reserveRequest(key, NOW + 10).kind).toBe('go');
		expect(reserveRequest(key, NOW + 10).kind).toBe('waitForAnswer');
	});
});

describe('rate-limit answers', () => {
	test('block every request of the key until the time given', () => {
		reserveRequest(key, NOW);
		recordAnswer(key, refused(NOW + 2000), NOW);
		expect(reserveRequest(key, NOW + 1999)).toEqual({ kind: 'waitUntil', time: NOW + 2000 });
		expect(reserveRequest(key, NOW + 2000).kind).toBe('go');
	});

	test('the newest answer wins: a 2-s retry after a 60-s window goes in 2 s', () => {
		reserveRequest(key, NOW);
		recordAnswer(key, answered(0, NOW + 60_000), NOW);
		reserveRequest(key, NOW + 60_100); // a request after that window...
		recordAnswer(key, refused(NOW + 62_100), NOW + 60_100); // ...told to retry in 2 s
		expect(reserveRequest(key, NOW + 62_100).kind).toBe('go');
	});

	test('no headers: unpaced until a rate-limit answer, then paced by what it taught', () => {
		for (let i = 0; i < 5; i++) {
			expect(reserveRequest(key, NOW + i).kind).toBe('go');
			recordAnswer(key, noHeaders, NOW + i);
		}
		reserveRequest(key, NOW + 10);
		recordAnswer(key, refused(NOW + 60_000), NOW + 10); // 5 succeeded in a window ending then
		expect(budgetSnapshot(key).learned).toEqual({ limit: 5, windowMs: 60_000 });
		const next = NOW + 60_000;
		for (let i = 0; i < 5; i++) expect(reserveRequest(key, next).kind).toBe('go');
		expect(reserveRequest(key, next)).toEqual({ kind: 'waitUntil', time: next + 60_000 + 20 });
	});

	test('refused at a reset and told to wait for that same reset: later waits are longer', () => {
		reserveRequest(key, NOW);
		recordAnswer(key, answered(0, NOW + 60_000), NOW);
		reserveRequest(key, NOW + 60_020);
		// The service still counts the old window: Retry-After 1 (rounded up) from its clock.
		recordAnswer(key, refused(NOW + 61_020, { remaining: 0 }), NOW + 60_030);
		expect(budgetSnapshot(key).marginMs).toBe(1000);
	});

	test('refused in the next window (others spent it) leaves the margin as it is', () => {
		reserveRequest(key, NOW);
		recordAnswer(key, answered(0, NOW + 2000), NOW);
		reserveRequest(key, NOW + 2020);
		recordAnswer(key, refused(NOW + 4000, { remaining: 0, resetAt: NOW + 4000 }), NOW + 2030);
		expect(budgetSnapshot(key).marginMs).toBe(20);
	});
});

describe('other processes spending the same key', () => {
	const windowEnd = NOW + 60_000;

	test('alone, this process sends in bursts', () => {
		reserveRequest(key, NOW);
		recordAnswer(key, answered(29, windowEnd), NOW);
		for (let i = 0; i < 10; i++) expect(reserveRequest(key, NOW).kind).toBe('go');
		expect(budgetSnapshot(key).contendedUntil).toBeUndefined();
	});

	test('Remaining falling faster than its own requests: it spreads them over the window', () => {
		reserveRequest(key, NOW);
		recordAnswer(key, answered(20, windowEnd), NOW); // 10 spent, 1 of them ours
		expect(budgetSnapshot(key).contendedUntil).toBeGreaterThan(NOW);
		// 20 left for 60 s: they and the reset split the time after the last one in 21 equal gaps.
		const gap = 60_000 / 21;
		expect(reserveRequest(key, NOW)).toEqual({ kind: 'waitUntil', time: NOW + gap });
		expect(reserveRequest(key, NOW + gap).kind).toBe('go');
		expect(reserveRequest(key, NOW + gap)).toEqual({
			kind: 'waitUntil',
			time: NOW + gap + (60_000 - gap) / 20,
		});
	});

	test('a rate-limit answer while it believed budget was left is a sign of others too', () => {
		reserveRequest(key, NOW);
		recordAnswer(key, answered(29, windowEnd), NOW);
		reserveRequest(key, NOW);
		recordAnswer(key, refused(windowEnd, { limit: 30, remaining: 0, resetAt: windowEnd }), NOW);
		expect(budgetSnapshot(key).contendedUntil).toBeGreaterThan(NOW);
	});

	test('after three windows without a sign of others it sends in bursts again', () => {
		reserveRequest(key, NOW);
		recordAnswer(key, answered(20, windowEnd), NOW);
		const later = NOW + 3 * 60_000 + 1;
		reserveRequest(key, later);
		recordAnswer(key, answered(29, later + 60_000), later);
		for (let i = 0; i < 10; i++) expect(reserveRequest(key, later).kind).toBe('go');
	});
});

describe('more requests waiting than the window has left', () => {
	const windowEnd = NOW + 60_000;
	/** The probe's answer (29 left), then `count` requests asked with `waiting` behind them. */
	const burst = (count: number, waiting: number) => {
		reserveRequest(key, NOW);
		recordAnswer(key, answered(29, windowEnd), NOW);
		return Array.from({ length: count }, (_, i) => reserveRequest(key, NOW, waiting - i).kind);
	};

	test('the window goes in a burst until a third of it is left, kept for whoever asks next', () => {
		expect(burst(19, 300)).toEqual(Array(19).fill('go'));
		// 10 left: they and the reset split the window's time in 11 equal gaps.
		expect(reserveRequest(key, NOW, 281)).toEqual({ kind: 'waitUntil', time: NOW + 60_000 / 11 });
	});

	test('no more waiting than the window has left: all of it goes at once', () => {
		expect(burst(29, 29)).toEqual(Array(29).fill('go'));
	});
});
