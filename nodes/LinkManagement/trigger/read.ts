import type { IDataObject } from 'n8n-workflow';

import { readListRecords } from '../records/listRecords';
import { fillPath } from '../shared/path';
import type { RequestContext } from '../transport/context';
import { DeadlineReached } from '../transport/deadline';
import { asNodeError } from '../transport/errors';
import { recordChanges } from './diff';
import type { TriggerEvent } from './events';
import { identityOf } from './identity';
import type { ListOrder } from './order';
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

/** What a reader does with a page, given the order the reading has shown so far. */
type PageReader = (records: IDataObject[], order: ListOrder) => 'stop' | undefined;

/**
 * Reads the list page after page from where the last poll stopped (`state.resume`, else page
 * 1), handing each page to `onPage`, until it says `stop` or the list ends: then `resume` is
 * cleared and the order the reading showed is returned. When the poll's time runs out first
 * (DeadlineReached), `resume` records the page the next poll goes on from, and `undefined` is
 * returned; if not even one page could be read, the error is thrown on: the poll did nothing.
 */
async function readOn(
	context: RequestContext,
	event: TriggerEvent,
	path: string,
	state: TriggerState,
	onPage: PageReader,
): Promise<ListOrder | undefined> {
	const from = state.resume?.page ?? 1;
	let order: ListOrder = state.resume?.order ?? 'newestFirst';
	let previous: IDataObject | undefined;
	try {
		await readListRecords(
			context,
			event.listOperation,
			async (records) => {
				for (const record of records) {
					if (!identityOf(record, event)) continue;
					if (previous && !inNewestFirstOrder(previous, record, event)) order = 'other';
					previous = record;
				}
				return onPage(records, order);
			},
			{ path, from },
		);
	} catch (caught) {
		const stoppedAt = caught instanceof DeadlineReached ? (caught.page ?? from) : from;
		if (stoppedAt <= from) throw asNodeError(context.node, caught);
		state.resume = { page: stoppedAt, order };
		return undefined;
	}
	state.resume = undefined;
	return order;
}

/**
 * The whole list, or the rest of it from where the last poll stopped: every record compared
 * with what was recorded (`recordChanges`), once per full reading. A "new record" event learns
 * the list's order from a full reading.
 */
export async function readWholeList(
	context: RequestContext,
	event: TriggerEvent,
	path: string,
	state: TriggerState,
	threshold: number,
): Promise<IDataObject[]> {
	const found: IDataObject[] = [];
	const order = await readOn(context, event, path, state, (records) => {
		found.push(...recordChanges(event, records, state, threshold));
		return undefined;
	});
	if (order !== undefined) {
		state.baseline = undefined;
		state.order = event.kind === 'created' ? order : undefined;
	}
	return found;
}

/**
 * For a "new record" event on a list that was newest first: reads page after page, recording
 * into `state` and collecting what is new, and stops after the page that reaches what was
 * recorded before, since all after it are older. Going on from a page where the last poll
 * stopped (a backlog larger than a poll could read), records recorded by that poll may have
 * shifted onto the page's top: it stops after the page whose last record was recorded. Should
 * the list turn out not to be newest first, it reads on to the end, and `state.order` says so
 * for the next poll.
 */
export async function readNewRecords(
	context: RequestContext,
	event: TriggerEvent,
	path: string,
	state: TriggerState,
): Promise<IDataObject[]> {
	const found: IDataObject[] = [];
	const resumed = state.resume !== undefined;
	const wasRecorded = (record: IDataObject) => {
		const identity = identityOf(record, event);
		return identity ? (state.seen.get(identity.group)?.has(identity.id) ?? false) : false;
	};
	const order = await readOn(context, event, path, state, (records, orderSoFar) => {
		const listed = records.filter((record) => identityOf(record, event));
		const reachedRecorded = resumed
			? listed.length > 0 && wasRecorded(listed[listed.length - 1])
			: listed.some(wasRecorded);
		found.push(...recordChanges(event, records, state, 0));
		return reachedRecorded && orderSoFar === 'newestFirst' ? 'stop' : undefined;
	});
	if (order !== undefined) state.order = order;
	return found;
}
