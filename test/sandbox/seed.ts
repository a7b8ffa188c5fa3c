// The records every sandbox starts with (and returns to on reset): `counts` of each kind, dated a
// day apart from 2024-01-01, and the items of channel 1.

import type { SeedCounts } from './options';
import {
	defaultLinkSettings,
	formatDate,
	formatTimestamp,
	PIXEL_TYPE_VALUES,
	QrRecord,
	StoredLink,
} from './records';
import type { Store } from './store';
import type { Visit } from './visits';

export const SEED_EPOCH = Date.UTC(2024, 0, 1, 9, 0, 0);
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const at = (i: number): string => formatTimestamp(SEED_EPOCH + i * DAY_MS);

/** The password of seeded link 2, and the expiry (passed) of seeded link 3. */
export const SEEDED_LINK_PASSWORD = 'open-sesame';
export const SEEDED_LINK_EXPIRY = '2024-06-30 23:59:59';

export function seedStore(store: Store, counts: SeedCounts): void {
	const times = (count: number, add: (i: number) => void) => {
		for (let i = 1; i <= count; i++) add(i);
	};
	times(counts.campaigns, () =>
		store.campaigns.insert(
			(id) => ({
				id,
				name: `Campaign ${id}`,
				slug: id % 2 === 1 ? `campaign-${id}` : null,
				public: id % 3 !== 0,
				links: new Set<number>(),
				nameUnderDomain: id === 1,
			}),
			false,
		),
	);
	times(counts.splash, () =>
		store.splash.insert((id) => ({ id, name: `Splash page ${id}`, date: at(id) }), false),
	);
	times(counts.qr, () => store.qr.insert((id) => seededQr(id, store.qrLink(id), at(id)), false));
	times(counts.links, () => store.links.insert((id) => store.linkRecord(seededLink(id)), false));
	const colors = ['#1E90FF', '#FF6347', '#32CD32', '#FFD700', '#8A2BE2'];
	times(counts.channels, () =>
		store.channels.insert(
			(id) => ({
				id,
				name: `Channel ${id}`,
				description: `Seeded channel number ${id}`,
				color: colors[(id - 1) % colors.length],
				starred: id === 1,
			}),
			false,
		),
	);
	seedChannelItems(store, counts.channelItems);
	times(counts.pixels, () =>
		store.pixels.insert(
			(id) => ({
				id,
				type: PIXEL_TYPE_VALUES[(id - 1) % PIXEL_TYPE_VALUES.length],
				name: `Pixel ${id}`,
				tag: `TAG-${1000 + id}`,
				date: at(id),
			}),
			false,
		),
	);
	times(counts.overlays, () =>
		store.overlays.insert(
			(id) => ({
				id,
				type: id % 2 === 1 ? 'message' : 'contact',
				name: `CTA overlay ${id}`,
				date: at(id),
			}),
			false,
		),
	);
	times(counts.domains, () =>
		store.domains.insert(
			(id) => ({
				id,
				domain: `https://brand${id}.example.com`,
				redirectroot: `https://www.example.com/home${id}`,
				redirect404: `https://www.example.com/notfound${id}`,
			}),
			false,
		),
	);
}

/**
 * Puts `count` items of mixed types into channel 1: links and QR codes while seeded ones last
 * (in ID order), bio pages (not stored) otherwise.
 */
function seedChannelItems(store: Store, count: number): void {
	if (!store.channels.get(1)) return;
	const qrIds = store.qr.list().map((qr) => qr.id);
	const linkIds = store.links.list().map((link) => link.id);
	for (let i = 1; i <= count; i++) {
		const date = formatDate(SEED_EPOCH + i * DAY_MS);
		const kind = i % 3;
		const add = (type: 'qr' | 'links' | 'bio', id: number) =>
			store.assignToChannel({ channelId: 1, type, id, date });
		if (kind === 0 && qrIds.length > 0) add('qr', qrIds.shift() as number);
		else if (kind === 1 && linkIds.length > 0) add('links', linkIds.shift() as number);
		else add('bio', 100 + i);
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

/**
 * `clicks` visits by two thirds as many visitors: 60 % from the United States (the rest from
 * Canada), 70 % direct (the rest from www.example.org), half Chrome on Windows, half Safari on iOS.
 */
function seededVisits(clicks: number): Visit[] {
	const visitors = Math.ceil((clicks * 2) / 3);
	const among = (share: number, i: number) => i < Math.round(clicks * share);
	return Array.from({ length: clicks }, (_, i) => ({
		visitor: `seeded visitor ${i % visitors}`,
		country: among(0.6, i) ? 'United States' : 'Canada',
		referrer: among(0.7, i) ? 'Direct' : 'https://www.example.org',
		browser: among(0.5, i) ? 'Chrome' : 'Safari',
		os: among(0.5, i) ? 'Windows' : 'iOS',
	}));
}

/**
 * Link `id`: alias `link<id>`; links 1, 4, 7 … have clicks (not in ID order, so `order=click`
 * differs from `order=date`); link 2 has a password, link 3 has expired, link 4 targets iPhones,
 * Canada and French speakers and adds a UTM parameter. Dated a day apart at varied hours.
 */
function seededLink(id: number): StoredLink {
	const alias = `link${id}`;
	const longurl = `https://www.example.com/article/${id}`;
	const clicks = id % 3 === 1 ? ((id * 29) % 50) + 5 : 0;
	const targeted =
		id === 4
			? {
					devicetarget: [{ device: 'iPhone', link: 'https://apps.example.com/ios' }],
					geotarget: [{ location: 'Canada', link: `https://www.example.ca/article/${id}` }],
					languagetarget: [{ language: 'fr', link: `https://www.example.fr/article/${id}` }],
					parameters: [{ name: 'utm_source', value: 'sandbox' }],
				}
			: {};
	return {
		...defaultLinkSettings(),
		id,
		alias,
		longurl,
		metatitle: `Article ${id}`,
		description: `Seeded link number ${id}`,
		date: formatTimestamp(SEED_EPOCH + id * DAY_MS + ((id * 5) % 11) * HOUR_MS),
		status: id % 2 === 1 ? 'public' : 'private',
		password: id === 2 ? SEEDED_LINK_PASSWORD : null,
		expiry: id === 3 ? SEEDED_LINK_EXPIRY : null,
		...targeted,
		visits: seededVisits(clicks),
	};
}
