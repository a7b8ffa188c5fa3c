import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { cssNamedColor } from './cssColors';

/**
 * Pure input checks and conversions. Each throws an InputError whose message names the field
 * and says what was wrong with its value, and whose description says what value is wanted;
 * `guard` turns it into a NodeOperationError for the item.
 */
export class InputError extends Error {
	constructor(
		message: string,
		/** How to get unstuck: the value that is wanted. */
		readonly description: string,
	) {
		super(message);
	}
}

/** A parameter as messages name it: its display name in single quotes. */
export const quoted = (label: string) => `'${label}'`;

/** What a conversion may need to know of the run: the workflow's time zone, for dates. */
export interface ConversionContext {
	timezone?: string;
}

export type Converter = (value: unknown, label: string, context?: ConversionContext) => unknown;

/** Runs a check and turns its InputError into a NodeOperationError for the item. */
export function guard<T>(node: INode, itemIndex: number, check: () => T): T {
	try {
		return check();
	} catch (error) {
		if (error instanceof InputError) {
			throw new NodeOperationError(node, error.message, {
				itemIndex,
				description: error.description,
			});
		}
		throw new NodeOperationError(node, error as Error, { itemIndex });
	}
}

/** A value as trimmed text; nothing (undefined, null) is the empty text. */
export function text(value: unknown): string {
	if (value === undefined || value === null) return '';
	return typeof value === 'string' ? value.trim() : String(value);
}

/** A whole number given as a number or as its digits (a sign allowed); anything else is undefined. */
export function wholeNumber(value: unknown): number | undefined {
	const candidate =
		typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
	return typeof candidate === 'number' && Number.isSafeInteger(candidate) ? candidate : undefined;
}

export function positiveWholeNumber(value: unknown, label: string): number {
	const trimmed = text(value);
	if (!/^\d+$/.test(trimmed) || Number(trimmed) < 1 || !Number.isSafeInteger(Number(trimmed))) {
		throw new InputError(
			`${quoted(label)} must be a positive whole number (such as 42), but got ${describe(value)}`,
			'Give a whole number of 1 or more, such as 42: digits only, without a sign, decimals or other characters.',
		);
	}
	return Number(trimmed);
}

export function oneOf(allowed: readonly string[]): Converter {
	return (value, label) => {
		const candidate = text(value);
		if (!allowed.includes(candidate)) {
			throw new InputError(
				`${quoted(label)} must be one of ${allowed.join(', ')}, but got ${describe(value)}`,
				`Choose one of the options, or give one of these values exactly: ${allowed.join(', ')}.`,
			);
		}
		return candidate;
	};
}

export const toBoolean: Converter = (value, label) => {
	if (typeof value === 'boolean') return value;
	const candidate = text(value).toLowerCase();
	if (candidate === 'true') return true;
	if (candidate === 'false') return false;
	throw new InputError(
		`${quoted(label)} must be true or false, but got ${describe(value)}`,
		'Turn the switch on or off, or give true or false (a boolean, or that text).',
	);
};

/** What to do about a field left empty. */
export const fillIn = (label: string) =>
	`Fill in ${quoted(label)}, or map it from a field of the input that is not empty.`;

export const nonEmptyText: Converter = (value, label) => {
	const candidate = text(value);
	if (candidate === '') throw new InputError(`${quoted(label)} must not be empty`, fillIn(label));
	return candidate;
};

/** Like nonEmptyText, but sent exactly as given: spaces can be part of a password. */
export const nonEmptySecret: Converter = (value, label) => {
	if (text(value) === '') throw new InputError(`${quoted(label)} must not be empty`, fillIn(label));
	return String(value);
};

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i;

/** An http(s) address with a real host and no spaces, parsed; undefined when it is not one. */
export function parseHttpUrl(candidate: string): URL | undefined {
	if (/\s/.test(candidate)) return undefined;
	let url: URL;
	try {
		url = new URL(candidate);
	} catch {
		return undefined;
	}
	if (!/^https?:$/.test(url.protocol)) return undefined;
	const host = url.hostname;
	const isAddress = /^\[[0-9a-f:.]+\]$/i.test(host);
	return isAddress || HOST_NAME.test(host.replace(/\.$/, '')) ? url : undefined;
}

/** The last part of an address's path, decoded (`https://go.example/summer-sale` → `summer-sale`). */
export function lastPathSegment(url: URL): string | undefined {
	const last = url.pathname.split('/').filter(Boolean).pop();
	if (last === undefined) return undefined;
	try {
		return decodeURIComponent(last);
	} catch {
		return last;
	}
}

/**
 * A user name and password written into an address (`https://user:password@host`): everything
 * between `//` and the last `@`, so that a malformed one (a `/` in the password) is caught too.
 */
const USER_INFO = /^([a-z][a-z0-9+.-]*:\/\/)(.*)@/i;

export const userInfoOf = (address: string): string | undefined =>
	USER_INFO.exec(address.trim())?.[2];

/** The address as it may be shown: a user name and password in it replaced by ***. */
export const withoutUserInfo = (address: string) => address.replace(USER_INFO, '$1***@');

const WHOLE_ADDRESS =
	'Give the whole address: http:// or https://, then a host name, such as https://example.com/page (no spaces).';

export const httpUrl: Converter = (value, label) => {
	const candidate = text(value);
	if (!parseHttpUrl(candidate)) {
		throw new InputError(
			`${quoted(label)} must be a full address starting with http:// or https:// (such as https://example.com), but got ${describe(value)}`,
			WHOLE_ADDRESS,
		);
	}
	return candidate;
};

/** The http(s) address of a PNG or JPG image (a logo, a preview image), which the service copies. */
export const imageAddress: Converter = (value, label) => {
	const url = parseHttpUrl(text(value));
	if (!url || !/\.(png|jpg)$/i.test(url.pathname)) {
		throw new InputError(
			`${quoted(label)} must be the http(s) address of a .png or .jpg image (such as https://example.com/logo.png), but got "${text(value)}"`,
			'Give the public address of a PNG or JPG image, ending in .png or .jpg, such as https://example.com/logo.png: the service copies the image from there.',
		);
	}
	return text(value);
};

/** One or more IDs (a list, or text separated by commas), each a positive whole number. */
export const positiveWholeNumbers: Converter = (value, label) => {
	const given = Array.isArray(value) ? value : text(value).split(',');
	const ids = given
		.map((id) => text(id))
		.filter((id) => id !== '')
		.map((id) => positiveWholeNumber(id, label));
	return [...new Set(ids)];
};

/**
 * Text that can be the last part of a URL path (a short link's alias): no spaces and none of
 * the characters that end a path segment.
 */
export const pathSegment: Converter = (value, label) => {
	const candidate = nonEmptyText(value, label) as string;
	const bad = /[\s/?#\\%]/.exec(candidate);
	if (bad) {
		const shown = /\s/.test(bad[0]) ? 'a space' : `"${bad[0]}"`;
		throw new InputError(
			`${quoted(label)} cannot be part of a link's address: it contains ${shown}, in ${describe(value)}`,
			'Use letters, digits, - or _ only, such as summer-sale.',
		);
	}
	return candidate;
};

const HEX_COLOR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const RGB_COLOR = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/i;

function hexToChannels(hex: string): number[] {
	const digits =
		hex.length === 4 ? [...hex.slice(1)].map((d) => d + d) : hex.slice(1).match(/../g)!;
	return digits.map((pair) => parseInt(pair, 16));
}

/**
 * A CSS color name (any case) as `#RRGGBB`, as n8n's color picker shows it; anything else is
 * returned unchanged. "transparent" is refused: the service's colors have no transparency.
 */
function withNamedColor(candidate: string, label: string, forms: string): string {
	const name = candidate.toLowerCase();
	if (name === 'transparent') {
		throw new InputError(
			`${quoted(label)} cannot be transparent: the service takes opaque colors only`,
			`Give an opaque color: ${forms}.`,
		);
	}
	return cssNamedColor(name) ?? candidate;
}

const RGB_FORMS = 'a CSS color name (such as red), #RRGGBB, #RGB or rgb(r,g,b)';
const HEX_FORMS = 'a CSS color name (such as red), #RRGGBB or #RGB';

/** A CSS color name, `#RRGGBB`, `#RGB` or `rgb(r,g,b)`, always sent as `rgb(r,g,b)`. */
export const toRgbColor: Converter = (value, label) => {
	const candidate = withNamedColor(text(value), label, RGB_FORMS);
	let channels: number[] | undefined;
	if (HEX_COLOR.test(candidate)) channels = hexToChannels(candidate);
	const rgb = RGB_COLOR.exec(candidate);
	if (rgb) channels = rgb.slice(1, 4).map(Number);
	if (!channels || channels.some((channel) => channel > 255)) {
		throw new InputError(
			`${quoted(label)} must be a color as #RRGGBB, #RGB or rgb(r,g,b) with values 0-255, or a CSS color name (such as red), but got ${describe(value)}`,
			`Give ${RGB_FORMS}, each value from 0 to 255, such as #1F6FEB or rgb(31,111,235).`,
		);
	}
	return `rgb(${channels.join(',')})`;
};

/** A CSS color name, `#RRGGBB` or `#RGB`, always sent as `#RRGGBB`. */
export const toHexColor: Converter = (value, label) => {
	const candidate = withNamedColor(text(value), label, HEX_FORMS);
	if (!HEX_COLOR.test(candidate)) {
		throw new InputError(
			`${quoted(label)} must be a color as #RRGGBB or #RGB (such as #1F6FEB), or a CSS color name (such as red), but got ${describe(value)}`,
			`Give ${HEX_FORMS}, such as #1F6FEB.`,
		);
	}
	const channels = hexToChannels(candidate);
	return `#${channels.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`.toUpperCase();
};

function describe(value: unknown): string {
	if (value === undefined || value === null || value === '') return 'nothing';
	const shown = typeof value === 'string' ? value : JSON.stringify(value);
	return `"${shown.length > 60 ? `${shown.slice(0, 57)}...` : shown}"`;
}

/** Something@somewhere.tld, without spaces. */
export const isEmailAddress = (candidate: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(candidate);

export const emailAddress: Converter = (value, label) => {
	const candidate = text(value);
	if (!isEmailAddress(candidate)) {
		throw new InputError(
			`${quoted(label)} must be an email address (such as name@example.com), but got ${describe(value)}`,
			'Give one address such as name@example.com, without spaces.',
		);
	}
	return candidate;
};
