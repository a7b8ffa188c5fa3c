/**
 * What an answer says about the rate limit, read so that no odd header can hold a credential
 * back: unreadable, past or absurdly distant times count as unknown.
 */
import {
	parseResetTime,
	parseRetryAfter,
	readRateLimit,
} from '../../../../nodes/LinkManagement/transport/rateLimitHeaders';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0); // 2026-11-21T12:00:00Z
const DAY = 24 * 60 * 60 * 1000;

describe('X-RateLimit-Reset in every format seen', () => {
	test.each([
		['Unix seconds', String(NOW / 1000 + 42), NOW + 42_000],
		['Unix milliseconds', String(NOW + 42_500), NOW + 42_500],
		['seconds to wait', '42', NOW + 42_000],
		['fractional seconds to wait', '1.5', NOW + 1_500],
		['an HTTP date', new Date(NOW + 42_000).toUTCString(), NOW + 42_000],
	])('%s', (_, value, expected) => {
		expect(parseResetTime(value, NOW)).toBe(expected);
	});
});

describe('a reset that cannot be read or cannot be right counts as unknown', () => {
	test.each([
		['missing', undefined],
		['empty', ''],
		['a word', 'soon'],
		['negative', '-5'],
		['zero seconds', '0'],
		['Unix seconds in the past', String(NOW / 1000 - 60)],
		['an HTTP date in the past', new Date(NOW - 60_000).toUTCString()],
		['more than a day of seconds to wait', String(DAY / 1000 + 1)],
		['Unix seconds in the year 3000', String(Date.UTC(3000, 0, 1) / 1000)],
		['Unix milliseconds beyond the date range', '99999999999999999999'],
		['an HTTP date years ahead', 'Sat, 01 Jan 2039 00:00:00 GMT'],
		['not a number', '1e400'],
	])('%s', (_, value) => {
		expect(parseResetTime(value, NOW)).toBeUndefined();
	});

	test('exactly a day ahead is still believed', () => {
		expect(parseResetTime(String(DAY / 1000), NOW)).toBe(NOW + DAY);
	});
});

describe('Retry-After, as a header or as a field of the body', () => {
	test('seconds as text', () => expect(parseRetryAfter('7', NOW)).toBe(NOW + 7000));
	test('seconds as a number (the body field)', () =>
		expect(parseRetryAfter(7, NOW)).toBe(NOW + 7000));
	test('an HTTP date', () =>
		expect(parseRetryAfter(new Date(NOW + 9000).toUTCString(), NOW)).toBe(NOW + 9000));
	test.each([['later'], [''], [-3], [0], [(10 * DAY) / 1000], [null], [{}]])(
		'%p is unknown',
		(value) => expect(parseRetryAfter(value, NOW)).toBeUndefined(),
	);
});

describe('readRateLimit', () => {
	test('reads the headers whatever their case, and arrays as n8n hands them', () => {
		expect(
			readRateLimit(
				{ 'x-ratelimit-limit': '30', 'X-RateLimit-Remaining': ['4'], 'x-ratelimit-reset': '10' },
				NOW,
			),
		).toEqual({ limit: 30, remaining: 4, resetAt: NOW + 10_000 });
	});

	test.each([['-1'], ['-2'], ['-30']])(
		'a negative Remaining (%s, older versions) means nothing is left',
		(remaining) => {
			expect(readRateLimit({ 'X-RateLimit-Remaining': remaining }, NOW).remaining).toBe(0);
		},
	);

	test('no headers: nothing known', () => {
		expect(readRateLimit({}, NOW)).toEqual({
			limit: undefined,
			remaining: undefined,
			resetAt: undefined,
		});
	});

	test('a Remaining that is not a whole number is unknown', () => {
		expect(readRateLimit({ 'X-RateLimit-Remaining': 'lots' }, NOW).remaining).toBeUndefined();
	});
});
