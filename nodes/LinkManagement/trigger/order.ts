import type { IDataObject } from 'n8n-workflow';

import type { TriggerEvent } from './events';
import { identityOf } from './identity';

/**
 * Whether a list is ordered newest first, as real installations list records: then what a poll
 * has not seen yet stands before what it has, and the poll reads only as far as it must. Two
 * records are in that order when the first was created later, as its `date` or its ID (within
 * a group: a channel item's type) says; where neither tells, nothing speaks against it. A list
 * in another order (oldest first, by clicks, by name) shows pairs that neither says.
 */

export type ListOrder = 'newestFirst' | 'other';

export function inNewestFirstOrder(
	earlier: IDataObject,
	later: IDataObject,
	event: TriggerEvent,
): boolean {
	const [a, b] = [earlier.date, later.date];
	const byDate = typeof a === 'string' && typeof b === 'string' && a !== b ? a > b : undefined;
	const [first, second] = [identityOf(earlier, event), identityOf(later, event)];
	const byId = first && second && first.group === second.group ? first.id > second.id : undefined;
	if (byDate === undefined && byId === undefined) return true;
	return byDate === true || byId === true;
}
