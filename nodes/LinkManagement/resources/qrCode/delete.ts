import { qrCodeIdLocator } from '../../shared/descriptions';
import { deleteOperation } from '../../shared/commonOperations';

export const deleteQrCode = deleteOperation(
	'/qr/:qrCodeId/delete',
	'QR code',
	qrCodeIdLocator,
	'QR Code ID',
);
