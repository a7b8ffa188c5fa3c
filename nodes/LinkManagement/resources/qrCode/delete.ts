import { deleteOperation, idParameter } from '../../shared/commonOperations';
import { qrCodeIdLocator } from '../../shared/recordPickers';

export const deleteQrCode = deleteOperation(
	'/qr/:qrCodeId/delete',
	'QR code',
	qrCodeIdLocator,
	idParameter('QR Code ID'),
);
