// The sandbox's data in memory: the collections, the channels' items, the URLs inside records,
// and the short links' clicks. What follows from other records (a link's short URL, title and
// clicks, a channel item's title and address) is not kept but read when asked, so it is current.

import { resolveSeed, SeedCounts } from './options';
import {
	AccountRecord,
	CampaignRecord,
	ChannelItemRecord,
	ChannelItemType,
	ChannelRecord,
	Collection,
	DomainRecord,
	formatDate,
	formatTimestamp,
	LinkRecord,
	linkTitle,
	ListedChannelItem,
	OverlayRecord,
	PixelRecord,
	QrRecord,
	SplashRecord,
	StoredLink,
} from './records';
import { SEED_EPOCH, seedStore } from './seed';
import type { KeyScopes } from './users';
import { UserDirectory } from './users';
import { recordVisit, statisticsOf, Visit } from './visits';

export * from './records';

/** The keys the sandbox accepts beside its users' own. */
export interface StoreKeys {
	apiKey: string;
	scopedKeys: Record<string, KeyScopes>;
}

export class Store {
	account!: AccountRecord;
	/** Never returned by the API; kept so tests can check an update happened. */
	password = 'sandbox-password';
	campaigns!: Collection<CampaignRecord>;
	splash!: Collection<SplashRecord>;
	qr!: Collection<QrRecord>;
	links!: Collection<LinkRecord>;
	channels!: Collection<ChannelRecord>;
	/** Assignments of links, bio pages and QR codes to channels, in assignment order. */
	channelItems: ChannelItemRecord[] = [];
	pixels!: Collection<PixelRecord>;
	overlays!: Collection<OverlayRecord>;
	domains!: Collection<DomainRecord>;
	/** The installation's users and plans, the keys the sandbox accepts, users' login links. */
	installation!: UserDirectory;

	/**
	 * @param publicUrl origin plus basePath, used to build the URLs inside records
	 * @param now clock for the dates of records created through the API
	 * @param seedMore seeds what a profile adds, after the collections (on every reset too)
	 * @param keys the sandbox's own key (its administrator's) and the keys with scopes
	 */
	constructor(
		readonly publicUrl: string,
		private readonly seedCounts: SeedCounts,
		readonly now: () => number,
		private readonly seedMore: (store: Store) => void = () => {},
		private readonly keys: StoreKeys = { apiKey: 'sandbox-key', scopedKeys: {} },
	) {
		this.reset();
	}

	static create(
		publicUrl: string,
		seed: number | Partial<SeedCounts>,
		now: () => number,
		seedMore?: (store: Store) => void,
		keys?: StoreKeys,
	): Store {
		return new Store(publicUrl, resolveSeed(seed), now, seedMore, keys);
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
		this.links = new Collection('Link');
		this.channels = new Collection('Channel');
		this.channelItems = [];
		this.pixels = new Collection('Pixel');
		this.overlays = new Collection('CTA overlay');
		this.domains = new Collection('Domain');
		this.installation = new UserDirectory(this.publicUrl, this.keys.apiKey, this.keys.scopedKeys);
		seedStore(this, this.seedCounts);
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

	/** A QR code's address, `<publicUrl>/qr/<alias>`: its image is served there. */
	qrLink(id: number): string {
		return `${this.publicUrl}/qr/q${id.toString(36)}${(id * 7919).toString(36)}`;
	}

	qrByAlias(alias: string): QrRecord | undefined {
		const link = `${this.publicUrl}/qr/${alias}`;
		return this.qr.list().find((qr) => qr.link === link);
	}

	/**
	 * The link these stored fields make: its short URL (from its alias and the address its branded
	 * domain has at the time of reading), title, clicks and statistics are read, never kept.
	 */
	linkRecord(stored: StoredLink): LinkRecord {
		const read = (get: () => unknown): PropertyDescriptor => ({ get, enumerable: true });
		return Object.defineProperties(stored, {
			shorturl: read(() => this.shortUrl(stored.alias, stored.domain)),
			title: read(() => linkTitle(stored.longurl, stored.metatitle)),
			clicks: read(() => stored.visits.length),
			stats: read(() => statisticsOf(stored.visits)),
		}) as LinkRecord;
	}

	/** `<publicUrl>/<alias>`, or on the branded domain's address when the link has one. */
	shortUrl(alias: string, domainId: number | null): string {
		const domain = domainId === null ? undefined : this.domains.get(domainId);
		const base = domain ? domain.domain.replace(/\/+$/, '') : this.publicUrl;
		return `${base}/${encodeURIComponent(alias)}`;
	}

	/** The link with this alias, compared case-insensitively. */
	linkByAlias(alias: string): LinkRecord | undefined {
		const wanted = alias.toLowerCase();
		return this.links.list().find((link) => link.alias.toLowerCase() === wanted);
	}

	/** A link's clicks by ID or alias (for tests); throws for an unknown link. */
	clicksOf(link: number | string): number {
		return this.knownLink(link).clicks;
	}

	/**
	 * Counts `count` clicks on a link without HTTP, as visits telling what `visit` says (without
	 * a `visitor`, each click is a new visitor). Returns the link's clicks.
	 */
	addClicks(link: number | string, count = 1, visit: Visit = {}): number {
		const record = this.knownLink(link);
		for (let i = 0; i < count; i++) recordVisit(record, visit);
		return record.clicks;
	}

	private knownLink(link: number | string): LinkRecord {
		const record = typeof link === 'number' ? this.links.get(link) : this.linkByAlias(link);
		if (!record) throw new Error(`The sandbox has no link ${JSON.stringify(link)}.`);
		return record;
	}

	/**
	 * An item as its channel lists it: the title and address its QR code or link has now; bio
	 * pages (not stored) are invented from the ID, as are records gone (orphans are not listed).
	 */
	listedChannelItem({ type, id, date }: ChannelItemRecord): ListedChannelItem {
		if (type === 'qr') {
			const qr = this.qr.get(id);
			const link = qr ? qr.link : this.qrLink(id);
			return { type, id, date, title: qr ? qr.name : `QR ${id}`, preview: `${link}.png`, link };
		}
		const preview = `${this.publicUrl}/preview/${type}/${id}.png`;
		const stored = type === 'links' ? this.links.get(id) : undefined;
		if (stored) return { type, id, date, title: stored.title, preview, link: stored.shorturl };
		const word = type === 'links' ? 'Link' : 'Bio page';
		const link = type === 'links' ? `${this.publicUrl}/l${id}` : `${this.publicUrl}/bio/b${id}`;
		return { type, id, date, title: `${word} ${id}`, preview, link };
	}

	/** Adds the item to the channel unless it is already there. */
	assignToChannel(item: ChannelItemRecord): void {
		const exists = this.channelItems.some(
			(i) => i.channelId === item.channelId && i.type === item.type && i.id === item.id,
		);
		if (!exists) this.channelItems.push(item);
	}

	/** The items a channel shows (orphaned ones left out) as it lists them, in assignment order. */
	itemsOfChannel(channelId: number): Array<ListedChannelItem & { channelId: number }> {
		return this.rowsOfChannel(channelId)
			.filter((item) => !this.isOrphan(item))
			.map((item) => ({ channelId, ...this.listedChannelItem(item) }));
	}

	/** Every assignment of the channel, orphaned ones included. */
	rowsOfChannel(channelId: number): ChannelItemRecord[] {
		return this.channelItems.filter((item) => item.channelId === channelId);
	}

	/** An item whose QR code or link no longer exists (bio pages are not stored). */
	isOrphan(item: ChannelItemRecord): boolean {
		if (item.type === 'qr') return !this.qr.get(item.id);
		return item.type === 'links' && !this.links.get(item.id);
	}

	unassignChannel(channelId: number): void {
		this.channelItems = this.channelItems.filter((item) => item.channelId !== channelId);
	}

	unassignQr(qrId: number): void {
		this.unassignItem('qr', qrId);
	}

	/** Takes a link out of every campaign and channel. */
	unassignLink(linkId: number): void {
		for (const campaign of this.campaigns.list()) campaign.links.delete(linkId);
		this.unassignItem('links', linkId);
	}

	private unassignItem(type: ChannelItemType, id: number): void {
		this.channelItems = this.channelItems.filter((item) => !(item.type === type && item.id === id));
	}
}
