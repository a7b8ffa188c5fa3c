import { InputError } from '../shared/validation';

/**
 * The credential's Base URL, with or without a trailing slash or `/api`, possibly in a
 * sub-folder, becomes the API root: `https://example.com/short/` → `https://example.com/short/api`.
 */
export function apiRootFromBaseUrl(baseUrl: unknown): string {
	const raw = typeof baseUrl === 'string' ? baseUrl.trim() : '';
	let url: URL | undefined;
	try {
		url = new URL(raw);
	} catch {
		url = undefined;
	}
	if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash) {
		throw new InputError(
			`The credential's Base URL must be an http(s) address such as https://links.example.com (no query or #fragment), but it is ${raw ? `"${raw}"` : 'empty'}`,
		);
	}
	const path = url.pathname.replace(/\/+$/, '').replace(/\/api$/i, '');
	return `${url.origin}${path}/api`;
}
