import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ListFacts } from '../shared/operation';
import { wholeNumber } from '../shared/validation';
import { isRecord } from './answer';
import type { RequestContext } from './context';
import type { ServiceRequest } from './send';
import { sendRequest } from './send';

/** One page of a list answer: its records and what it says about the pages. */
export interface Page {
	records: IDataObject[];
	current?: number;
	maxPage?: number;
	perPage?: number;
}

/**
 * Reads a list page by page (page 1, 2, …) until `currentpage >= maxpage`, an empty page,
 * or `limit` records. The meaning of `nextpage` and `result` at the last page is undocumented,
 * so neither is trusted. A page is never asked for twice and never more than `maxpage` pages; a
 * service that ignores `page` is reported rather than read forever.
 */
export async function readPages(
	context: RequestContext,
	request: ServiceRequest,
	list: ListFacts,
	limit: number,
	onPage: (records: IDataObject[]) => Promise<void>,
): Promise<void> {
	// The same size on every page, so that page numbers keep meaning the same records.
	const perPage = Math.min(context.settings.pageSize, limit);

	let collected = 0;
	let previousPage = 0;
	let previousFirstId: unknown;
	for (let page = 1; collected < limit;) {
		const body = await sendRequest(context, {
			...request,
			qs: { ...request.qs, page, limit: perPage },
		});
		const { records, current: reported, maxPage, perPage: reportedPerPage } = pageOf(body, list);
		const current = reported ?? page;
		const firstId = records[0]?.id;

		if (
			page > 1 &&
			(current <= previousPage || (firstId !== undefined && firstId === previousFirstId))
		) {
			throw new NodeOperationError(
				context.node,
				`The service answered page ${current} when page ${page} was asked for; stopped reading to avoid repeating records`,
				{
					itemIndex: context.itemIndex,
					description: `${collected} records were read before this. The service seems to ignore the "page" parameter; turn off Return All and use a Limit no larger than one page.`,
				},
			);
		}
		const taken = records.slice(0, limit - collected);
		collected += taken.length;
		if (taken.length) await onPage(taken);

		if (records.length === 0 || (maxPage !== undefined && current >= maxPage)) return;
		// Without maxpage, a page shorter than the page size is the last one.
		if (maxPage === undefined && records.length < (reportedPerPage ?? perPage)) return;
		previousPage = current;
		previousFirstId = firstId;
		page = current + 1;
	}
}

/** A list answer's records (under the operation's collection key) and its page numbers. */
export function pageOf(body: IDataObject, list: ListFacts): Page {
	const envelope = isRecord(body.data) ? body.data : {};
	const key = list.keys.find((candidate) => Array.isArray(envelope[candidate]));
	return {
		records: (key === undefined ? [] : envelope[key]) as IDataObject[],
		current: wholeNumber(envelope.currentpage),
		maxPage: wholeNumber(envelope.maxpage),
		perPage: wholeNumber(envelope.perpage),
	};
}
