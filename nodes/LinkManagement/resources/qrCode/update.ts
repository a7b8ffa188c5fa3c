import type { OperationDefinition } from '../../shared/descriptions';
import { qrCodeIdLocator, sentAsBodyFields } from '../../shared/descriptions';
import { appearanceFields, qrDataField } from './fields';

export const update: OperationDefinition = {
	option: {
		name: 'Update',
		value: 'update',
		action: 'Update a QR code',
		description: 'Change the content or appearance of a QR code',
		routing: { request: { method: 'PUT', url: '/qr/:qrCodeId/update' } },
	},
	fields: [
		qrCodeIdLocator,
		qrDataField(false),
		sentAsBodyFields({
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: appearanceFields,
		}),
	],
};
