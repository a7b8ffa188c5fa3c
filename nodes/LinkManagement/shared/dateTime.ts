import type { Converter } from './validation';
import { InputError, quoted, text } from './validation';

/**
 * Dates and times as the service writes them (`YYYY-MM-DD HH:MM:SS`, in its own time zone). The
 * editor's date picker gives a wall time in the workflow's time zone; an expression may give an
 * ISO time with an offset, which is turned into the workflow's wall time.
 */

const DATE_TIME =
	/^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

interface WallTime {
	year: number;
	month: number;
	day: number;
	hour: number;
	minute: number;
	second: number;
}

const asUtc = (t: WallTime) => Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);

const PARTS: Intl.DateTimeFormatOptions = {
	hourCycle: 'h23',
	year: 'numeric',
	month: '2-digit',
	day: '2-digit',
	hour: '2-digit',
	minute: '2-digit',
	second: '2-digit',
};

/** Wall times in a time zone; in UTC when the zone is unknown. */
function formatIn(timezone: string): Intl.DateTimeFormat {
	try {
		return new Intl.DateTimeFormat('en-US', { ...PARTS, timeZone: timezone });
	} catch {
		return new Intl.DateTimeFormat('en-US', { ...PARTS, timeZone: 'UTC' });
	}
}

/** The wall time an instant shows in a time zone. */
function wallTimeAt(instant: number, timezone: string): WallTime {
	const parts = formatIn(timezone).formatToParts(new Date(instant));
	const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
	return {
		year: part('year'),
		month: part('month'),
		day: part('day'),
		hour: part('hour'),
		minute: part('minute'),
		second: part('second'),
	};
}

/** The instant a wall time stands for in a time zone (daylight saving time included). */
function instantOf(wall: WallTime, timezone: string): number {
	const guess = asUtc(wall);
	const offsetAt = (instant: number) => asUtc(wallTimeAt(instant, timezone)) - instant;
	const first = guess - offsetAt(guess);
	return guess - offsetAt(first);
}

const two = (n: number) => String(n).padStart(2, '0');
const written = (t: WallTime) =>
	`${t.year}-${two(t.month)}-${two(t.day)} ${two(t.hour)}:${two(t.minute)}:${two(t.second)}`;

/** A date and time as the service writes it, and the instant it stands for. */
export function serviceDateTime(
	value: unknown,
	label: string,
	timezone = 'UTC',
): { written: string; instant: number } {
	const given = text(value);
	const match = DATE_TIME.exec(given);
	const fields = match?.slice(1, 7).map((part) => Number(part ?? 0)) ?? [];
	const [year, month, day, hour, minute, second] = fields;
	const wall = { year, month, day, hour, minute, second };
	const valid =
		match &&
		month >= 1 &&
		month <= 12 &&
		day >= 1 &&
		day <= 31 &&
		hour <= 23 &&
		minute <= 59 &&
		second <= 59 &&
		new Date(asUtc(wall)).getUTCDate() === day;
	if (!valid) {
		throw new InputError(
			`${quoted(label)} must be a date and time such as 2030-12-31 23:59:00 (or the date picker's value), but got "${given}"`,
			'Pick a date and time, or give one as YYYY-MM-DD HH:MM:SS or in ISO 8601 (such as 2030-12-31T23:59:00Z).',
		);
	}
	const offset = match[7];
	if (!offset) return { written: written(wall), instant: instantOf(wall, timezone) };
	const offsetMinutes =
		offset.toUpperCase() === 'Z'
			? 0
			: (offset.startsWith('-') ? -1 : 1) *
				(Number(offset.slice(1, 3)) * 60 + Number(offset.slice(-2)));
	const instant = asUtc(wall) - offsetMinutes * 60_000;
	return { written: written(wallTimeAt(instant, timezone)), instant };
}

/** A date and time still to come, sent as the service writes it. */
export const futureDateTime: Converter = (value, label, context) => {
	const timezone = context?.timezone ?? 'UTC';
	const { written: sent, instant } = serviceDateTime(value, label, timezone);
	if (instant <= Date.now()) {
		throw new InputError(
			`${quoted(label)} must be in the future, but ${sent} (${timezone}) has passed`,
			`Give a date and time after now, in the workflow's time zone (${timezone}) unless it names its own.`,
		);
	}
	return sent;
};

/** A date and time, past or to come, sent as the service writes it. */
export const serviceDateTimeValue: Converter = (value, label, context) =>
	serviceDateTime(value, label, context?.timezone ?? 'UTC').written;
