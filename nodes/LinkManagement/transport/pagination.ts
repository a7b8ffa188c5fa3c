import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ListFacts } from '../shared/operation';
import { declared, TEMPORARILY_UNAVAILABLE } from '../shared/causes';
import { DeadlineReached } from './deadline';
import { isRecord } from '../shared/typeGuards';
import { wholeNumber } from '../shared/validation';
import type { RequestContext } from './context';
import type { ServiceRequest } from './send';
import { sendRequest } from './send';

/** One page of a list answer: its records and what it says about the pages. */
export interface Page {
	records: IDataObject[];
	current?: number;
	maxPage?: number;
	perPage?: number;
	/** `result`: how many records the list holds, as the service counts them. */
	total?: number;
	/** `nextpage` was sent and is null: the last page, as the service says. */
	last: boolean;
	/** The page after this one, as readPages reads the list; undefined where the list ends. */
	next?: number;
}

/**
 * Empty pages in a row, before a `maxpage` that the service's `result` does not account for,
 * after which the rest is taken to be empty too.
 */
const MAX_EMPTY_PAGES_IN_A_ROW = 5;

/** What the reader of a list does with a page: `stop` ends the reading early. */
export type PageHandler = (records: IDataObject[], page: Page) => Promise<void | 'stop'>;

/**
 * Reads a list page by page, asking page 1, 2, 3, … (never the same page twice, whatever
 * `currentpage` says, counting from 0 included) with the same page size, so that page numbers
 * keep meaning the same records. It stops with `limit` records, when `onPage` says `stop`, at
 * `maxpage` (a short or empty page before it does not end the list: the service skips records
 * it cannot show), or, without `maxpage`, at an empty or short page or `nextpage: null`. A
 * record that comes again (the list shifted while being read; system records repeated on every
 * page) is passed on once. `from` starts at a later page (the earlier ones were read already).
 * A list without pages (`paged: false`) is one request, its answer taken as the only page.
 * A page of nothing but records already read (a service ignoring `page`) fails the reading,
 * or, `repeatEnds`, ends the list there (a picker shows what it has rather than a failure).
 */
export async function readPages(
	context: RequestContext,
	request: ServiceRequest,
	list: ListFacts,
	limit: number,
	onPage: PageHandler,
	{ from = 1, repeatEnds = false }: { from?: number; repeatEnds?: boolean } = {},
): Promise<void> {
	if (list.paged === false) return await readWhole(context, request, list, limit, onPage);
	const perPage = Math.min(context.settings.pageSize, limit);
	const isFresh = firstSight(list);
	let collected = 0;
	let emptyInARow = 0;
	for (let page = from; collected < limit; page++) {
		const body = await sendRequest(context, {
			...request,
			qs: { ...request.qs, page, limit: perPage },
		}).catch(stoppedBefore(page));
		const found = pageOf(body, list, context, `${request.method} ${request.path}`);
		const fresh = found.records.filter(isFresh);
		if (page > from && found.records.length > 0 && fresh.length === 0 && hasIds(found.records)) {
			if (repeatEnds) return;
			throw repeatedPage(context, page, found.current, collected);
		}
		const taken = fresh.slice(0, limit - collected);
		collected += taken.length;
		emptyInARow = found.records.length === 0 ? emptyInARow + 1 : 0;
		const next = goesOn(found, page, perPage, emptyInARow) ? page + 1 : undefined;
		if (taken.length && (await onPage(taken, { ...found, next })) === 'stop') return;
		if (next === undefined) return;
	}
}

/** Whether the list goes on after `page`, the `emptyInARow`th empty page in a row or not. */
function goesOn(found: Page, page: number, perPage: number, emptyInARow: number): boolean {
	const { maxPage, current } = found;
	if (maxPage === undefined) {
		if (found.last || found.records.length === 0) return false;
		return found.records.length >= Math.min(perPage, found.perPage ?? perPage);
	}
	// Counting from 0, the last page is the one whose number reaches maxpage (one more page
	// is read when maxpage counts the pages: an empty answer, not a lost page).
	if (current === page - 1 ? current >= maxPage : page >= maxPage) return false;
	// A page count no list can fill: stop rather than read empty pages to the end of it.
	// Empty pages within the count that `result` fills are records the service skipped.
	return emptyInARow < MAX_EMPTY_PAGES_IN_A_ROW || countedPages(found, perPage);
}

/** The whole list in one answer: as many records as `limit` allows, each once. */
async function readWhole(
	context: RequestContext,
	request: ServiceRequest,
	list: ListFacts,
	limit: number,
	onPage: PageHandler,
): Promise<void> {
	const body = await sendRequest(context, request).catch(stoppedBefore(1));
	const found = pageOf(body, list, context, `${request.method} ${request.path}`);
	const taken = found.records.filter(firstSight(list)).slice(0, limit);
	if (taken.length) await onPage(taken, found);
}

/** A reading whose time ran out says before which page it stopped: the next one goes on there. */
const stoppedBefore =
	(page: number) =>
	(error: unknown): never => {
		if (error instanceof DeadlineReached) error.page = page;
		throw error;
	};

/**
 * A list answer's records (under one of the operation's collection keys: in its `data`
 * envelope, or at the top for a list without pages) and its page numbers. An answer without its
 * records, or with records that are not objects, is refused: reading it as "no records" would
 * hide the problem.
 */
export function pageOf(
	body: IDataObject,
	list: ListFacts,
	context: RequestContext,
	what: string,
): Page {
	const envelope = list.paged === false ? body : body.data;
	const key = isRecord(envelope)
		? list.keys.find((candidate) => Array.isArray(envelope[candidate]))
		: undefined;
	if (!isRecord(envelope) || key === undefined) {
		const where = list.paged === false ? '' : ' in its "data"';
		const missing = isRecord(envelope)
			? `no "${list.keys.join('" or "')}" list${where}`
			: 'no "data"';
		const error = new NodeOperationError(
			context.node,
			`The service's answer to ${what} holds ${missing}`,
			{
				itemIndex: context.itemIndex,
				description: `A list answer carries its records in an array under "${list.paged === false ? list.keys[0] : 'data'}"; this one does not, so the list cannot be read.`,
			},
		);
		// An answer of the wrong shape may be a service in the middle of an upgrade.
		throw declared(error, TEMPORARILY_UNAVAILABLE);
	}
	const records = envelope[key] as unknown[];
	const odd = records.findIndex((record) => !isRecord(record));
	if (odd !== -1) {
		const error = new NodeOperationError(
			context.node,
			`The service's answer to ${what} holds a record that is not an object (record ${odd + 1}: ${JSON.stringify(records[odd])?.slice(0, 60)})`,
			{ itemIndex: context.itemIndex },
		);
		throw declared(error, TEMPORARILY_UNAVAILABLE);
	}
	if (list.paged === false) return { records: records as IDataObject[], last: true };
	return {
		records: records as IDataObject[],
		current: wholeNumber(envelope.currentpage),
		maxPage: wholeNumber(envelope.maxpage),
		perPage: wholeNumber(envelope.perpage),
		total: wholeNumber(envelope.result),
		last: 'nextpage' in envelope && envelope.nextpage === null,
	};
}

/** A filter that passes each record (by its identity) the first time it sees it only. */
function firstSight(list: ListFacts): (record: IDataObject) => boolean {
	const seen = new Set<string>();
	return (record) => {
		const key = sameRecordKey(record, list);
		if (seen.has(key)) return false;
		seen.add(key);
		return true;
	};
}

/** What makes a record the same record on another page: its identity fields, or all of it. */
function sameRecordKey(record: IDataObject, list: ListFacts): string {
	const fields = list.identity ?? ['id'];
	const values = fields.map((field) => record[field]);
	if (values.some((value) => value === null || value === undefined)) {
		return `record:${JSON.stringify(record)}`;
	}
	return `id:${JSON.stringify(values)}`;
}

/** `maxpage` is no more than the service's `result` fills at the page size it used. */
function countedPages({ total, maxPage, perPage }: Page, asked: number): boolean {
	if (total === undefined || maxPage === undefined) return false;
	return maxPage <= Math.ceil(total / (perPage !== undefined && perPage > 0 ? perPage : asked));
}

const hasIds = (records: IDataObject[]) =>
	records.some((record) => record.id !== null && record.id !== undefined);

function repeatedPage(
	context: RequestContext,
	page: number,
	current: number | undefined,
	read: number,
) {
	const answered =
		current !== undefined && current !== page
			? `page ${current} when page ${page} was asked for`
			: `page ${page} with the records of an earlier page`;
	const error = new NodeOperationError(
		context.node,
		`The service answered ${answered}; stopped reading to avoid repeating records`,
		{
			itemIndex: context.itemIndex,
			description: `${read} records were read before this. The service seems to ignore the "page" parameter; turn off 'Return All' and use a 'Limit' no larger than one page.`,
		},
	);
	return declared(error, TEMPORARILY_UNAVAILABLE);
}
