import {
	budgetKey,
	budgetSnapshot,
	forgetBudgets,
	parseResetTime,
	parseRetryAfter,
	readRateLimit,
	settleSlot,
	takeSlot,
} from '../../../../nodes/LinkManagement/transport/rateLimit';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0); // 2026-11-21T12:00:00Z

describe('parseResetTime accepts every documented-or-not format of X-RateLimit-Reset', () => {
	test.each([
		['Unix seconds', String(NOW / 1000 + 42), NOW + 42_000],
		['Unix milliseconds', String(NOW + 42_500), NOW + 42_500],
		['seconds to wait', '42', NOW + 42_000],
		['fractional seconds to wait', '1.5', NOW + 1_500],
		['an HTTP date', new Date(NOW + 42_000).toUTCString(), NOW + 42_000],
	])('%s', (_, header, expected) => {
		expect(parseResetTime(header, NOW)).toBe(expected);
	});

	test.each([[undefined], [''], ['soon'], ['-5']])('nothing usable in %p', (header) => {
		expect(parseResetTime(header, NOW)).toBeUndefined();
	});
});

describe('parseRetryAfter', () => {
	test('seconds', () => expect(parseRetryAfter('7', NOW)).toBe(NOW + 7000));
	test('an HTTP date', () =>
		expect(parseRetryAfter(new Date(NOW + 9000).toUTCString(), NOW)).toBe(NOW + 9000));
	test('garbage', () => expect(parseRetryAfter('later', NOW)).toBeUndefined());
});

test('readRateLimit reads the headers whatever their case, and arrays as n8n hands them', () => {
	expect(
		readRateLimit(
			{ 'x-ratelimit-limit': '30', 'X-RateLimit-Remaining': ['4'], 'x-ratelimit-reset': '10' },
			NOW,
		),
	).toEqual({ limit: 30, remaining: 4, resetAt: NOW + 10_000 });
});

describe('the shared budget', () => {
	const key = budgetKey('https://a.test/api', 'secret');
	const headers = (remaining: number, resetAt: number) => ({
		'x-ratelimit-limit': '30',
		'x-ratelimit-remaining': String(remaining),
		'x-ratelimit-reset': String(resetAt),
	});
	beforeEach(forgetBudgets);

	test('the key is a hash, never the API key itself', () => {
		expect(key).toMatch(/^[0-9a-f]{64}$/);
		expect(key).not.toContain('secret');
		expect(budgetKey('https://a.test/api', 'other')).not.toBe(key);
	});

	test('before anything is known, one request goes alone and the rest wait for its answer', async () => {
		expect(takeSlot(key, NOW).kind).toBe('go');
		const second = takeSlot(key, NOW);
		expect(second.kind).toBe('waitForAnswer');
		settleSlot(key, headers(2, NOW + 60_000), NOW);
		if (second.kind === 'waitForAnswer') await second.answered;
		expect(takeSlot(key, NOW).kind).toBe('go');
		expect(takeSlot(key, NOW).kind).toBe('go');
		expect(takeSlot(key, NOW)).toEqual({ kind: 'waitUntil', time: NOW + 60_000 + 20 });
	});

	test('requests still in flight count as spent when an answer reports the budget', () => {
		takeSlot(key, NOW);
		settleSlot(key, headers(10, NOW + 60_000), NOW);
		for (let i = 0; i < 4; i++) takeSlot(key, NOW); // 4 in flight, 6 left
		settleSlot(key, headers(9, NOW + 60_000), NOW); // an answer counted by the service before the other 3
		expect(budgetSnapshot(key)).toMatchObject({ remaining: 6, inFlight: 3 });
	});

	test('after the reset time the next request learns the new window alone', () => {
		takeSlot(key, NOW);
		settleSlot(key, headers(0, NOW + 1000), NOW);
		expect(takeSlot(key, NOW + 500).kind).toBe('waitUntil');
		expect(takeSlot(key, NOW + 1000).kind).toBe('go');
		expect(takeSlot(key, NOW + 1000).kind).toBe('waitForAnswer');
	});

	test('a service that sends no rate-limit headers is not paced', () => {
		takeSlot(key, NOW);
		settleSlot(key, {}, NOW);
		for (let i = 0; i < 50; i++) expect(takeSlot(key, NOW).kind).toBe('go');
	});

	test('an answer from a window already over does not change the budget', () => {
		takeSlot(key, NOW);
		settleSlot(key, headers(5, NOW + 60_000), NOW);
		takeSlot(key, NOW);
		settleSlot(key, headers(0, NOW - 1000), NOW);
		expect(budgetSnapshot(key).remaining).toBe(4);
	});
});
