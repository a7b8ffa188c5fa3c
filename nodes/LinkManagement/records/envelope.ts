import type { IDataObject } from 'n8n-workflow';

import { isRecord } from '../shared/typeGuards';

/**
 * The record an answer carries, with the service's envelope off: `error` dropped, a lone `data`
 * record unwrapped; an answer that is only a message becomes `{ success: true, message }` with
 * the IDs the request acted on.
 */
export function recordOf(body: IDataObject, ids: IDataObject): IDataObject {
	const rest = { ...body };
	delete rest.error;
	const keys = Object.keys(rest);
	if (keys.length === 1 && keys[0] === 'data' && isRecord(rest.data)) return rest.data;
	if (keys.length === 1 && keys[0] === 'message') {
		return { success: true, message: rest.message, ...ids };
	}
	return rest;
}
