import type { IDataObject } from 'n8n-workflow';

/**
 * A read-one answer with statistics (a QR code, a link): the record's details with its
 * statistics under `statistics`. Real installations send the date in `details` under `data`
 * (the reference: `date`), and one sends the ID at the top and no statistics at all.
 */
export function withStatistics(record: IDataObject): IDataObject {
	const { details, data, ...rest } = record as IDataObject & { details?: IDataObject };
	const { data: date, ...shown } = details ?? {};
	const withDate = shown.date === undefined && date !== undefined ? { ...shown, date } : shown;
	return { ...rest, ...withDate, statistics: data ?? {} };
}
