import type { IDataObject } from 'n8n-workflow';

import { parseHttpUrl } from '../../shared/addresses';
import { isRecord } from '../../shared/typeGuards';
import { emailAddress, InputError, quoted, text } from '../../shared/validation';

/**
 * What a QR code holds, in the keys the service reads. It ignores any other key without an
 * error, so a wrong key would silently make a wrong QR code: such keys are refused here, or
 * mapped where their meaning is certain.
 */

export const QR_TYPES = ['text', 'vcard', 'link', 'email', 'phone', 'sms', 'wifi'] as const;
export type QrType = (typeof QR_TYPES)[number];

const MAX_TEXT = 4296;

/** The keys the service reads for each structured type. */
export const QR_KEYS: Record<string, string[]> = {
	email: ['email', 'subject', 'body'],
	sms: ['phone', 'message'],
	vcard: [
		'fname',
		'lname',
		'org',
		'phone',
		'cell',
		'fax',
		'email',
		'site',
		'facebook',
		'instagram',
		'twitter',
		'linkedin',
		'street',
		'city',
		'state',
		'zip',
		'country',
	],
	wifi: ['ssid', 'pass', 'encryption'],
};

/** Keys people write for the same thing: mapped to the service's key. */
const SAME_AS: Record<string, Record<string, string>> = {
	email: { address: 'email', to: 'email' },
	sms: { number: 'phone', to: 'phone', text: 'message', body: 'message' },
	vcard: {
		firstname: 'fname',
		first_name: 'fname',
		lastname: 'lname',
		last_name: 'lname',
		organisation: 'org',
		organization: 'org',
		company: 'org',
		website: 'site',
		url: 'site',
		mobile: 'cell',
		zipcode: 'zip',
		postcode: 'zip',
		postalcode: 'zip',
	},
	wifi: { password: 'pass', network: 'ssid', security: 'encryption' },
};

const WIFI_ENCRYPTION: Record<string, string> = {
	wpa: 'WPA',
	wpa2: 'WPA',
	wep: 'WEP',
	nopass: 'nopass',
	none: 'nopass',
};

/** The structured types as the editor names them. */
export const TYPE_NAMES: Record<string, string> = {
	email: 'Email',
	sms: 'SMS',
	vcard: 'vCard',
	wifi: 'Wi-Fi',
};

export const isStructured = (type: string) => type in QR_KEYS;

/** How messages name a type's own fields (Network Name, Phone Number…) taken together. */
export const TYPE_FIELDS = 'The fields';

/** A parameter in a message: in single quotes, unless it is the type's fields together. */
const named = (label: string) => (label === TYPE_FIELDS ? label : quoted(label));

/** A phone number as digits with an optional leading +; spaces, dots, dashes and brackets go. */
export function phoneNumber(value: unknown, label: string): string {
	const digits = text(value).replace(/[\s.()-]/g, '');
	if (!/^\+?\d{3,}$/.test(digits)) {
		throw new InputError(
			`${named(label)} must be a phone number of digits with an optional leading + (such as +441234567), but got "${text(value)}"`,
			'Give at least 3 digits, with an optional leading + and the country code, such as +441234567 (spaces, dots, dashes and brackets are taken out).',
		);
	}
	return digits;
}

/** The content of a text, link or phone QR code: a string, checked for its type. */
export function simpleData(type: string, value: unknown, label: string): string {
	const given = typeof value === 'string' ? value : JSON.stringify(value);
	if (type === 'link') {
		if (!parseHttpUrl(given.trim())) {
			throw new InputError(
				`${named(label)} must be a full address starting with http:// or https:// for a Link QR code (such as https://example.com), but got "${given.slice(0, 60)}"`,
				'Give the whole address the QR code opens: http:// or https://, then a host name, such as https://example.com/page.',
			);
		}
		return given.trim();
	}
	if (type === 'phone') return phoneNumber(value, label);
	if (given.length > MAX_TEXT) {
		throw new InputError(
			`${named(label)} holds ${given.length} characters; a QR code holds at most ${MAX_TEXT}`,
			`Shorten the text to ${MAX_TEXT} characters or fewer, or put it on a page and make a Link QR code to it.`,
		);
	}
	return given;
}

/** JSON data (text or an object) as an object, or undefined when it is not JSON. */
export function jsonObject(value: unknown): IDataObject | undefined {
	let parsed = value;
	if (typeof value === 'string') {
		try {
			parsed = JSON.parse(value.trim());
		} catch {
			return undefined;
		}
	}
	return isRecord(parsed) ? parsed : undefined;
}

/**
 * Structured data in the service's keys: synonyms mapped, unknown keys refused (naming the
 * keys it reads), empty values left out. `type` undefined (an update) checks against the keys
 * of every type and requires none.
 */
export function structuredData(type: string | undefined, given: IDataObject, label: string) {
	const types = type === undefined ? Object.keys(QR_KEYS) : [type];
	const known = new Set(types.flatMap((each) => QR_KEYS[each]));
	const sameAs: Record<string, string> = Object.assign({}, ...types.map((each) => SAME_AS[each]));
	const data: IDataObject = {};
	const unknown: string[] = [];
	for (const [key, value] of Object.entries(given)) {
		const serviceKey = known.has(key) ? key : sameAs[key.toLowerCase()];
		if (!serviceKey) unknown.push(key);
		else if (text(value) !== '')
			// A password is kept as typed: spaces around it are part of it.
			data[serviceKey] = typeof value === 'string' && serviceKey !== 'pass' ? value.trim() : value;
	}
	const what = type === undefined ? 'QR code' : `${TYPE_NAMES[type]} QR code`;
	if (unknown.length) {
		throw new InputError(
			`${named(label)} has keys the service does not read for a ${what}: ${unknown.join(', ')}`,
			`Use only the keys the service reads: ${[...known].join(', ')}.`,
		);
	}
	if (Object.keys(data).length === 0) {
		throw new InputError(
			`${named(label)} must not be empty`,
			`Give at least one of the keys the service reads: ${[...known].join(', ')}.`,
		);
	}
	if (type !== undefined) checkRequired(type, data, label);
	if (data.encryption !== undefined) data.encryption = encryption(data.encryption, label);
	if (type === 'sms' && data.phone !== undefined)
		data.phone = phoneNumber(data.phone, `${label} phone`);
	return data;
}

function checkRequired(type: string, data: IDataObject, label: string) {
	const missing = (what: string) =>
		new InputError(
			`${named(label)} for a ${TYPE_NAMES[type]} QR code has no ${what}`,
			`Give ${what}: a ${TYPE_NAMES[type]} QR code cannot be made without it.`,
		);
	if (type === 'wifi' && !data.ssid) throw missing('the network name (ssid)');
	if (type === 'sms' && !data.phone) throw missing('a phone number (phone)');
	if (type === 'vcard' && !data.fname && !data.lname) throw missing('a name (fname or lname)');
	if (type === 'email') {
		if (!data.email) throw missing('an address (email)');
		data.email = emailAddress(data.email, `${label} email`) as string;
	}
}

function encryption(value: unknown, label: string): string {
	const mapped = WIFI_ENCRYPTION[text(value).toLowerCase()];
	if (!mapped) {
		throw new InputError(
			`${named(label)} encryption must be WPA, WEP or nopass (none), but got "${text(value)}"`,
			'Choose WPA, WEP or nopass (an open network).',
		);
	}
	return mapped;
}
