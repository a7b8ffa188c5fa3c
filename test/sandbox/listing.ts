// What the route handlers share: the list envelope (pages and the profile's order), finding the
// record a path names, and the plain `{error: 0, message}` answer.

import { notFound, ok, Reply } from './http';
import type { SandboxOptions } from './options';
import type { ListOrder } from './profile';
import type { Collection, LinkRecord, Store } from './store';
import { positiveId } from './validate';

export interface RouteContext {
	params: Record<string, string>;
	query: URLSearchParams;
	body: Record<string, unknown>;
	store: Store;
	options: SandboxOptions;
	/** Notifies a link created (the notification URL for new links); the answer waits for it. */
	notifyCreated?: (link: LinkRecord) => void;
}

export type Handler = (ctx: RouteContext) => Reply;

export interface ListOptions<T> {
	/** Records counted in the pages but not shown (the family's orphaned channel items). */
	shown?: (record: T) => boolean;
	/** The records are in the answer's order already (else: the profile's `order`). */
	sorted?: boolean;
}

/** `records` (oldest first: by ID, or as assigned) in the order lists show them. */
export function inListOrder<T>(records: readonly T[], order: ListOrder): T[] {
	return order === 'oldest' ? [...records] : [...records].reverse();
}

/** `records` oldest first (by ID, or as assigned); listed in the profile's order. */
export function listReply<T>(
	ctx: RouteContext,
	key: string,
	records: T[],
	view: (record: T) => object,
	{ shown = () => true, sorted = false }: ListOptions<T> = {},
): Reply {
	const inOrder = sorted ? records : inListOrder(records, ctx.options.order);
	const perpage = parseLimit(ctx.query.get('limit'), ctx.options);
	const currentpage = parsePositive(ctx.query.get('page')) ?? 1;
	const result = records.length;
	const maxpage = Math.ceil(result / perpage);
	const nextpage = currentpage < maxpage ? currentpage + 1 : maxpage;
	const start = (currentpage - 1) * perpage;
	const page = inOrder
		.slice(start, start + perpage)
		.filter(shown)
		.map(view);
	// Lists answer `error` as the string "0" (documented quirk of the service).
	return {
		status: 200,
		body: { error: '0', data: { result, perpage, currentpage, nextpage, maxpage, [key]: page } },
	};
}

function parseLimit(raw: string | null, options: SandboxOptions): number {
	const limit = parsePositive(raw) ?? options.defaultLimit;
	return options.maxLimit > 0 ? Math.min(limit, options.maxLimit) : limit;
}

function parsePositive(raw: string | null): number | undefined {
	if (raw === null || !/^\s*\d+\s*$/.test(raw)) return undefined;
	const value = Number(raw);
	return value >= 1 && Number.isSafeInteger(value) ? value : undefined;
}

/** The record a path's ID names: a 400 for an ID that is not one, a 404 for an unknown one. */
export function find<T extends { id: number }>(collection: Collection<T>, raw: string): T {
	const id = positiveId(raw, `${collection.label.toLowerCase()} ID`);
	const record = collection.get(id);
	if (!record) throw notFound(`${collection.label} ${id} does not exist.`, collection.label);
	return record;
}

export function message(text: string): Reply {
	return ok({ message: text });
}
