// The five link routes real installations have beside the reference's 28: list (with `order`,
// `q` and `short`), read one with statistics, create, update and delete.

import { ok } from './http';
import { randomAlias, readLink } from './linkInput';
import { find, Handler, listReply, message } from './listing';
import { defaultLinkSettings, LinkRecord, LinkSettings, Store } from './store';

/** A link as lists show it: no targeting, expiry, password, domain or statistics. */
function listItem(link: LinkRecord): object {
	const { id, alias, shorturl, longurl, clicks, title, description, date } = link;
	return { id, alias, shorturl, longurl, clicks, title, description, date };
}

function details(link: LinkRecord): object {
	const { id, shorturl, longurl, title, description, expiry, date } = link;
	const location = Object.fromEntries(link.geotarget.map((row) => [row.location, row.link]));
	const device = Object.fromEntries(link.devicetarget.map((row) => [row.device, row.link]));
	return { id, shorturl, longurl, title, description, location, device, expiry, date };
}

/** `short` may be the alias or the whole short URL. */
function aliasIn(short: string): string {
	const text = short.trim();
	if (!text.includes('/')) return text;
	const last =
		text
			.replace(/[?#].*$/, '')
			.replace(/\/+$/, '')
			.split('/')
			.pop() ?? '';
	try {
		return decodeURIComponent(last);
	} catch {
		return last;
	}
}

/** Every word of `q` appears in the alias, destination, title or description. */
function matches(link: LinkRecord, q: string): boolean {
	const text = [link.alias, link.longurl, link.title, link.description].join('\n').toLowerCase();
	return q
		.toLowerCase()
		.split(/\s+/)
		.every((word) => text.includes(word));
}

const BY: Record<string, (a: LinkRecord, b: LinkRecord) => number> = {
	date: (a, b) => b.date.localeCompare(a.date) || b.id - a.id,
	click: (a, b) => b.clicks - a.clicks || b.id - a.id,
};

const listLinks: Handler = (ctx) => {
	const { store, options, query } = ctx;
	const short = options.linkSearch ? query.get('short')?.trim() : undefined;
	if (short) {
		// One link by its alias; the other parameters are ignored.
		const found = store.linkByAlias(aliasIn(short));
		return listReply(
			{ ...ctx, query: new URLSearchParams() },
			'urls',
			found ? [found] : [],
			listItem,
		);
	}
	const q = options.linkSearch ? query.get('q')?.trim() : undefined;
	const links = store.links.list().filter((link) => !q || matches(link, q));
	const by = BY[query.get('order') ?? ''];
	if (!by) return listReply(ctx, 'urls', links, listItem);
	return listReply(ctx, 'urls', links.sort(by), listItem, { sorted: true });
};

const getLink: Handler = ({ store, params, options }) => {
	const link = find(store.links, params.id);
	// One installation sends a top-level `id` and no statistics.
	if (options.linkDetails === 'id') return ok({ id: link.id, details: details(link) });
	return ok({ details: details(link), data: structuredClone(link.stats) });
};

/** Puts the link into the campaign and the channel the body gave. */
function assign(store: Store, link: LinkRecord, given: Partial<LinkSettings>): void {
	if (given.campaign) store.campaigns.get(given.campaign)?.links.add(link.id);
	if (given.channel) {
		store.assignToChannel({
			channelId: given.channel,
			type: 'links',
			id: link.id,
			date: store.nowDate(),
		});
	}
}

const createLink: Handler = (ctx) => {
	const { store } = ctx;
	const { longurl, alias, settings } = readLink(ctx);
	const link = store.links.insert((id) =>
		store.linkRecord({
			...defaultLinkSettings(),
			...settings,
			id,
			alias: alias ?? randomAlias(store, id),
			longurl,
			date: store.nowTimestamp(),
			visits: [],
		}),
	);
	assign(store, link, settings);
	ctx.notifyCreated?.(link);
	return ok({ id: link.id, shorturl: link.shorturl });
};

/** Fields left out keep their stored value; `url` is required all the same. */
const updateLink: Handler = (ctx) => {
	const { store, params } = ctx;
	const link = find(store.links, params.id);
	const { longurl, alias, settings } = readLink(ctx, link.id);
	Object.assign(link, settings, { longurl, alias: alias ?? link.alias });
	assign(store, link, settings);
	// The short URL under `short` here (create: `shorturl`).
	return ok({ id: link.id, short: link.shorturl });
};

const deleteLink: Handler = ({ store, params }) => {
	const link = find(store.links, params.id);
	store.links.remove(link.id);
	store.unassignLink(link.id);
	return message('Link has been deleted successfully');
};

export const LINK_ROUTES: ReadonlyArray<['GET' | 'POST' | 'PUT' | 'DELETE', string, Handler]> = [
	['GET', '/api/urls', listLinks],
	['GET', '/api/url/:id', getLink],
	['POST', '/api/url/add', createLink],
	['PUT', '/api/url/:id/update', updateLink],
	['DELETE', '/api/url/:id/delete', deleteLink],
];
