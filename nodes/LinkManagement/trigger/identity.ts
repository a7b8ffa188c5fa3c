import type { IDataObject } from 'n8n-workflow';

import { wholeNumber } from '../shared/validation';
import type { TriggerEvent } from './events';

/** A record's place in the state; `undefined` without a usable ID (the service's system domains). */
export function identityOf(
	record: IDataObject,
	event: TriggerEvent,
): { group: string; id: number } | undefined {
	const fields = event.listOperation.list?.identity ?? ['id'];
	const id = wholeNumber(record[fields[fields.length - 1]]);
	if (id === undefined || id < 1) return undefined;
	const group = fields
		.slice(0, -1)
		.map((field) => String(record[field] ?? ''))
		.join(' ');
	return { group, id };
}
