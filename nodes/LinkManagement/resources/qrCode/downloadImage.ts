import { idParameter } from '../../shared/commonOperations';
import { qrCodeIdLocator } from '../../shared/descriptions';
import type { OperationDefinition } from '../../shared/operation';
import { qrImageDownload, qrImageFields } from '../../shared/qrImage';
import { withStatistics } from '../../shared/statistics';

export const downloadImage: OperationDefinition = {
	option: {
		name: 'Download QR Image',
		value: 'downloadImage',
		action: 'Download a QR code image',
		description:
			'Get a QR code as a PNG or SVG file in a binary field, to send by e-mail, store or print',
	},
	request: { method: 'GET', path: '/qr/:qrCodeId' },
	fields: [qrCodeIdLocator, ...qrImageFields],
	pathParameters: { qrCodeId: idParameter('QR Code ID') },
	output: withStatistics,
	download: qrImageDownload('link', '/download', 'qr-code'),
};
