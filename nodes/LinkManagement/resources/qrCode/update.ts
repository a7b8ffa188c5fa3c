import { updateFields } from '../../shared/bodyFields';
import { qrCodeIdLocator } from '../../shared/descriptions';
import type { OperationDefinition } from '../../shared/operation';
import { idParameter } from '../../shared/operation';
import { appearanceFields, qrUpdateDataField } from './fields';

export const update: OperationDefinition = {
	option: {
		name: 'Update',
		value: 'update',
		action: 'Update a QR code',
		description: 'Change the content or appearance of a QR code',
		routing: { request: { method: 'PUT', url: '/qr/:qrCodeId/update' } },
	},
	fields: [qrCodeIdLocator, qrUpdateDataField, updateFields(appearanceFields)],
	pathParameters: { qrCodeId: idParameter('QR Code ID') },
};
