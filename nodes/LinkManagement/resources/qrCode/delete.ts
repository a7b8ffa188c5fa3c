import { deleteOperation, qrCodeIdLocator } from '../../shared/descriptions';

export const deleteQrCode = deleteOperation('/qr/:qrCodeId/delete', 'QR code', qrCodeIdLocator);
