// In-memory records of the sandbox and their seeding.

import { resolveSeed, SeedCounts } from './options';
import { PIXEL_TYPE_VALUES } from '../../nodes/LinkManagement/resources/pixel/types';

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

export interface ChannelItemRecord {
	channelId: number;
	type: ChannelItemType;
	id: number;
	title: string;
	preview: string;
	link: string;
	date: string;
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
export const PIXEL_TYPES: readonly string[] = PIXEL_TYPE_VALUES;

/** `YYYY-MM-DD HH:MM:SS` in UTC. */
export function formatTimestamp(ms: number): string {
	return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** `YYYY-MM-DD` in UTC. */
export function formatDate(ms: number): string {
	return new Date(ms).toISOString().slice(0, 10);
}

const SEED_EPOCH = Date.UTC(2024, 0, 1, 9, 0, 0);
const DAY_MS = 86_400_000;

export class Store {
	account!: AccountRecord;
	/** Never returned by the API; kept so tests can check an update happened. */
	password = 'sandbox-password';
	campaigns!: Collection<CampaignRecord>;
	splash!: Collection<SplashRecord>;
	qr!: Collection<QrRecord>;
	channels!: Collection<ChannelRecord>;
	/** Assignments of links, bio pages and QR codes to channels, in assignment order. */
	channelItems: ChannelItemRecord[] = [];
	pixels!: Collection<PixelRecord>;
	overlays!: Collection<OverlayRecord>;
	domains!: Collection<DomainRecord>;

	/**
	 * @param publicUrl origin plus basePath, used to build the URLs inside records
	 * @param now clock for the dates of records created through the API
	 * @param seedMore seeds what a profile adds, after the collections (on every reset too)
	 */
	constructor(
		readonly publicUrl: string,
		private readonly seedCounts: SeedCounts,
		private readonly now: () => number,
		private readonly seedMore: (store: Store) => void = () => {},
	) {
		this.reset();
	}

	static create(
		publicUrl: string,
		seed: number | Partial<SeedCounts>,
		now: () => number,
		seedMore?: (store: Store) => void,
	): Store {
		return new Store(publicUrl, resolveSeed(seed), now, seedMore);
	}

	/** Drops every change and seeds the collections again. */
	reset(): void {
		this.password = 'sandbox-password';
		this.account = {
			id: 1,
			email: 'sandbox@example.com',
			username: 'sandbox',
			avatar: `${this.publicUrl}/content/avatar/sandbox.png`,
			status: 'pro',
			expires: '2030-12-31 23:59:59',
			registered: formatTimestamp(SEED_EPOCH),
		};
		this.campaigns = new Collection('Campaign');
		this.splash = new Collection('Splash page');
		this.qr = new Collection('QR code');
		this.channels = new Collection('Channel');
		this.channelItems = [];
		this.pixels = new Collection('Pixel');
		this.overlays = new Collection('CTA overlay');
		this.domains = new Collection('Domain');
		this.seed(this.seedCounts);
		this.seedMore(this);
	}

	nowTimestamp(): string {
		return formatTimestamp(this.now());
	}

	nowDate(): string {
		return formatDate(this.now());
	}

	rotatorUrl(campaign: CampaignRecord): string | false {
		return campaign.slug ? `${this.publicUrl}/r/${encodeURIComponent(campaign.slug)}` : false;
	}

	campaignListUrl(campaign: CampaignRecord): string {
		return `${this.publicUrl}/campaigns/${campaign.id}/list`;
	}

	qrLink(id: number): string {
		return `${this.publicUrl}/qr/q${id.toString(36)}${(id * 7919).toString(36)}`;
	}

	/** Item as the channel will list it; link and bio records are invented from the id. */
	buildChannelItem(
		channelId: number,
		type: ChannelItemType,
		itemId: number,
		date: string,
	): ChannelItemRecord {
		if (type === 'qr') {
			const qr = this.qr.get(itemId);
			const link = qr ? qr.link : this.qrLink(itemId);
			return {
				channelId,
				type,
				id: itemId,
				title: qr ? qr.name : `QR ${itemId}`,
				preview: `${link}.png`,
				link,
				date,
			};
		}
		const word = type === 'links' ? 'Link' : 'Bio page';
		const link =
			type === 'links' ? `${this.publicUrl}/l${itemId}` : `${this.publicUrl}/bio/b${itemId}`;
		return {
			channelId,
			type,
			id: itemId,
			title: `${word} ${itemId}`,
			preview: `${this.publicUrl}/preview/${type}/${itemId}.png`,
			link,
			date,
		};
	}

	/** Adds the item to the channel unless it is already there. */
	assignToChannel(item: ChannelItemRecord): void {
		const exists = this.channelItems.some(
			(i) => i.channelId === item.channelId && i.type === item.type && i.id === item.id,
		);
		if (!exists) this.channelItems.push(item);
	}

	/** The items a channel shows (orphaned ones left out), in assignment order. */
	itemsOfChannel(channelId: number): ChannelItemRecord[] {
		return this.rowsOfChannel(channelId).filter((item) => !this.isOrphan(item));
	}

	/** Every assignment of the channel, orphaned ones included. */
	rowsOfChannel(channelId: number): ChannelItemRecord[] {
		return this.channelItems.filter((item) => item.channelId === channelId);
	}

	/** An item whose QR code no longer exists (links and bio pages are not stored). */
	isOrphan(item: ChannelItemRecord): boolean {
		return item.type === 'qr' && !this.qr.get(item.id);
	}

	unassignChannel(channelId: number): void {
		this.channelItems = this.channelItems.filter((item) => item.channelId !== channelId);
	}

	unassignQr(qrId: number): void {
		this.channelItems = this.channelItems.filter(
			(item) => !(item.type === 'qr' && item.id === qrId),
		);
	}

	private seed(counts: SeedCounts): void {
		const at = (i: number): string => formatTimestamp(SEED_EPOCH + i * DAY_MS);
		for (let i = 1; i <= counts.campaigns; i++) {
			this.campaigns.insert(
				(id) => ({
					id,
					name: `Campaign ${id}`,
					slug: id % 2 === 1 ? `campaign-${id}` : null,
					public: id % 3 !== 0,
					links: new Set<number>(),
					nameUnderDomain: id === 1,
				}),
				false,
			);
		}
		for (let i = 1; i <= counts.splash; i++) {
			this.splash.insert((id) => ({ id, name: `Splash page ${id}`, date: at(id) }), false);
		}
		for (let i = 1; i <= counts.qr; i++) {
			this.qr.insert((id) => seededQr(id, this.qrLink(id), at(id)), false);
		}
		for (let i = 1; i <= counts.channels; i++) {
			const colors = ['#1E90FF', '#FF6347', '#32CD32', '#FFD700', '#8A2BE2'];
			this.channels.insert(
				(id) => ({
					id,
					name: `Channel ${id}`,
					description: `Seeded channel number ${id}`,
					color: colors[(id - 1) % colors.length],
					starred: id === 1,
				}),
				false,
			);
		}
		this.seedChannelItems(counts.channelItems);
		for (let i = 1; i <= counts.pixels; i++) {
			this.pixels.insert(
				(id) => ({
					id,
					type: PIXEL_TYPES[(id - 1) % PIXEL_TYPES.length],
					name: `Pixel ${id}`,
					tag: `TAG-${1000 + id}`,
					date: at(id),
				}),
				false,
			);
		}
		for (let i = 1; i <= counts.overlays; i++) {
			this.overlays.insert(
				(id) => ({
					id,
					type: id % 2 === 1 ? 'message' : 'contact',
					name: `CTA overlay ${id}`,
					date: at(id),
				}),
				false,
			);
		}
		for (let i = 1; i <= counts.domains; i++) {
			this.domains.insert(
				(id) => ({
					id,
					domain: `https://brand${id}.example.com`,
					redirectroot: `https://www.example.com/home${id}`,
					redirect404: `https://www.example.com/notfound${id}`,
				}),
				false,
			);
		}
	}

	/** Puts `count` items of mixed types into channel 1 (QR items only while seeded QR codes last). */
	private seedChannelItems(count: number): void {
		if (!this.channels.get(1)) return;
		const qrIds = this.qr.list().map((qr) => qr.id);
		for (let i = 1; i <= count; i++) {
			const date = formatDate(SEED_EPOCH + i * DAY_MS);
			const kind = i % 3;
			if (kind === 0 && qrIds.length > 0) {
				this.assignToChannel(this.buildChannelItem(1, 'qr', qrIds.shift() as number, date));
			} else {
				this.assignToChannel(this.buildChannelItem(1, kind === 2 ? 'bio' : 'links', 100 + i, date));
			}
		}
	}
}

function seededQr(id: number, link: string, date: string): QrRecord {
	const clicks = 10 * id + 3;
	return {
		id,
		name: `QR code ${id}`,
		link,
		scans: clicks,
		date,
		type: 'link',
		data: `https://www.example.com/page${id}`,
		background: 'rgb(255,255,255)',
		foreground: 'rgb(0,0,0)',
		logo: null,
		stats: {
			clicks,
			uniqueClicks: Math.floor(clicks / 2),
			topCountries: { 'United States': String(5 * id), Germany: String(2 * id) },
			topReferrers: { Direct: String(4 * id), 'https://www.example.org': String(id) },
			topBrowsers: { Chrome: String(6 * id), Firefox: String(id) },
			topOs: { Android: String(3 * id), Windows: String(2 * id) },
			socialCount: { socialnet_a: id, socialnet_b: 2 * id, socialnet_c: 0 },
		},
	};
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
