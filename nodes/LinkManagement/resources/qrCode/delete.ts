import { qrCodeIdLocator } from '../../shared/descriptions';
import { deleteOperation, idParameter } from '../../shared/commonOperations';

export const deleteQrCode = deleteOperation(
	'/qr/:qrCodeId/delete',
	'QR code',
	qrCodeIdLocator,
	idParameter('QR Code ID'),
);
