import type { IDataObject } from 'n8n-workflow';

/** The short URL always under `shorturl`: an update answers it as `short`. */
export function withShortUrl(record: IDataObject): IDataObject {
	if (record.shorturl !== undefined || record.short === undefined) return record;
	const { short, ...rest } = record;
	return { ...rest, shorturl: short };
}
