import type { IDataObject } from 'n8n-workflow';

import type { RequestContext } from '../transport/context';
import { readPages } from '../transport/pagination';
import type { TriggerEvent } from './events';

/** Reads what an event polls through the request path: the whole list, in large pages. */

/**
 * The event's path with its `:name` placeholders filled from the node's parameters (the
 * channel of `channelItemAdded`), each checked by the list operation's own fact.
 */
export function eventPath(event: TriggerEvent, parameter: (name: string) => unknown): string {
	const route = String(event.list.option.routing?.request?.url ?? '');
	return route.replace(/:([A-Za-z]+)/g, (_, name: string) => {
		const fact = event.list.pathParameters?.[name];
		if (!fact) throw new Error(`The path parameter "${name}" is not declared`);
		return encodeURIComponent(String(fact.convert(parameter(name), fact.label)));
	});
}

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
