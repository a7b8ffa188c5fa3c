import type { OperationDefinition } from '../../shared/operation';
import { qrImageDownload, qrImageFields } from '../../shared/qrImage';
import { withStatistics } from '../../shared/statistics';
import { linkIdLocator, linkIdParameter } from './locator';

export const downloadImage: OperationDefinition = {
	option: {
		name: 'Download QR Image',
		value: 'downloadImage',
		action: 'Download the QR image of a short link',
		description:
			'Get the QR code of a short link as a PNG or SVG file in a binary field, to send by e-mail, store or print',
	},
	request: { method: 'GET', path: '/url/:linkId' },
	fields: [linkIdLocator, ...qrImageFields],
	pathParameters: { linkId: linkIdParameter },
	output: withStatistics,
	download: qrImageDownload('shorturl', '/qr/download', 'link'),
};
