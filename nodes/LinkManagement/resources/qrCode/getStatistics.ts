import { idParameter } from '../../shared/commonOperations';
import type { OperationDefinition } from '../../shared/operation';
import { qrCodeIdLocator } from '../../shared/recordPickers';
import { dimensionsField, statisticsRows, withStatistics } from '../../shared/statistics';

export const getStatistics: OperationDefinition = {
	option: {
		name: 'Get Statistics',
		value: 'getStatistics',
		action: 'Get QR code statistics',
		description:
			"Retrieve a QR code's all-time scans by country, referrer, browser, OS and social network as rows, one per label, with count and share",
	},
	request: { method: 'GET', path: '/qr/:qrCodeId' },
	fields: [qrCodeIdLocator, dimensionsField],
	pathParameters: { qrCodeId: idParameter('QR Code ID') },
	output: withStatistics,
	rows: statisticsRows('qrCodeId', 'link'),
};
