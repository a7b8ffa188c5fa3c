import type { IDataObject } from 'n8n-workflow';

import { qrCodeIdLocator } from '../../shared/descriptions';
import type { OperationDefinition } from '../../shared/operation';
import { idParameter } from '../../shared/commonOperations';

/**
 * One QR code: its details, with its statistics under `statistics`. Real installations send
 * the date in `details` under `data` (the reference: `date`).
 */
function withStatistics(record: IDataObject): IDataObject {
	const { details, data, ...rest } = record as IDataObject & { details?: IDataObject };
	const { data: date, ...shown } = details ?? {};
	const withDate = shown.date === undefined && date !== undefined ? { ...shown, date } : shown;
	return { ...rest, ...withDate, statistics: data ?? {} };
}

export const get: OperationDefinition = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get a QR code',
		description: 'Get a QR code with its scan statistics',
	},
	request: { method: 'GET', path: '/qr/:qrCodeId' },
	fields: [qrCodeIdLocator],
	pathParameters: { qrCodeId: idParameter('QR Code ID') },
	output: withStatistics,
};
