import { downloadImageOperation } from '../../shared/qrImage';
import { linkIdLocator } from '../../shared/recordPickers';
import { linkIdParameter } from './shortUrl';

export const downloadImage = downloadImageOperation({
	action: 'Download QR image of link',
	description:
		'Get the QR code of a link as a PNG or SVG file in a binary field, to send by email, store or print',
	request: { method: 'GET', path: '/url/:linkId' },
	locator: linkIdLocator,
	pathParameters: { linkId: linkIdParameter },
	addressField: 'shorturl',
	path: '/qr/download',
	prefix: 'link',
});
