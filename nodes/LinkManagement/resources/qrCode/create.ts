import { textField } from '../../shared/bodyFields';
import { additionalFields } from '../../shared/collections';
import type { OperationDefinition } from '../../shared/operation';
import { appearanceFields, qrDataField, qrTypeField } from './fields';
import { qrTypeFields } from './typeFields';

export const create: OperationDefinition = {
	option: {
		name: 'Create',
		value: 'create',
		action: 'Create QR code',
		description: 'Create a new QR code',
	},
	request: { method: 'POST', path: '/qr/add' },
	fields: [
		qrTypeField,
		qrDataField,
		...qrTypeFields,
		additionalFields([
			...appearanceFields,
			textField({
				displayName: 'Name',
				name: 'name',
				description: 'Name of the QR code, to find it again',
			}),
		]),
	],
};
