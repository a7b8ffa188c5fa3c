// The family's endpoints where they differ from the reference's: checks that run before the
// reference's handler (or instead of it), and the family's keys in the reference's answers, as
// real installations answer: their records (campaign names, QR dates), lists (integer `error`,
// `nextpage` null) and QR code data (a shape the product cannot process crashes it).

import { ApiError, rawReply, Reply } from './http';
import type { Handler, RouteContext } from './routes';
import type { QrType } from './store';
import { emptyQrStatistics } from './store';

/** Data the product cannot process: it fails with an HTML error page (HTTP 500). */
export class CannotProcess extends Error {}

type Before = (ctx: RouteContext, reference: Handler) => Reply;
type After = (reply: Reply, ctx: RouteContext) => void;

/** The family's handler of a route: its own checks first, then the reference's handler. */
export function familyHandler(pattern: string, method: string, reference: Handler): Handler {
	const before = BEFORE[`${method} ${pattern}`];
	return before ? (ctx) => before(ctx, reference) : reference;
}

/** Puts the family's forms into a reference answer (in place). */
export function familyForms(pattern: string, method: string, reply: Reply, ctx: RouteContext) {
	if (reply.raw) return;
	const data = reply.body.data as Record<string, unknown> | undefined;
	if (data && typeof data === 'object' && 'perpage' in data) {
		// Lists: `error` is the integer 0, `nextpage` null on the last page and past it.
		reply.body.error = 0;
		if (Number(data.currentpage) >= Number(data.maxpage)) data.nextpage = null;
	}
	AFTER[`${method} ${pattern}`]?.(reply, ctx);
}

// ---------------------------------------------------------------- checks before the handler

const STRUCTURED: readonly string[] = ['vcard', 'sms', 'wifi'];
const TEXTUAL: readonly string[] = ['text', 'link', 'phone'];

/** QR data of a shape its type cannot take (a Wi-Fi data that is a string) crashes the product. */
function checkQrShape(type: unknown, data: unknown): void {
	if (data === undefined || data === null || data === '') return; // "required": the reference's
	const wrong =
		(STRUCTURED.includes(String(type)) && (typeof data !== 'object' || Array.isArray(data))) ||
		(TEXTUAL.includes(String(type)) && typeof data !== 'string');
	if (wrong) throw new CannotProcess(`QR data of type ${String(type)} has the wrong shape.`);
}

/** At least 2 characters, and no other campaign of that name. */
function campaignName(ctx: RouteContext, except?: number): string {
	const raw = ctx.body.name;
	const name = typeof raw === 'string' ? raw.trim() : '';
	if (name.length < 2) throw new ApiError(400, 'Campaign name must be at least 2 characters.');
	const taken = ctx.store.campaigns
		.list()
		.some((c) => c.id !== except && c.name.toLowerCase() === name.toLowerCase());
	if (taken) throw new ApiError(400, 'You already have a campaign with the same name.');
	return name;
}

/** Without a slug the product picks a random one (here: repeatable, from the name). */
function randomSlug(ctx: RouteContext, name: string): string {
	let hash = ctx.store.campaigns.created + 7;
	for (const char of name) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0;
	return hash.toString(36).slice(0, 6);
}

/** The record a path's ID names, if the ID is a number; undefined when there is none. */
function idOf(ctx: RouteContext, name = 'id'): number | undefined {
	return /^\d+$/.test(ctx.params[name] ?? '') ? Number(ctx.params[name]) : undefined;
}

function notFound(label: string): ApiError {
	return new ApiError(404, `${label} not found.`, label);
}

/** Text fields of a channel are only changed when longer than 2 characters. */
function longEnough(body: Record<string, unknown>, fields: string[]) {
	const copy = { ...body };
	for (const field of fields) {
		const value = copy[field];
		if (typeof value === 'string' && value.length <= 2) delete copy[field];
	}
	return copy;
}

const BEFORE: Record<string, Before> = {
	'POST /api/campaign/add': (ctx, reference) => {
		const name = campaignName(ctx);
		const slug = typeof ctx.body.slug === 'string' ? ctx.body.slug.trim() : '';
		return reference({ ...ctx, body: { ...ctx.body, name, slug: slug || randomSlug(ctx, name) } });
	},
	'PUT /api/campaign/:id/update': (ctx, reference) => {
		const id = idOf(ctx);
		if (id !== undefined && !ctx.store.campaigns.get(id)) throw notFound('Campaign');
		return reference({ ...ctx, body: { ...ctx.body, name: campaignName(ctx, id) } });
	},
	'POST /api/qr/add': (ctx, reference) => {
		checkQrShape(ctx.body.type, ctx.body.data);
		return reference(ctx);
	},
	'PUT /api/qr/:id/update': (ctx, reference) => {
		// An update keeps the stored type: a `type` in the body is not read.
		const id = idOf(ctx);
		const qr = id === undefined ? undefined : ctx.store.qr.get(id);
		if (id !== undefined && !qr) throw notFound('QR code');
		const { type: _ignored, ...body } = ctx.body;
		if (qr) checkQrShape(qr.type, body.data);
		return reference({ ...ctx, body });
	},
	'PUT /api/channel/:id/update': (ctx, reference) =>
		reference({ ...ctx, body: longEnough(ctx.body, ['name', 'description']) }),
	'POST /api/channel/:channelid/assign/:type/:itemid': (ctx, reference) => {
		const channelId = idOf(ctx, 'channelid');
		const itemId = idOf(ctx, 'itemid');
		const there =
			channelId !== undefined &&
			ctx.store
				.rowsOfChannel(channelId)
				.some((item) => item.type === ctx.params.type && item.id === itemId);
		if (there) throw new ApiError(400, 'This item is already in the channel.');
		return reference(ctx);
	},
	// An update of an unknown pixel or domain is answered with an empty body.
	'PUT /api/pixel/:id/update': (ctx, reference) => emptyIfUnknown(ctx, reference, 'pixels'),
	'PUT /api/domain/:id/update': (ctx, reference) => emptyIfUnknown(ctx, reference, 'domains'),
};

function emptyIfUnknown(ctx: RouteContext, reference: Handler, kind: 'pixels' | 'domains') {
	const id = idOf(ctx);
	if (id !== undefined && !ctx.store[kind].get(id)) return rawReply(200, '');
	return reference(ctx);
}

// ---------------------------------------------------------------- the family's keys

function rename(record: Record<string, unknown>, from: string, to: string): void {
	if (!(from in record)) return;
	record[to] = record[from];
	delete record[from];
}

const campaignAnswer: After = (reply) => rename(reply.body, 'domain', 'campaign');

const AFTER: Record<string, After> = {
	'GET /api/campaigns': (reply) => {
		const data = reply.body.data as { campaigns: Array<Record<string, unknown>> };
		for (const campaign of data.campaigns) rename(campaign, 'domain', 'name');
	},
	'POST /api/campaign/add': campaignAnswer,
	'PUT /api/campaign/:id/update': campaignAnswer,
	'GET /api/overlay': (reply) =>
		rename(reply.body.data as Record<string, unknown>, 'cta', 'overlay'),
	'GET /api/qr/:id': (reply, ctx) => {
		const details = reply.body.details as Record<string, unknown>;
		rename(details, 'date', 'data');
		// Statistics are filled only for QR codes that point at a link.
		const type: QrType | undefined = ctx.store.qr.get(Number(details.id))?.type;
		if (type !== 'link') reply.body.data = emptyQrStatistics();
	},
};
