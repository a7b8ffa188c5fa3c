import { getManyOperation } from '../../shared/descriptions';

export const getAll = getManyOperation('/qr', 'QR codes');
