// The sandbox's two profiles and the switches where the family's versions differ.
//
// `reference` answers as the API reference shows it (and fills its gaps as the sandbox always
// did). `family` answers as real installations of the service family (the self-hosted product and
// the hosted offerings built on it) do: the rate limit as HTTP 200 with the reason in the body,
// 403 for a bad key, 200 for an unknown ID, empty and HTML answers, the family's keys, lists
// newest first.
// The switches below are settings of their own: each profile only gives them their defaults.

import type { SandboxOptions } from './options';
import type { Store } from './store';

export type Profile = 'reference' | 'family';
export const PROFILES: readonly Profile[] = ['reference', 'family'];

export type RemainingMode = 'negative' | 'clamped';
export const REMAINING_MODES: readonly RemainingMode[] = ['negative', 'clamped'];

/** `oldest`: lists by ID ascending (channel items in assignment order); `newest`: the reverse. */
export type ListOrder = 'newest' | 'oldest';
export const LIST_ORDERS: readonly ListOrder[] = ['newest', 'oldest'];

export interface ProfileSwitches {
	/**
	 * `negative`: X-RateLimit-Remaining is limit − (count + 1), so a refused request reads -1
	 * (older versions); `clamped`: never below 0 (newer versions).
	 */
	remaining: RemainingMode;
	/** Send the X-RateLimit-* headers (off: the product's cache is turned off). */
	rateHeaders: boolean;
	/** Largest page size (`perpage` tells it); 0 = no maximum, as many records as asked. */
	maxLimit: number;
	/** Page size when a request gives no `limit`. */
	defaultLimit: number;
	/** System domains (`"id": null`) appended to every page of GET /api/domains. */
	systemDomains: number;
	/**
	 * Orphaned channel items: this many items of channel 1 whose QR code no longer exists, placed
	 * first; with any, deleting a QR code leaves its channel items behind. Listing a channel skips
	 * them, so its pages before `maxpage` can be short or empty. 0 = off.
	 */
	orphanedItems: number;
	/**
	 * Order of every list: `oldest` first (by ID; channel items as assigned) or `newest` first
	 * (the most recently created, or assigned, on page 1). Links also follow `?order=`.
	 */
	order: ListOrder;
}

export const PROFILE_DEFAULTS: Record<Profile, ProfileSwitches> = {
	reference: {
		remaining: 'clamped',
		rateHeaders: true,
		maxLimit: 100,
		defaultLimit: 10,
		systemDomains: 0,
		orphanedItems: 0,
		order: 'oldest',
	},
	family: {
		remaining: 'negative',
		rateHeaders: true,
		maxLimit: 0,
		defaultLimit: 15,
		systemDomains: 2,
		orphanedItems: 15,
		order: 'newest',
	},
};

// ---------------------------------------------------------------- records the switches add

/** First ID of the seeded orphans' QR codes: far beyond any QR code the sandbox hands out. */
const ORPHAN_QR_IDS = 900_001;

/**
 * Puts `count` items whose QR code no longer exists into channel 1 (if it exists), where its
 * list shows them first: before the seeded items, or after them when lists are newest first.
 */
export function seedOrphans(store: Store, count: number, order: ListOrder = 'oldest'): void {
	if (count === 0 || !store.channels.get(1)) return;
	const date = store.channelItems[0]?.date ?? '2024-01-01';
	const orphans = Array.from({ length: count }, (_, i) => ({
		channelId: 1,
		type: 'qr' as const,
		id: ORPHAN_QR_IDS + i,
		date,
	}));
	if (order === 'newest') store.channelItems.push(...orphans.reverse());
	else store.channelItems.unshift(...orphans);
}

/** The service's own domains, `"id": null`, as the family appends them to every page. */
export function systemDomains(count: number): Array<Record<string, unknown>> {
	return Array.from({ length: count }, (_, i) => ({
		id: null,
		domain: `https://sys${i + 1}.link-service.example`,
		redirectroot: '',
		redirect404: '',
	}));
}

// ---------------------------------------------------------------- CLI / env flags

type ProfileSetter = (options: Partial<SandboxOptions>, raw: string) => void;

export const PROFILE_FLAGS: Record<string, ProfileSetter> = {
	profile: (o, v) => (o.profile = oneOf('--profile', v, PROFILES)),
	remaining: (o, v) => (o.remaining = oneOf('--remaining', v, REMAINING_MODES)),
	'rate-headers': (o, v) => (o.rateHeaders = parseSwitch('--rate-headers', v)),
	'default-limit': (o, v) => (o.defaultLimit = count('--default-limit', v, 1)),
	'system-domains': (o, v) => (o.systemDomains = count('--system-domains', v, 0)),
	'orphaned-items': (o, v) => (o.orphanedItems = count('--orphaned-items', v, 0)),
	order: (o, v) => (o.order = oneOf('--order', v, LIST_ORDERS)),
};

export const PROFILE_USAGE = `  --profile P           reference | family (default reference)           env SANDBOX_PROFILE
  --remaining M         negative | clamped (family: negative)             env SANDBOX_REMAINING
  --rate-headers on|off X-RateLimit-* headers (default on)                env SANDBOX_RATE_HEADERS
  --default-limit N     page size without limit (10; family: 15)          env SANDBOX_DEFAULT_LIMIT
  --system-domains N    id-null domains on every page (family: 2)         env SANDBOX_SYSTEM_DOMAINS
  --orphaned-items N    skipped items in channel 1 (family: 15)           env SANDBOX_ORPHANED_ITEMS
  --order O             lists newest | oldest first (family: newest)      env SANDBOX_ORDER`;

function oneOf<T extends string>(flag: string, raw: string, allowed: readonly T[]): T {
	const value = raw.trim().toLowerCase() as T;
	if (!allowed.includes(value)) {
		throw new Error(`${flag} expects one of ${allowed.join(', ')}, got '${raw}'.`);
	}
	return value;
}

/** A switch given as on/off, true/false, yes/no or 1/0; refused in the words `expects` gives. */
export function parseSwitch(flag: string, raw: string, expects = 'on or off'): boolean {
	const value = raw.trim().toLowerCase();
	if (['1', 'true', 'yes', 'on'].includes(value)) return true;
	if (['0', 'false', 'no', 'off'].includes(value)) return false;
	throw new Error(`${flag} expects ${expects}, got '${raw}'.`);
}

function count(flag: string, raw: string, min: number): number {
	const value = Number(raw.trim());
	if (!/^\d+$/.test(raw.trim()) || value < min || !Number.isSafeInteger(value)) {
		throw new Error(`${flag} expects an integer from ${min}, got '${raw}'.`);
	}
	return value;
}
