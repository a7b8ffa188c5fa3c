import type { IDataObject } from 'n8n-workflow';

/**
 * The service's notifications (its "notification URLs"): a small JSON document POSTed when a
 * short link is created (`type` `url`) and on a click (`type` `view`). What a body must be to
 * count as one, and the item it becomes.
 */

export type NotificationEvent = 'linkCreated' | 'linkClicked';

export interface NotificationEventDefinition {
	value: NotificationEvent;
	/** The payload's `type`. */
	type: string;
	name: string;
	description: string;
	/** How an answer names it: "link clicks". */
	plural: string;
}

export const NOTIFICATION_EVENTS: readonly NotificationEventDefinition[] = [
	{
		value: 'linkClicked',
		type: 'view',
		name: 'Link Clicked',
		description:
			'A visitor opened a link (QR code scans of it included): country, city, referer, OS and browser',
		plural: 'link clicks',
	},
	{
		value: 'linkCreated',
		type: 'url',
		name: 'Link Created',
		description: 'A link was created: its short URL and its destination (longurl)',
		plural: 'new links',
	},
];

export const EVENT_VALUES = NOTIFICATION_EVENTS.map(({ value }) => value);

/** A body that is not a notification: the status and message it is answered with. */
export interface Refusal {
	status: number;
	message: string;
}

export type Reading =
	{ event: NotificationEventDefinition; payload: IDataObject } | { refusal: Refusal };

const NOT_A_NOTIFICATION = 'Not a notification of the Link-Management Service';
const refused = (status: number, why: string): Reading => ({
	refusal: { status, message: `${NOT_A_NOTIFICATION}: ${why}` },
});

/** Bodies n8n parses into objects that were not sent as JSON. */
const NOT_JSON_TYPES = /^(application\/x-www-form-urlencoded|multipart\/|.*[/+]xml\b)/i;

/**
 * Reads a request's body (as n8n parsed it) as a notification: a JSON object with `type` `url`
 * or `view` and a `shorturl`. Anything else is refused with a 4xx status and a message that
 * says what is wrong.
 */
export function readNotification(body: unknown, contentType: string | undefined): Reading {
	if (contentType && NOT_JSON_TYPES.test(contentType.trim())) {
		return refused(415, `the body is ${contentType.split(';')[0].trim()}, not JSON`);
	}
	const payload = typeof body === 'string' ? parsedJson(body) : body;
	if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
		return refused(400, 'the body is not a JSON object');
	}
	const { type, shorturl } = payload as IDataObject;
	const event = NOTIFICATION_EVENTS.find((candidate) => candidate.type === type);
	if (!event) {
		// What was sent is not repeated: the answer says only what a notification has.
		const types = NOTIFICATION_EVENTS.map((known) => `"${known.type}" (${known.name})`);
		return refused(
			400,
			type === undefined ? 'it has no "type"' : `its "type" is not ${types.join(' or ')}`,
		);
	}
	if (typeof shorturl !== 'string' || shorturl.trim() === '') {
		return refused(400, 'it has no "shorturl"');
	}
	return { event, payload: payload as IDataObject };
}

function parsedJson(text: string): unknown {
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return undefined;
	}
}

/**
 * The item of a notification: `event` in place of the payload's `type`, the payload's other
 * fields as sent (unknown ones too), `date` in the service's usual form.
 */
export function notificationItem(
	event: NotificationEventDefinition,
	payload: IDataObject,
): IDataObject {
	const item: IDataObject = { event: event.value, ...payload };
	// `event` is the node's word for the payload's `type`, whatever else the payload holds.
	item.event = event.value;
	delete item.type;
	if (item.date !== undefined) item.date = serviceDate(item.date);
	return item;
}

const DAY_FIRST = /^(\d{1,2})-(\d{1,2})-(\d{4})(?:\s+(\d{2}:\d{2}:\d{2}))?$/;

/**
 * A date as the service usually writes it, `YYYY-MM-DD HH:MM:SS`: a link's creation is notified
 * day first (`26-11-2026 14:05:09`), a click year first. Anything else is kept as sent.
 */
export function serviceDate<T>(value: T): T | string {
	if (typeof value !== 'string') return value;
	const match = DAY_FIRST.exec(value.trim());
	if (!match) return value;
	const [, day, month, year, time] = match;
	const date = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
	return time ? `${date} ${time}` : date;
}
