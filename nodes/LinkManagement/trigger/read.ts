import type { IDataObject } from 'n8n-workflow';

import { fillPath } from '../shared/operation';
import type { RequestContext } from '../transport/context';
import { readPages } from '../transport/pagination';
import type { TriggerEvent } from './events';

/** Reads what an event polls through the request path: the whole list, in large pages. */

/**
 * The event's path with its `:name` placeholders filled from the node's parameters (the
 * channel of `channelItemAdded`), each checked by the list operation's own fact.
 */
export const eventPath = (event: TriggerEvent, parameter: (name: string) => unknown): string =>
	fillPath(String(event.list.option.routing?.request?.url ?? ''), event.list, parameter).path;

/**
 * Every record of the list (Return All: page 1, 2, … with the Page Size, 1,000 by default),
 * each once, shaped as the action node outputs it.
 */
export async function readRecords(
	context: RequestContext,
	event: TriggerEvent,
	path: string,
): Promise<IDataObject[]> {
	const { list, output = (record: IDataObject) => record } = event.list;
	const records: IDataObject[] = [];
	await readPages(
		context,
		{ method: 'GET', path },
		list ?? { keys: [] },
		Infinity,
		async (page) => {
			records.push(...page.map(output));
		},
	);
	return records;
}
