import type { OperationDefinition } from '../../shared/descriptions';
import { qrCodeIdLocator } from '../../shared/descriptions';
import { qrCodeWithStatistics } from '../../shared/output';

export const get: OperationDefinition = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get a QR code',
		description: 'Get a QR code with its scan statistics',
		routing: {
			request: { method: 'GET', url: '/qr/:qrCodeId' },
			output: { postReceive: [qrCodeWithStatistics] },
		},
	},
	fields: [qrCodeIdLocator],
};
