import type { Converter } from './validation';
import { asGiven, InputError, quoted, text } from './validation';

/**
 * Web addresses a user gives (a destination, a logo, a Base URL): parsed, checked as http(s)
 * with a real host, and a user name and password in them found or hidden.
 */

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
			`${quoted(label)} must be a full address starting with http:// or https:// (such as https://example.com), but got ${asGiven(value)}`,
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
