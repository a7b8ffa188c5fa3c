// The installation's users and plans, the API keys that reach the sandbox (the administrator's,
// each user's own, and keys with scopes), and the one-time login links of users.

import { randomBytes } from 'crypto';

import { Collection, formatTimestamp } from './records';
import { SEED_EPOCH } from './seed';

/** The scopes a key can be given (`all`: every one). */
export const KEY_SCOPES = [
	'account',
	'domains',
	'splash',
	'campaigns',
	'cta',
	'channels',
	'links',
	'pixels',
	'qr',
] as const;
export type KeyScope = (typeof KEY_SCOPES)[number];
/** What a key may reach: every scope, or these. */
export type KeyScopes = 'all' | readonly KeyScope[];

export interface UserRecord {
	id: number;
	email: string;
	username: string;
	avatar: string;
	/** `pro` on a paid plan, else `free`. */
	status: 'pro' | 'free';
	planid: number | null;
	/** When the plan ends (`YYYY-MM-DD HH:MM:SS`), or null. */
	expires: string | null;
	registered: string;
	/** The user's own API key: it works against the sandbox too. */
	apikey: string;
	admin: boolean;
	/** Never returned by the API; kept so tests can check what was sent. */
	password: string;
}

export interface PlanRecord {
	id: number;
	name: string;
	free: boolean;
	prices: { monthly: string; yearly: string; lifetime: string };
	limits: Record<string, number | boolean>;
}

/** A one-time login link: valid until `expiresAt` (ms), once. */
export interface LoginToken {
	userId: number;
	expiresAt: number;
	usedAt?: number;
}

/** Who a key belongs to and what it may reach. */
export interface KeyHolder {
	userId: number;
	admin: boolean;
	scopes: KeyScopes;
}

/** The own key of seeded user 2, an ordinary (not administrator) customer with a paid plan. */
export const SEEDED_USER_KEY = 'sandbox-user-key';
/** The seeded plans' IDs. */
export const FREE_PLAN_ID = 1;

const HOUR_MS = 3_600_000;

/** The users, plans, extra keys and login links of one sandbox (in its Store). */
export class UserDirectory {
	users = new Collection<UserRecord>('User');
	plans = new Collection<PlanRecord>('Plan');
	/** Keys with scopes, by key: they belong to the administrator (user 1). */
	scopedKeys = new Map<string, KeyScopes>();
	/** Login links handed out, by token (used ones kept, so that a second visit is told so). */
	logins = new Map<string, LoginToken>();
	/** Users signed in through a login link, in order. */
	signIns: Array<{ userId: number; username: string; at: string }> = [];

	/**
	 * @param publicUrl origin plus basePath: avatars and login links are on it
	 * @param adminKey the sandbox's own key: user 1's, always an administrator's with every scope
	 */
	constructor(
		readonly publicUrl: string,
		readonly adminKey: string,
		scopedKeys: Record<string, KeyScopes> = {},
	) {
		for (const [key, scopes] of Object.entries(scopedKeys)) this.scopedKeys.set(key, scopes);
		seedPlans(this.plans);
		this.addUser('sandbox', 'sandbox@example.com', 'sandbox-password', {
			admin: true,
			apikey: adminKey,
			plan: { id: 3, expires: '2030-12-31 23:59:59' },
			registered: SEED_EPOCH,
		});
		this.addUser('customer_ann', 'ann@example.com', 'ann-password', {
			apikey: SEEDED_USER_KEY,
			plan: { id: 2, expires: '2030-06-30 00:00:00' },
			registered: SEED_EPOCH + 24 * HOUR_MS,
		});
		this.addUser('customer_bob', 'bob@example.com', 'bob-password', {
			registered: SEED_EPOCH + 48 * HOUR_MS,
		});
	}

	/** Adds a user (seeded unless `viaApi`); a user without a plan, or on a free one, is `free`. */
	addUser(
		username: string,
		email: string,
		password: string,
		options: {
			admin?: boolean;
			apikey?: string;
			plan?: { id: number; expires: string };
			registered: number;
			viaApi?: boolean;
		},
	): UserRecord {
		return this.users.insert(
			(id) => ({
				id,
				email,
				username,
				avatar: `${this.publicUrl}/content/avatar/${encodeURIComponent(username)}.png`,
				...this.planFields(options.plan),
				registered: formatTimestamp(options.registered),
				apikey: options.apikey ?? randomBytes(16).toString('hex'),
				admin: options.admin ?? false,
				password,
			}),
			options.viaApi ?? false,
		);
	}

	/** Puts a user on a plan until `expires`. */
	subscribe(user: UserRecord, plan: { id: number; expires: string }): void {
		Object.assign(user, this.planFields(plan));
	}

	private planFields(plan?: { id: number; expires: string }) {
		const record = plan && this.plans.get(plan.id);
		if (!plan || !record) return { status: 'free' as const, planid: null, expires: null };
		return {
			status: record.free ? ('free' as const) : ('pro' as const),
			planid: plan.id,
			expires: plan.expires,
		};
	}

	/** Who a bearer key belongs to; undefined for a key the sandbox does not know. */
	holderOf(key: string | undefined): KeyHolder | undefined {
		if (key === undefined) return undefined;
		if (key === this.adminKey) return { userId: 1, admin: true, scopes: 'all' };
		const scopes = this.scopedKeys.get(key);
		if (scopes) return { userId: 1, admin: true, scopes };
		const user = this.users.list().find((candidate) => candidate.apikey === key);
		return user && { userId: user.id, admin: user.admin, scopes: 'all' };
	}

	/** A new one-time login link of a user, valid until the end of the current hour of `now`. */
	loginLink(user: UserRecord, now: number): string {
		const token = randomBytes(20).toString('hex');
		this.logins.set(token, {
			userId: user.id,
			expiresAt: (Math.floor(now / HOUR_MS) + 1) * HOUR_MS,
		});
		return `${this.publicUrl}/user/login/sso/${token}`;
	}
}

function seedPlans(plans: Collection<PlanRecord>): void {
	const plan = (
		name: string,
		prices: [string, string, string],
		limits: Record<string, number | boolean>,
	) =>
		plans.insert(
			(id) => ({
				id,
				name,
				free: prices.every((price) => Number(price) === 0),
				prices: { monthly: prices[0], yearly: prices[1], lifetime: prices[2] },
				limits,
			}),
			false,
		);
	plan('Free', ['0', '0', '0'], {
		links: 20,
		clicks: 1000,
		retention: 30,
		qr: true,
		custom: false,
	});
	plan('Starter', ['9.99', '99.00', '249.00'], {
		links: 500,
		clicks: 100_000,
		retention: 365,
		qr: true,
		custom: true,
	});
	plan('Business', ['29.00', '290.00', '790.00'], {
		links: 0,
		clicks: 0,
		retention: 0,
		qr: true,
		custom: true,
	});
}

/**
 * Keys with scopes as the command line gives them: `KEY=scope,scope` entries separated by spaces
 * (`all` for every scope). Throws on an unknown scope or an entry without one.
 */
export function parseScopedKeys(raw: string): Record<string, KeyScopes> {
	const keys: Record<string, KeyScopes> = {};
	for (const entry of raw.trim().split(/\s+/).filter(Boolean)) {
		const [key, list = ''] = entry.split('=');
		const scopes = list.split(',').filter(Boolean);
		const unknown = scopes.filter(
			(scope) => scope !== 'all' && !(KEY_SCOPES as readonly string[]).includes(scope),
		);
		if (!key || scopes.length === 0 || unknown.length) {
			throw new Error(
				`--scoped-keys expects KEY=scope,scope entries (scopes: ${KEY_SCOPES.join(', ')}, all), got '${entry}'.`,
			);
		}
		keys[key] = scopes.includes('all') ? 'all' : (scopes as KeyScope[]);
	}
	return keys;
}
