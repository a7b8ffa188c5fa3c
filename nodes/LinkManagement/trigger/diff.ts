import type { IDataObject } from 'n8n-workflow';

import { wholeNumber } from '../shared/validation';
import type { TriggerEvent } from './events';
import { identityOf } from './identity';
import type { TriggerState } from './state';

/**
 * What a poll finds against what earlier polls recorded: records not seen before, records whose
 * count (a QR code's scans, a link's clicks) grew, records that reached the threshold. "Not seen
 * before" is judged by the records' identities against everything recorded, not by the highest
 * ID: records that drop out of a listing and come back, lists in any order and IDs that do not
 * grow change nothing.
 */

/**
 * Records what `records` show into `state` and returns the records to emit, in the order
 * listed. Records not recorded before count from 0. `threshold` is used by `reached` only.
 */
export function recordChanges(
	event: TriggerEvent,
	records: IDataObject[],
	state: TriggerState,
	threshold: number,
): IDataObject[] {
	const emitted: IDataObject[] = [];
	for (const record of records) {
		const identity = identityOf(record, event);
		if (!identity) continue;
		const found =
			event.kind === 'created'
				? newRecord(state, identity, record)
				: countChanged(event, state, identity.id, record, threshold);
		if (found) emitted.push(found);
	}
	return emitted;
}

function newRecord(
	state: TriggerState,
	{ group, id }: { group: string; id: number },
	record: IDataObject,
): IDataObject | undefined {
	let ids = state.seen.get(group);
	if (!ids) {
		ids = new Set();
		state.seen.set(group, ids);
	}
	if (ids.has(id)) return undefined;
	ids.add(id);
	return record;
}

function countChanged(
	event: TriggerEvent,
	state: TriggerState,
	id: number,
	record: IDataObject,
	threshold: number,
): IDataObject | undefined {
	const counter = event.counter;
	const count = counter ? wholeNumber(record[counter.field]) : undefined;
	if (!counter || count === undefined || count < 0) return undefined;
	const previous = state.counts.get(id) ?? 0;
	state.counts.set(id, count);
	const output = { ...record, [counter.previous]: previous, [counter.added]: count - previous };
	if (event.kind === 'grew') return count > previous ? output : undefined;
	if (count < threshold || state.reached.has(id)) return undefined;
	state.reached.add(id);
	return output;
}
