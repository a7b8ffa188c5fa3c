// The sandbox's records: their shapes, the collection that holds each kind, and date formats.

import { PIXEL_TYPE_VALUES as NODE_PIXEL_TYPE_VALUES } from '../../nodes/LinkManagement/resources/pixel/pixelTypes';
import type { Visit } from './visits';

export interface AccountRecord {
	id: number;
	email: string;
	username: string;
	avatar: string;
	status: string;
	expires: string;
	registered: string;
}

export interface CampaignRecord {
	id: number;
	name: string;
	/** Rotator slug; `null` means the campaign has no rotator. */
	slug: string | null;
	public: boolean;
	links: Set<number>;
	/** Seeded quirk of the real service: this list item carries the name under `domain`. */
	nameUnderDomain: boolean;
}

export interface SplashRecord {
	id: number;
	name: string;
	date: string;
}

export interface QrStatistics {
	clicks: number;
	uniqueClicks: number;
	topCountries: Record<string, string>;
	topReferrers: Record<string, string>;
	topBrowsers: Record<string, string>;
	topOs: Record<string, string>;
	socialCount: { socialnet_a: number; socialnet_b: number; socialnet_c: number };
}

export type QrType = 'text' | 'vcard' | 'link' | 'email' | 'phone' | 'sms' | 'wifi';

export interface QrRecord {
	id: number;
	name: string;
	link: string;
	scans: number;
	date: string;
	type: QrType;
	data: unknown;
	background: string | null;
	foreground: string | null;
	logo: string | null;
	stats: QrStatistics;
}

export interface ChannelRecord {
	id: number;
	name: string;
	description: string;
	color: string;
	starred: boolean;
}

export type ChannelItemType = 'links' | 'bio' | 'qr';

/** A link, bio page or QR code placed in a channel (the channel lists it as its record is now). */
export interface ChannelItemRecord {
	channelId: number;
	type: ChannelItemType;
	id: number;
	date: string;
}

/** A channel item as its channel lists it. */
export interface ListedChannelItem {
	type: ChannelItemType;
	id: number;
	date: string;
	title: string;
	preview: string;
	link: string;
}

export interface PixelRecord {
	id: number;
	type: string;
	name: string;
	tag: string;
	date: string;
}

export interface OverlayRecord {
	id: number;
	type: string;
	name: string;
	date: string;
}

export interface DomainRecord {
	id: number;
	domain: string;
	redirectroot: string;
	redirect404: string;
}

/** A targeting row: where visitors with this country, device or language go. */
export interface GeoTarget {
	location: string;
	link: string;
}
export interface DeviceTarget {
	device: string;
	link: string;
}
export interface LanguageTarget {
	language: string;
	link: string;
}
export interface LinkParameter {
	name: string;
	value: string;
}

/** `direct`, `frame`, `splash`, or the ID of a CTA overlay. */
export type LinkType = 'direct' | 'frame' | 'splash' | number;

/** What create and update set, besides the destination. */
export interface LinkSettings {
	description: string;
	password: string | null;
	/** `YYYY-MM-DD HH:MM:SS` (UTC) from which the link no longer works, or null. */
	expiry: string | null;
	type: LinkType;
	/** Branded domain ID; the short URL is on that domain's address. */
	domain: number | null;
	pixels: number[];
	campaign: number | null;
	channel: number | null;
	status: 'public' | 'private';
	metatitle: string;
	metadescription: string;
	metaimage: string;
	geotarget: GeoTarget[];
	devicetarget: DeviceTarget[];
	languagetarget: LanguageTarget[];
	parameters: LinkParameter[];
	deeplink: { apple: string; google: string } | null;
}

/** What a link keeps: what it was given, and its visits. */
export interface StoredLink extends LinkSettings {
	id: number;
	/** The part after the domain (unique, compared case-insensitively). */
	alias: string;
	longurl: string;
	date: string;
	/** Every click counted, in order. */
	visits: Visit[];
}

/** A link as it reads: what it keeps, and what follows from that when read (Store.linkRecord). */
export interface LinkRecord extends StoredLink {
	/** On the address its branded domain has now (else the sandbox's), then its alias. */
	readonly shorturl: string;
	/** Its meta title, else the destination's host (linkTitle). */
	readonly title: string;
	/** Its visits. */
	readonly clicks: number;
	/** Its visits, counted by visitor, country, browser, system and referrer. */
	readonly stats: QrStatistics;
}

/** A link's settings where create leaves them out. */
export function defaultLinkSettings(): LinkSettings {
	return {
		description: '',
		password: null,
		expiry: null,
		type: 'direct',
		domain: null,
		pixels: [],
		campaign: null,
		channel: null,
		status: 'private',
		metatitle: '',
		metadescription: '',
		metaimage: '',
		geotarget: [],
		devicetarget: [],
		languagetarget: [],
		parameters: [],
		deeplink: null,
	};
}

/** A link's title: its own meta title, else (where the service would read the page) the host. */
export function linkTitle(longurl: string, metatitle: string): string {
	if (metatitle.trim() !== '') return metatitle;
	try {
		return new URL(longurl).host;
	} catch {
		return longurl;
	}
}

/** Records of one kind keyed by id, with counters tests can inspect. */
export class Collection<T extends { id: number }> {
	readonly records = new Map<number, T>();
	private nextId = 1;
	/** Records created through the API (seeded ones are not counted). */
	created = 0;
	deleted = 0;

	constructor(readonly label: string) {}

	get size(): number {
		return this.records.size;
	}

	/** Adds a record built from a fresh id. */
	insert(build: (id: number) => T, viaApi = true): T {
		const record = build(this.nextId++);
		this.records.set(record.id, record);
		if (viaApi) this.created++;
		return record;
	}

	get(id: number): T | undefined {
		return this.records.get(id);
	}

	remove(id: number): boolean {
		const removed = this.records.delete(id);
		if (removed) this.deleted++;
		return removed;
	}

	/** All records ordered by id ascending. */
	list(): T[] {
		return [...this.records.values()].sort((a, b) => a.id - b.id);
	}
}

/** The 13 pixel types: the node's own list, which its test checks against the API reference. */
export const PIXEL_TYPE_VALUES: readonly string[] = NODE_PIXEL_TYPE_VALUES;

/** `YYYY-MM-DD HH:MM:SS` in UTC. */
export function formatTimestamp(ms: number): string {
	return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** `YYYY-MM-DD` in UTC. */
export function formatDate(ms: number): string {
	return new Date(ms).toISOString().slice(0, 10);
}

export function emptyQrStatistics(): QrStatistics {
	return {
		clicks: 0,
		uniqueClicks: 0,
		topCountries: {},
		topReferrers: {},
		topBrowsers: {},
		topOs: {},
		socialCount: { socialnet_a: 0, socialnet_b: 0, socialnet_c: 0 },
	};
}
