/**
 * A link's expiry: the date picker's wall time in the workflow's time zone, or an ISO time with
 * an offset (from an expression) turned into that zone's wall time; sent as the service writes
 * times, `YYYY-MM-DD HH:MM:SS`; the instant it stands for decides whether it has passed.
 */
import { futureDateTime, serviceDateTime } from '../../../../nodes/LinkManagement/shared/dateTime';
import { refusal, refusalError } from '../../../helpers/inputError';

describe('serviceDateTime', () => {
	test.each([
		['2031-01-02T10:30:00', 'UTC', '2031-01-02 10:30:00', Date.UTC(2031, 0, 2, 10, 30)],
		['2031-01-02 10:30', 'UTC', '2031-01-02 10:30:00', Date.UTC(2031, 0, 2, 10, 30)],
		['2031-01-02', 'UTC', '2031-01-02 00:00:00', Date.UTC(2031, 0, 2)],
		['2031-01-02T10:30:00', 'Europe/Berlin', '2031-01-02 10:30:00', Date.UTC(2031, 0, 2, 9, 30)],
		['2031-07-02T10:30:00', 'Europe/Berlin', '2031-07-02 10:30:00', Date.UTC(2031, 6, 2, 8, 30)],
		['2031-01-02T10:30:00.000Z', 'Asia/Tokyo', '2031-01-02 19:30:00', Date.UTC(2031, 0, 2, 10, 30)],
		['2031-01-02T10:30:00+02:00', 'UTC', '2031-01-02 08:30:00', Date.UTC(2031, 0, 2, 8, 30)],
		['2031-01-02T10:30:00-0500', 'UTC', '2031-01-02 15:30:00', Date.UTC(2031, 0, 2, 15, 30)],
	])('%j in %s is written %j', (given, zone, written, instant) => {
		expect(serviceDateTime(given, 'Expiry', zone)).toEqual({ written, instant });
	});

	test('an unknown time zone counts as UTC', () => {
		expect(serviceDateTime('2031-01-02T10:30:00', 'Expiry', 'Nowhere/City').instant).toBe(
			Date.UTC(2031, 0, 2, 10, 30),
		);
	});

	test.each(['2031-02-30', '2031-13-01', '2031-01-02T24:00', 'tomorrow', '02/01/2031', ''])(
		'refuses %j, naming the field',
		(given) => {
			expect(refusal(() => serviceDateTime(given, 'Expiry'))).toMatch(
				/^'Expiry' must be a date and time such as 2030-12-31 23:59:00/,
			);
		},
	);
});

describe('futureDateTime', () => {
	const context = { timezone: 'Europe/Berlin' };

	test('sends a time to come as the service writes it', () => {
		expect(futureDateTime('2099-12-31T23:59:00', 'Expiry', context)).toBe('2099-12-31 23:59:00');
	});

	test('refuses a time that has passed, saying when and in which zone', () => {
		const refused = refusalError(() => futureDateTime('2020-06-01T12:00:00', 'Expiry', context));
		expect(refused.message).toBe(
			"'Expiry' must be in the future, but 2020-06-01 12:00:00 (Europe/Berlin) has passed",
		);
		expect(refused.description).toBe(
			"Give a date and time after now, in the workflow's time zone (Europe/Berlin) unless it names its own.",
		);
	});
});
