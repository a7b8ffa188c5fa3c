import type { IDataObject } from 'n8n-workflow';

import type { TriggerEvent } from './events';
import { identityOf } from './identity';

/**
 * Whether a list is ordered newest first, as real installations list records: then what a poll
 * has not seen yet stands before what it has, and the poll reads only as far as it must. Two
 * records are in that order when the first was created later: by `date` where both have
 * different ones, else by ID within a group (a channel item's type); where nothing tells,
 * nothing speaks against it.
 */

export type ListOrder = 'newestFirst' | 'other';

export function inNewestFirstOrder(
	earlier: IDataObject,
	later: IDataObject,
	event: TriggerEvent,
): boolean {
	const [a, b] = [earlier.date, later.date];
	if (typeof a === 'string' && typeof b === 'string' && a !== b) return a > b;
	const [first, second] = [identityOf(earlier, event), identityOf(later, event)];
	if (!first || !second || first.group !== second.group) return true;
	return first.id > second.id;
}

/** The order a whole list shows. */
export function orderOf(records: IDataObject[], event: TriggerEvent): ListOrder {
	const listed = records.filter((record) => identityOf(record, event));
	for (let index = 1; index < listed.length; index++) {
		if (!inNewestFirstOrder(listed[index - 1], listed[index], event)) return 'other';
	}
	return 'newestFirst';
}
