import { parseHttpUrl, withoutUserInfo } from '../shared/addresses';
import { InputError } from '../shared/validation';

/**
 * The credential's Base URL, with or without a trailing slash or `/api`, possibly in a
 * sub-folder, becomes the API root: `https://example.com/short/` → `https://example.com/short/api`.
 */
export function apiRootFromBaseUrl(baseUrl: unknown): string {
	const raw = typeof baseUrl === 'string' ? baseUrl.trim() : '';
	const url = parseHttpUrl(raw);
	if (!url || url.search || url.hash || url.username || url.password) {
		throw new InputError(
			`The credential's 'Base URL' must be an http(s) address such as https://links.example.com, but it is ${raw ? `"${withoutUserInfo(raw)}"` : 'empty'}`,
			"Open the credential and give the service's address: http:// or https://, a host name and an optional folder, without a user name or password, spaces, a query or a #fragment.",
		);
	}
	const path = url.pathname.replace(/\/+$/, '').replace(/\/api$/i, '');
	return `${url.origin}${path}/api`;
}
