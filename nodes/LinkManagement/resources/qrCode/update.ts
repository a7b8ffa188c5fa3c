import { sentInBody } from '../../shared/bodyFields';
import { updateFields } from '../../shared/collections';
import { idParameter } from '../../shared/commonOperations';
import type { OperationDefinition } from '../../shared/operation';
import { qrCodeIdLocator } from '../../shared/recordPickers';
import { appearanceFields, qrUpdateDataField } from './fields';

export const update: OperationDefinition = {
	option: {
		name: 'Update',
		value: 'update',
		action: 'Update QR code',
		description: 'Change the content or appearance of a QR code',
	},
	request: { method: 'PUT', path: '/qr/:qrCodeId/update' },
	fields: [qrCodeIdLocator, sentInBody(qrUpdateDataField), updateFields(appearanceFields)],
	pathParameters: { qrCodeId: idParameter('QR Code ID') },
};
