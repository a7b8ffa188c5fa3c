// What a key may reach: each route's scope (a key with scopes is refused the others), and the
// users and plans routes, which only an administrator's key may use. Checked after the key and
// the rate limit, before the route's handler, in both profiles.

import type { Reply } from './http';
import type { KeyHolder, KeyScope } from './users';

/** The scope of each route's first path segment below /api; `admin`: administrators only. */
const SCOPE_OF: Record<string, KeyScope | 'admin'> = {
	account: 'account',
	campaign: 'campaigns',
	campaigns: 'campaigns',
	splash: 'splash',
	qr: 'qr',
	channel: 'channels',
	channels: 'channels',
	pixel: 'pixels',
	pixels: 'pixels',
	overlay: 'cta',
	domain: 'domains',
	domains: 'domains',
	url: 'links',
	urls: 'links',
	user: 'admin',
	users: 'admin',
	plan: 'admin',
	plans: 'admin',
};

export const NO_SCOPE_MESSAGE = 'You do not have access to this endpoint with this API key.';
export const NOT_ADMIN_MESSAGE = 'You do not have permission to access this endpoint.';

/** What a route pattern (`/api/qr/:id`) needs of a key. */
export function scopeOf(pattern: string): KeyScope | 'admin' | undefined {
	return SCOPE_OF[pattern.split('/')[2] ?? ''];
}

/** The refusal of a key that may not use the route, or undefined when it may. */
export function keyRefusal(pattern: string, holder: KeyHolder): Reply | undefined {
	const needed = scopeOf(pattern);
	if (needed === 'admin') {
		return holder.admin
			? undefined
			: { status: 403, body: { error: 1, message: NOT_ADMIN_MESSAGE } };
	}
	if (needed === undefined || holder.scopes === 'all' || holder.scopes.includes(needed)) {
		return undefined;
	}
	// `error` is the boolean true here, as the product sends it.
	return { status: 200, body: { error: true, message: NO_SCOPE_MESSAGE } };
}
