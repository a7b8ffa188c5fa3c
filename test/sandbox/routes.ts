// The Link-Management Service API v3 as a route table: the reference's 28 endpoints, the five
// link routes real installations have (linkRoutes.ts) and their users and plans routes
// (userRoutes.ts).

import { badRequest, ok, Reply } from './http';
import { LINK_ROUTES } from './linkRoutes';
import { USER_ROUTES } from './userRoutes';
import { find, Handler, listReply, message } from './listing';
import { systemDomains } from './profile';
import {
	CampaignRecord,
	ChannelItemType,
	emptyQrStatistics,
	PIXEL_TYPE_VALUES,
	QrRecord,
	QrType,
	Store,
} from './store';
import {
	oneOf,
	optionalBoolean,
	optionalEmail,
	optionalHexColor,
	optionalHttpUrl,
	optionalRgb,
	optionalString,
	positiveId,
	qrData,
	requiredHttpUrl,
	requiredString,
} from './validate';

export type { Handler, RouteContext } from './listing';

export interface Route {
	method: 'GET' | 'POST' | 'PUT' | 'DELETE';
	/** Path below the basePath; `:name` matches one path segment. */
	pattern: string;
	regex: RegExp;
	paramNames: string[];
	handler: Handler;
}

const QR_TYPES: readonly QrType[] = ['text', 'vcard', 'link', 'email', 'phone', 'sms', 'wifi'];
const CHANNEL_ITEM_TYPES: readonly ChannelItemType[] = ['links', 'bio', 'qr'];

function route(method: Route['method'], pattern: string, handler: Handler): Route {
	const paramNames = (pattern.match(/:[a-z]+/g) ?? []).map((name) => name.slice(1));
	const source = pattern.replace(/:[a-z]+/g, '([^/]+)');
	return { method, pattern, regex: new RegExp(`^${source}$`), paramNames, handler };
}

export interface RouteMatch {
	route: Route;
	params: Record<string, string>;
}

/** `undefined` when no route has this method and path. */
export function matchRoute(method: string, path: string): RouteMatch | undefined {
	for (const candidate of ROUTES) {
		if (candidate.method !== method) continue;
		const match = candidate.regex.exec(path);
		if (!match) continue;
		const params: Record<string, string> = {};
		candidate.paramNames.forEach((name, i) => (params[name] = match[i + 1]));
		return { route: candidate, params };
	}
	return undefined;
}

// ---------------------------------------------------------------- answers of several routes

function campaignAnswer(store: Store, campaign: CampaignRecord): Reply {
	// The service returns the campaign name under `domain` here.
	return ok({
		id: campaign.id,
		domain: campaign.name,
		public: campaign.public,
		rotator: store.rotatorUrl(campaign),
		list: store.campaignListUrl(campaign),
	});
}

function campaignListItem(store: Store, campaign: CampaignRecord): object {
	const nameField = campaign.nameUnderDomain ? { domain: campaign.name } : { name: campaign.name };
	return {
		id: campaign.id,
		...nameField,
		public: campaign.public,
		rotator: store.rotatorUrl(campaign),
		list: store.campaignListUrl(campaign),
	};
}

function qrDetails(qr: QrRecord): object {
	return { id: qr.id, link: qr.link, scans: qr.scans, name: qr.name, date: qr.date };
}

/** Slug from input: a non-empty string sets it, an empty string removes the rotator. */
function slugFrom(body: Record<string, unknown>): string | null | undefined {
	const slug = optionalString(body, 'slug');
	if (slug === undefined) return undefined;
	return slug.trim() === '' ? null : slug.trim();
}

// ---------------------------------------------------------------- account

const getAccount: Handler = ({ store }) => ok({ data: { ...store.account } });

const updateAccount: Handler = ({ store, body }) => {
	const email = optionalEmail(body, 'email');
	const password = optionalString(body, 'password');
	if (email === undefined && password === undefined) {
		throw badRequest(`Provide at least one of the fields 'email' or 'password'.`);
	}
	if (password !== undefined && password.trim() === '') {
		throw badRequest(`Field 'password' must be a non-empty string.`);
	}
	if (email !== undefined) store.account.email = email;
	if (password !== undefined) store.password = password;
	return message('Account has been successfully updated.');
};

// ---------------------------------------------------------------- campaigns

const listCampaigns: Handler = (ctx) =>
	listReply(ctx, 'campaigns', ctx.store.campaigns.list(), (c) => campaignListItem(ctx.store, c));

const createCampaign: Handler = ({ store, body }) => {
	const name = optionalString(body, 'name') ?? '';
	const slug = slugFrom(body) ?? null;
	const isPublic = optionalBoolean(body, 'public') ?? false;
	const campaign = store.campaigns.insert((id) => ({
		id,
		name,
		slug,
		public: isPublic,
		links: new Set<number>(),
		nameUnderDomain: false,
	}));
	return campaignAnswer(store, campaign);
};

const assignLinkToCampaign: Handler = ({ store, params }) => {
	const campaign = find(store.campaigns, params.campaignid);
	campaign.links.add(find(store.links, params.linkid).id);
	return message('Link successfully added to the campaign.');
};

const updateCampaign: Handler = ({ store, params, body }) => {
	const campaign = find(store.campaigns, params.id);
	const name = requiredString(body, 'name');
	const slug = slugFrom(body);
	const isPublic = optionalBoolean(body, 'public');
	campaign.name = name;
	if (slug !== undefined) campaign.slug = slug;
	if (isPublic !== undefined) campaign.public = isPublic;
	return campaignAnswer(store, campaign);
};

const deleteCampaign: Handler = ({ store, params }) => {
	store.campaigns.remove(find(store.campaigns, params.id).id);
	return message('Campaign has been deleted successfully.');
};

// ---------------------------------------------------------------- splash, overlays

const listSplash: Handler = (ctx) =>
	listReply(ctx, 'splash', ctx.store.splash.list(), (s) => ({ ...s }));

const listOverlays: Handler = (ctx) =>
	listReply(ctx, 'cta', ctx.store.overlays.list(), (o) => ({ ...o }));

// ---------------------------------------------------------------- QR codes

const listQr: Handler = (ctx) => listReply(ctx, 'qrs', ctx.store.qr.list(), qrDetails);

const getQr: Handler = ({ store, params }) => {
	const qr = find(store.qr, params.id);
	return ok({ details: qrDetails(qr), data: structuredClone(qr.stats) });
};

const createQr: Handler = ({ store, body }) => {
	const type = oneOf(body, 'type', QR_TYPES);
	const data = qrData(body, type);
	const background = optionalRgb(body, 'background') ?? null;
	const foreground = optionalRgb(body, 'foreground') ?? null;
	const logo = optionalString(body, 'logo') ?? null;
	const name = optionalString(body, 'name');
	const qr = store.qr.insert((id) => ({
		id,
		name: name && name.trim() !== '' ? name : `QR code ${id}`,
		link: store.qrLink(id),
		scans: 0,
		date: store.nowTimestamp(),
		type,
		data,
		background,
		foreground,
		logo,
		stats: emptyQrStatistics(),
	}));
	return ok({ id: qr.id, link: qr.link });
};

const updateQr: Handler = ({ store, params, body }) => {
	const qr = find(store.qr, params.id);
	const type = body.type === undefined ? qr.type : oneOf(body, 'type', QR_TYPES);
	const data = qrData(body, type);
	const background = optionalRgb(body, 'background');
	const foreground = optionalRgb(body, 'foreground');
	const logo = optionalString(body, 'logo');
	Object.assign(qr, { type, data });
	if (background !== undefined) qr.background = background;
	if (foreground !== undefined) qr.foreground = foreground;
	if (logo !== undefined) qr.logo = logo;
	return message('QR has been updated successfully.');
};

const deleteQr: Handler = ({ store, params, options }) => {
	const qr = find(store.qr, params.id);
	store.qr.remove(qr.id);
	// With orphaned items on, its channel items stay behind (and are skipped when listed).
	if (options.orphanedItems === 0) store.unassignQr(qr.id);
	return message('QR Code has been deleted successfully.');
};

// ---------------------------------------------------------------- channels

const listChannels: Handler = (ctx) =>
	listReply(ctx, 'channels', ctx.store.channels.list(), (c) => ({ ...c }));

const listChannelItems: Handler = (ctx) => {
	const channel = find(ctx.store.channels, ctx.params.id);
	return listReply(
		ctx,
		'items',
		ctx.store.rowsOfChannel(channel.id),
		(item) => ctx.store.listedChannelItem(item),
		{ shown: (item) => !ctx.store.isOrphan(item) },
	);
};

const createChannel: Handler = ({ store, body }) => {
	const name = requiredString(body, 'name');
	const description = optionalString(body, 'description') ?? '';
	const color = optionalHexColor(body, 'color') ?? '#1E90FF';
	const starred = optionalBoolean(body, 'starred') ?? false;
	const channel = store.channels.insert((id) => ({ id, name, description, color, starred }));
	return ok({ ...channel });
};

const assignToChannel: Handler = ({ store, params }) => {
	const channel = find(store.channels, params.channelid);
	if (!(CHANNEL_ITEM_TYPES as readonly string[]).includes(params.type)) {
		throw badRequest(
			`Invalid item type '${params.type}': expected one of ${CHANNEL_ITEM_TYPES.join(', ')}.`,
		);
	}
	const type = params.type as ChannelItemType;
	const itemId = positiveId(params.itemid, 'item ID');
	// Bio pages are not stored, so any positive ID is accepted; links and QR codes must exist.
	if (type === 'qr') find(store.qr, params.itemid);
	if (type === 'links') find(store.links, params.itemid);
	store.assignToChannel({ channelId: channel.id, type, id: itemId, date: store.nowDate() });
	return message('Item successfully added to the channel.');
};

const updateChannel: Handler = ({ store, params, body }) => {
	const channel = find(store.channels, params.id);
	const name = body.name === undefined ? undefined : requiredString(body, 'name');
	const description = optionalString(body, 'description');
	const color = optionalHexColor(body, 'color');
	const starred = optionalBoolean(body, 'starred');
	if (name !== undefined) channel.name = name;
	if (description !== undefined) channel.description = description;
	if (color !== undefined) channel.color = color;
	if (starred !== undefined) channel.starred = starred;
	return message('Channel has been updated successfully.');
};

const deleteChannel: Handler = ({ store, params }) => {
	const channel = find(store.channels, params.id);
	store.channels.remove(channel.id);
	store.unassignChannel(channel.id);
	return message('Channel has been deleted successfully.');
};

// ---------------------------------------------------------------- pixels

const listPixels: Handler = (ctx) =>
	listReply(ctx, 'pixels', ctx.store.pixels.list(), (p) => ({ ...p }));

const createPixel: Handler = ({ store, body }) => {
	const type = oneOf(body, 'type', PIXEL_TYPE_VALUES);
	const name = requiredString(body, 'name');
	const tag = requiredString(body, 'tag');
	const pixel = store.pixels.insert((id) => ({ id, type, name, tag, date: store.nowTimestamp() }));
	return ok({ id: pixel.id });
};

const updatePixel: Handler = ({ store, params, body }) => {
	const pixel = find(store.pixels, params.id);
	const tag = requiredString(body, 'tag');
	const name = body.name === undefined ? undefined : requiredString(body, 'name');
	pixel.tag = tag;
	if (name !== undefined) pixel.name = name;
	return message('Pixel has been updated successfully.');
};

const deletePixel: Handler = ({ store, params }) => {
	store.pixels.remove(find(store.pixels, params.id).id);
	return message('Pixel has been deleted successfully.');
};

// ---------------------------------------------------------------- domains

const listDomains: Handler = (ctx) => {
	const reply = listReply(ctx, 'domains', ctx.store.domains.list(), (d) => ({ ...d }));
	// System domains ("id": null) come on every page when the switch is on.
	(reply.body.data as { domains: object[] }).domains.push(
		...systemDomains(ctx.options.systemDomains),
	);
	return reply;
};

const createDomain: Handler = ({ store, body }) => {
	const domain = requiredHttpUrl(body, 'domain');
	const redirectroot = optionalHttpUrl(body, 'redirectroot') ?? '';
	const redirect404 = optionalHttpUrl(body, 'redirect404') ?? '';
	const record = store.domains.insert((id) => ({ id, domain, redirectroot, redirect404 }));
	return ok({ id: record.id });
};

/** The domain itself is fixed after creation; a `domain` field in the body is ignored. */
const updateDomain: Handler = ({ store, params, body }) => {
	const record = find(store.domains, params.id);
	const redirectroot = optionalHttpUrl(body, 'redirectroot');
	const redirect404 = optionalHttpUrl(body, 'redirect404');
	if (redirectroot !== undefined) record.redirectroot = redirectroot;
	if (redirect404 !== undefined) record.redirect404 = redirect404;
	return message('Domain has been updated successfully.');
};

const deleteDomain: Handler = ({ store, params }) => {
	store.domains.remove(find(store.domains, params.id).id);
	return message('Domain has been deleted successfully.');
};

// ---------------------------------------------------------------- the table

export const ROUTES: readonly Route[] = [
	route('GET', '/api/account', getAccount),
	route('PUT', '/api/account/update', updateAccount),

	route('GET', '/api/campaigns', listCampaigns),
	route('POST', '/api/campaign/add', createCampaign),
	route('POST', '/api/campaign/:campaignid/assign/:linkid', assignLinkToCampaign),
	route('PUT', '/api/campaign/:id/update', updateCampaign),
	route('DELETE', '/api/campaign/:id/delete', deleteCampaign),

	route('GET', '/api/splash', listSplash),

	route('GET', '/api/qr', listQr),
	route('POST', '/api/qr/add', createQr),
	route('GET', '/api/qr/:id', getQr),
	route('PUT', '/api/qr/:id/update', updateQr),
	route('DELETE', '/api/qr/:id/delete', deleteQr),

	route('GET', '/api/channels', listChannels),
	route('GET', '/api/channel/:id', listChannelItems),
	route('POST', '/api/channel/add', createChannel),
	route('POST', '/api/channel/:channelid/assign/:type/:itemid', assignToChannel),
	route('PUT', '/api/channel/:id/update', updateChannel),
	route('DELETE', '/api/channel/:id/delete', deleteChannel),

	route('GET', '/api/pixels', listPixels),
	route('POST', '/api/pixel/add', createPixel),
	route('PUT', '/api/pixel/:id/update', updatePixel),
	route('DELETE', '/api/pixel/:id/delete', deletePixel),

	route('GET', '/api/overlay', listOverlays),

	route('GET', '/api/domains', listDomains),
	route('POST', '/api/domain/add', createDomain),
	route('PUT', '/api/domain/:id/update', updateDomain),
	route('DELETE', '/api/domain/:id/delete', deleteDomain),

	...LINK_ROUTES.map(([method, pattern, handler]) => route(method, pattern, handler)),
	...USER_ROUTES.map(([method, pattern, handler]) => route(method, pattern, handler)),
];
