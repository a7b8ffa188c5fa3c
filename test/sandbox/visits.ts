// A visit of a short link: what the request tells about the visitor, where the link sends them
// (device, language and country targeting, then the link's query parameters), and how the visits
// make the link's clicks and statistics.

import { emptyQrStatistics } from './records';
import type { LinkRecord, QrStatistics, StoredLink } from './records';

/** What a visitor's request says: the headers the targeting and the statistics read. */
export interface VisitRequest {
	userAgent?: string;
	acceptLanguage?: string;
	/** The sandbox's stand-in for a geo-IP lookup: the `X-Country` header (a country name). */
	country?: string;
	/** Likewise the `X-City` header: only the click notification tells it. */
	city?: string;
	referer?: string;
	/** The client's address (`X-Forwarded-For` first, else the socket's). */
	address?: string;
}

/** One click as the statistics count it; what is left out is not counted under its heading. */
export interface Visit {
	/** Who clicked: a visitor seen before does not add to `uniqueClicks`. Default: a new one. */
	visitor?: string;
	country?: string;
	browser?: string;
	os?: string;
	/** Default `Direct`. */
	referrer?: string;
}

const DEVICES: ReadonlyArray<[RegExp, string]> = [
	[/iPad/i, 'iPad'],
	[/iPhone|iPod/i, 'iPhone'],
	[/Android/i, 'Android'],
	[/Windows/i, 'Windows'],
	[/Macintosh|Mac OS X/i, 'Mac'],
	[/Linux/i, 'Linux'],
];

const SYSTEMS: Record<string, string> = {
	iPad: 'iOS',
	iPhone: 'iOS',
	Android: 'Android',
	Windows: 'Windows',
	Mac: 'Mac OS',
	Linux: 'Linux',
};

const BROWSERS: ReadonlyArray<[RegExp, string]> = [
	[/Edg(e|A|iOS)?\//, 'Edge'],
	[/OPR\/|Opera/, 'Opera'],
	[/Firefox\/|FxiOS\//, 'Firefox'],
	[/Chrome\/|CriOS\//, 'Chrome'],
	[/Safari\//, 'Safari'],
];

const firstMatch = (table: ReadonlyArray<[RegExp, string]>, text: string) =>
	table.find(([pattern]) => pattern.test(text))?.[1];

/** iPhone, iPad, Android, Windows, Mac or Linux, from the User-Agent. */
export function deviceOf(userAgent: string | undefined): string | undefined {
	return userAgent ? firstMatch(DEVICES, userAgent) : undefined;
}

/** The request's visit: browser and system `Other` when the User-Agent names none we know. */
export function visitOf(request: VisitRequest): Visit {
	const { userAgent } = request;
	const device = deviceOf(userAgent);
	return {
		visitor: `${request.address ?? ''} ${userAgent ?? ''}`,
		country: request.country?.trim() || undefined,
		browser: userAgent ? (firstMatch(BROWSERS, userAgent) ?? 'Other') : undefined,
		os: userAgent ? ((device && SYSTEMS[device]) ?? 'Other') : undefined,
		referrer: referrerOf(request.referer),
	};
}

function referrerOf(referer: string | undefined): string {
	if (!referer?.trim()) return 'Direct';
	try {
		return new URL(referer).origin;
	} catch {
		return referer.trim();
	}
}

/** Language codes the visitor accepts, most wanted first (`fr-CA, fr;q=0.9` → fr-ca, fr). */
export function languagesOf(acceptLanguage: string | undefined): string[] {
	return (acceptLanguage ?? '')
		.split(',')
		.map((part, order) => {
			const [tag, ...params] = part.trim().split(';');
			const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
			return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), order };
		})
		.filter(({ tag, q }) => tag !== '' && tag !== '*' && q > 0)
		.sort((a, b) => b.q - a.q || a.order - b.order)
		.map(({ tag }) => tag);
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Where a visit goes: a device target, else the app store's deep link for an iPhone, iPad or
 * Android device, else a language target (in the visitor's order of preference), else a country
 * target, else the destination; then the link's parameters are added to its query.
 */
export function destinationOf(link: LinkRecord, request: VisitRequest): string {
	const device = deviceOf(request.userAgent);
	const country = request.country;
	const target =
		(device && link.devicetarget.find((row) => same(row.device, device))?.link) ||
		deepLinkFor(link, device) ||
		languageTarget(link, request.acceptLanguage) ||
		(country && link.geotarget.find((row) => same(row.location, country))?.link) ||
		link.longurl;
	return withParameters(target, link);
}

function deepLinkFor(link: LinkRecord, device: string | undefined): string | undefined {
	if (device === 'iPhone' || device === 'iPad') return link.deeplink?.apple || undefined;
	if (device === 'Android') return link.deeplink?.google || undefined;
	return undefined;
}

function languageTarget(link: LinkRecord, acceptLanguage: string | undefined) {
	for (const wanted of languagesOf(acceptLanguage)) {
		const primary = wanted.split('-')[0];
		const row =
			link.languagetarget.find((r) => same(r.language, wanted)) ??
			link.languagetarget.find((r) => same(r.language, primary));
		if (row) return row.link;
	}
	return undefined;
}

function withParameters(address: string, link: LinkRecord): string {
	if (link.parameters.length === 0) return address;
	try {
		const url = new URL(address);
		for (const { name, value } of link.parameters) url.searchParams.append(name, value);
		return url.toString();
	} catch {
		return address;
	}
}

/** Counts one click: the link keeps the visit (its clicks and statistics are read from them). */
export function recordVisit(link: StoredLink, visit: Visit = {}): void {
	link.visits.push({ ...visit });
}

/**
 * The statistics of these visits, as far as each tells: a visit without a `visitor` is a new
 * visitor; the counts of a heading match their labels in any case.
 */
export function statisticsOf(visits: readonly Visit[]): QrStatistics {
	const stats = emptyQrStatistics();
	const visitors = new Set<string>();
	for (const visit of visits) {
		stats.clicks++;
		if (visit.visitor === undefined || !visitors.has(visit.visitor)) stats.uniqueClicks++;
		if (visit.visitor !== undefined) visitors.add(visit.visitor);
		bump(stats.topCountries, visit.country);
		bump(stats.topBrowsers, visit.browser);
		bump(stats.topOs, visit.os);
		bump(stats.topReferrers, visit.referrer ?? 'Direct');
	}
	return stats;
}

/** The statistics' counts are strings, as the service sends them; labels match in any case. */
function bump(counts: Record<string, string>, label: string | undefined): void {
	if (!label) return;
	const key = Object.keys(counts).find((known) => same(known, label)) ?? label;
	counts[key] = String(Number(counts[key] ?? 0) + 1);
}
