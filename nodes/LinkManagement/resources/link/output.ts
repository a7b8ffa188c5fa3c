import type { IDataObject } from 'n8n-workflow';

/**
 * A link as Create and Update answer it, with what the next step needs, under the names the list
 * shows: the short URL always under `shorturl` (an update answers it as `short`), and the
 * destination under `longurl`, which the service does not answer: the URL that was sent.
 */
export function asLinkRecord(
	record: IDataObject,
	_ids: IDataObject,
	sent: IDataObject,
): IDataObject {
	const { short, ...rest } = record;
	const shaped =
		record.shorturl === undefined && short !== undefined ? { ...rest, shorturl: short } : record;
	return shaped.longurl === undefined && typeof sent.url === 'string'
		? { ...shaped, longurl: sent.url }
		: shaped;
}
