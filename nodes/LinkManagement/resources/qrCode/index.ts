import type { ResourceDefinition } from '../../shared/operation';
import { create } from './create';
import { deleteQrCode } from './delete';
import { downloadImage } from './downloadImage';
import { get } from './get';
import { getAll } from './getAll';
import { getStatistics } from './getStatistics';
import { update } from './update';
import { upsert } from './upsert';

export const qrCode: ResourceDefinition = {
	resource: 'qrCode',
	displayName: 'QR Code',
	defaultOperation: 'getAll',
	access: { scope: 'qr' },
	operations: [getAll, get, getStatistics, create, update, deleteQrCode, downloadImage, upsert],
};
