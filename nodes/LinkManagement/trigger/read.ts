import type { IDataObject } from 'n8n-workflow';

import { fillPath } from '../shared/path';
import type { RequestContext } from '../transport/context';
import { readPages } from '../transport/pagination';
import type { TriggerEvent } from './events';

/**
 * The event's path with its `:name` placeholders filled from the node's parameters (the
 * channel of `channelItemAdded`), each checked by the list operation's own fact.
 */
export const eventPath = (event: TriggerEvent, parameter: (name: string) => unknown): string =>
	fillPath(event.listOperation, parameter).path;

/**
 * Every record of the event's list through the transport (Return All: page 1, 2, … with the
 * Page Size, 1,000 by default), each once, shaped as the action node outputs it.
 */
export async function readRecords(
	context: RequestContext,
	event: TriggerEvent,
	path: string,
): Promise<IDataObject[]> {
	const { list, output = (record: IDataObject) => record } = event.listOperation;
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
