import type { IDataObject } from 'n8n-workflow';

import type { OperationFacts } from '../shared/operation';
import type { RequestContext } from '../transport/context';
import type { PageHandler } from '../transport/pagination';
import { pageOf, readPages } from '../transport/pagination';
import { withoutFields } from '../transport/redact';
import { sendRequest } from '../transport/send';

/**
 * The records of a list operation (a Get Many), read through the transport and shaped as the
 * action node outputs them: for the trigger, the choice lists, "By URL" and Create or Update.
 */

/**
 * A list operation's records as it outputs them, without the fields that hold others' secrets
 * (users' own keys): nothing reading a list for the node (a picker's label, say) gets them.
 */
export const shapeOf =
	({ output, secretFields = [] }: OperationFacts) =>
	(record: IDataObject): IDataObject =>
		withoutFields(output ? output(record, {}, {}) : record, secretFields);

/** Every page of the list (or from page `from` on), until `onPage` says `stop`. */
export async function readListRecords(
	context: RequestContext,
	list: OperationFacts,
	onPage: PageHandler,
	{ path = list.request.path, from = 1 }: { path?: string; from?: number } = {},
): Promise<void> {
	const shape = shapeOf(list);
	await readPages(
		context,
		{ method: 'GET', path },
		list.list ?? { keys: [] },
		Infinity,
		async (records, page) => await onPage(records.map(shape), page),
		{ from },
	);
}

/**
 * The first page of the list with `filter=wanted` in its query, where the service applied the
 * filter; `undefined` where it ignored it (the page holds records that do not `match`).
 */
export async function readFilteredPage(
	context: RequestContext,
	list: OperationFacts,
	filter: string,
	wanted: string,
	match: (record: IDataObject) => boolean,
): Promise<IDataObject[] | undefined> {
	const { path } = list.request;
	const qs = { [filter]: wanted, page: 1, limit: context.settings.pageSize };
	const body = await sendRequest(context, { method: 'GET', path, qs });
	const { records } = pageOf(body, list.list ?? { keys: [] }, context, `GET ${path}`);
	const shaped = records.map(shapeOf(list));
	return shaped.every(match) ? shaped : undefined;
}
