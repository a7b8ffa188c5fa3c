import { InputError, parseHttpUrl } from '../shared/validation';

/**
 * The credential's Base URL, with or without a trailing slash or `/api`, possibly in a
 * sub-folder, becomes the API root: `https://example.com/short/` → `https://example.com/short/api`.
 */
export function apiRootFromBaseUrl(baseUrl: unknown): string {
	const raw = typeof baseUrl === 'string' ? baseUrl.trim() : '';
	const url = parseHttpUrl(raw);
	if (!url || url.search || url.hash || url.username || url.password) {
		throw new InputError(
			`The credential's Base URL must be an http(s) address such as https://links.example.com (with a host name, no user name or password, no spaces, no query or #fragment), but it is ${raw ? `"${withoutUserInfo(raw)}"` : 'empty'}`,
		);
	}
	const path = url.pathname.replace(/\/+$/, '').replace(/\/api$/i, '');
	return `${url.origin}${path}/api`;
}

/**
 * A user name and password written into an address (`https://user:password@host`): everything
 * between `//` and the last `@`, so that a malformed one (a `/` in the password) is caught too.
 */
const USER_INFO = /^([a-z][a-z0-9+.-]*:\/\/)(.*)@/i;

export const userInfoOf = (address: string): string | undefined =>
	USER_INFO.exec(address.trim())?.[2];

/** The address as it may be shown: a user name and password in it replaced by ***. */
const withoutUserInfo = (address: string) => address.replace(USER_INFO, '$1***@');
