import type { IDataObject } from 'n8n-workflow';

import { readListRecords } from '../records/listRecords';
import { fillPath } from '../shared/path';
import type { RequestContext } from '../transport/context';
import type { PageHandler } from '../transport/pagination';
import { recordChanges } from './diff';
import type { TriggerEvent } from './events';
import { identityOf } from './identity';
import { inNewestFirstOrder } from './order';
import type { TriggerState } from './state';

/**
 * The event's path with its `:name` placeholders filled from the node's parameters (the
 * channel of `channelItemAdded`), each checked by the list operation's own fact.
 */
export const eventPath = (event: TriggerEvent, parameter: (name: string) => unknown): string =>
	fillPath(event.listOperation, parameter).path;

/** Every record of the event's list (Return All: pages of the Page Size, 1,000 by default). */
export async function readRecords(
	context: RequestContext,
	event: TriggerEvent,
	path: string,
): Promise<IDataObject[]> {
	const records: IDataObject[] = [];
	await readListRecords(
		context,
		event.listOperation,
		async (page) => {
			records.push(...page);
		},
		{ path },
	);
	return records;
}

/**
 * For a "new record" event on a list that was newest first: reads page after page, recording
 * into `state` and collecting what is new, and stops after the page that reaches a record
 * recorded before, since all after it are older. Should the list turn out not to be newest
 * first, it reads on to the end, and `state.order` says so for the next poll.
 */
export async function readNewRecords(
	context: RequestContext,
	event: TriggerEvent,
	path: string,
	state: TriggerState,
): Promise<IDataObject[]> {
	const found: IDataObject[] = [];
	let previous: IDataObject | undefined;
	state.order = 'newestFirst';
	const readPage: PageHandler = async (page) => {
		let reachedRecorded = false;
		for (const record of page) {
			const identity = identityOf(record, event);
			if (!identity) continue;
			if (previous && !inNewestFirstOrder(previous, record, event)) state.order = 'other';
			reachedRecorded ||= state.seen.get(identity.group)?.has(identity.id) ?? false;
			previous = record;
		}
		found.push(...recordChanges(event, page, state, 0));
		return reachedRecorded && state.order === 'newestFirst' ? 'stop' : undefined;
	};
	await readListRecords(context, event.listOperation, readPage, { path });
	return found;
}
