import type { IDataObject } from 'n8n-workflow';

import { recordChanges } from './diff';
import type { TriggerEvent } from './events';
import { emptyState } from './state';

/**
 * "Fetch Test Event" in the editor: the most recent of the records a poll would emit if nothing
 * had been recorded yet (every record new, counts from 0), so that the user
 * sees the output's shape. It records nothing.
 */
export function testEvent(
	event: TriggerEvent,
	records: IDataObject[],
	threshold: number,
): IDataObject | undefined {
	const candidates = recordChanges(event, records, emptyState(''), threshold);
	let latest: IDataObject | undefined;
	for (const candidate of candidates) {
		if (!latest || compareRecency(candidate, latest) >= 0) latest = candidate;
	}
	return latest;
}

/** By `date` where both records have one, then by ID; equal ones: the later listed wins. */
function compareRecency(a: IDataObject, b: IDataObject): number {
	if (typeof a.date === 'string' && typeof b.date === 'string' && a.date !== b.date) {
		return a.date < b.date ? -1 : 1;
	}
	return Number(a.id) - Number(b.id);
}

/** Why there is no test event to show. */
export function noTestEvent(event: TriggerEvent, threshold: number): string {
	const { counter, noun } = event;
	if (counter && event.kind === 'grew') {
		return `No ${noun} has been ${counter.verb} yet, so there is no test event`;
	}
	if (counter && event.kind === 'reached') {
		return `No ${noun} has reached ${threshold} ${counter.plural} yet, so there is no test event`;
	}
	const missing = event.noRecordsYet ?? `There is no ${noun} yet`;
	return `${missing}, so there is no test event`;
}
