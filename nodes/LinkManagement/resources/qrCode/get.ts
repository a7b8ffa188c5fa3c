import { idParameter } from '../../shared/commonOperations';
import type { OperationDefinition } from '../../shared/operation';
import { qrCodeIdLocator } from '../../shared/recordPickers';
import { withStatistics } from '../../shared/statistics';

export const get: OperationDefinition = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get QR code',
		description: 'Retrieve a QR code with its scan statistics',
	},
	request: { method: 'GET', path: '/qr/:qrCodeId' },
	fields: [qrCodeIdLocator],
	pathParameters: { qrCodeId: idParameter('QR Code ID') },
	output: withStatistics,
};
