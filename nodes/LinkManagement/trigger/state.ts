import type { IDataObject } from 'n8n-workflow';

import { isRecord } from '../shared/typeGuards';
import { decodeIds, encodeIds } from './idRanges';
import { decodeCounts, encodeCounts } from './counts';
import type { ListOrder } from './order';

/**
 * What the trigger remembers between polls, kept in the workflow's static data (per node, saved
 * by n8n with the workflow): the IDs of the records it has recorded and, for the count events,
 * each record's count (a QR code's scans, a link's clicks) — compact texts, never copies of the
 * records.
 */
export interface TriggerState {
	/** What the recorded state belongs to: the event, the list it reads (service and path), the threshold. */
	scope: string;
	/** Records recorded so far, by group: a channel item's type, '' for other records. */
	seen: Map<string, Set<number>>;
	/** The count (scans or clicks) of every record recorded so far. */
	counts: Map<number, number>;
	/** Records at or above the threshold: emitted, or there already at the first poll. */
	reached: Set<number>;
	/**
	 * How the service orders the list, as the last poll saw it: newest first lets a poll of a
	 * "new record" event stop where it reaches what it has recorded.
	 */
	order?: ListOrder;
	/**
	 * When the activation this state goes on from first polled (epoch ms): of two states for the
	 * same scope, the later activation's wins.
	 */
	activatedAt?: number;
	/** The first reading of the list is not complete: what it reads is recorded, not emitted. */
	baseline?: boolean;
	/**
	 * A reading the poll's time cut short: the page the next poll goes on from, and the order
	 * the pages read so far showed.
	 */
	resume?: { page: number; order: ListOrder };
}

const VERSION = 1;
const ORDERS: ListOrder[] = ['newestFirst', 'other'];
const isOrder = (value: unknown): value is ListOrder => ORDERS.includes(value as ListOrder);

export const emptyState = (scope: string): TriggerState => ({
	scope,
	seen: new Map(),
	counts: new Map(),
	reached: new Set(),
});

/**
 * The state recorded for `scope`. `undefined` when there is none for it — nothing recorded yet,
 * recorded for another event, channel, threshold or service, or not readable — which makes
 * the poll a first poll: it records what exists and emits nothing.
 */
export function readState(staticData: IDataObject, scope: string): TriggerState | undefined {
	if (staticData.version !== VERSION || staticData.scope !== scope) return undefined;
	const groups = staticData.seen ?? {};
	if (!isRecord(groups)) return undefined;
	const seen = new Map<string, Set<number>>();
	for (const [group, text] of Object.entries(groups)) {
		const ids = decodeIds(text);
		if (!ids) return undefined;
		seen.set(group, ids);
	}
	const counts = decodeCounts(staticData.counts ?? '');
	const reached = decodeIds(staticData.reached ?? '');
	if (!counts || !reached) return undefined;
	const order = isOrder(staticData.order) ? staticData.order : undefined;
	const state: TriggerState = { scope, seen, counts, reached, order };
	const { activatedAt, baseline, resume } = staticData;
	if (typeof activatedAt === 'number' && Number.isFinite(activatedAt)) {
		state.activatedAt = activatedAt;
	}
	if (baseline === true) state.baseline = true;
	if (isRecord(resume) && Number.isSafeInteger(resume.page) && (resume.page as number) > 0) {
		state.resume = {
			page: resume.page as number,
			order: isOrder(resume.order) ? resume.order : 'newestFirst',
		};
	}
	return state;
}

/** The state as it is stored: plain JSON, empty parts left out. */
export function storedState(state: TriggerState): IDataObject {
	const stored: IDataObject = { version: VERSION, scope: state.scope };
	if (state.seen.size) {
		stored.seen = Object.fromEntries(
			[...state.seen.entries()].map(([group, ids]) => [group, encodeIds(ids)]),
		);
	}
	if (state.counts.size) stored.counts = encodeCounts(state.counts);
	if (state.reached.size) stored.reached = encodeIds(state.reached);
	if (state.order) stored.order = state.order;
	if (state.activatedAt !== undefined) stored.activatedAt = state.activatedAt;
	if (state.baseline) stored.baseline = true;
	if (state.resume) stored.resume = { ...state.resume };
	return stored;
}

/**
 * Puts the state into the node's static data, changing only what differs: n8n saves the
 * workflow's static data when it changed, so a poll that found nothing new writes nothing.
 */
export function writeState(staticData: IDataObject, state: TriggerState): void {
	const stored = storedState(state);
	for (const key of Object.keys(staticData)) {
		if (!(key in stored)) delete staticData[key];
	}
	for (const [key, value] of Object.entries(stored)) {
		if (JSON.stringify(staticData[key]) !== JSON.stringify(value)) staticData[key] = value;
	}
}
