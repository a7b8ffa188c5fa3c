import { getManyOperation } from '../../shared/commonOperations';

export const getAll = getManyOperation({
	path: '/qr',
	plural: 'QR codes',
	returns: 'ID, link (address of the QR code), scans, name and date',
	list: { keys: ['qrs'] },
});
