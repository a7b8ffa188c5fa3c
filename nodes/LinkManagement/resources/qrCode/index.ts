import { resourceOperations } from '../../shared/descriptions';
import { create } from './create';
import { deleteQrCode } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { update } from './update';

export const qrCodeDescription = resourceOperations(
	'qrCode',
	[getAll, get, create, update, deleteQrCode],
	'getAll',
);
