import { idParameter } from '../../shared/commonOperations';
import { downloadImageOperation } from '../../shared/qrImage';
import { qrCodeIdLocator } from '../../shared/recordPickers';

export const downloadImage = downloadImageOperation({
	action: 'Download QR code image',
	description:
		'Get a QR code as a PNG or SVG file in a binary field, to send by email, store or print',
	request: { method: 'GET', path: '/qr/:qrCodeId' },
	locator: qrCodeIdLocator,
	pathParameters: { qrCodeId: idParameter('QR Code ID') },
	addressField: 'link',
	path: '/download',
	prefix: 'qr-code',
});
