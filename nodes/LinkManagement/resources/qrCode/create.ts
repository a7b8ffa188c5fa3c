import { additionalFields, sentInBody, textField } from '../../shared/bodyFields';
import type { OperationDefinition } from '../../shared/operation';
import { oneOf, QR_TYPES } from '../../shared/validation';
import { appearanceFields, qrDataField } from './fields';

export const create: OperationDefinition = {
	option: {
		name: 'Create',
		value: 'create',
		action: 'Create a QR code',
		description: 'Create a QR code',
		routing: { request: { method: 'POST', url: '/qr/add' } },
	},
	fields: [
		sentInBody(
			{
				displayName: 'Type',
				name: 'type',
				type: 'options',
				required: true,
				default: 'link',
				description: 'What kind of content the QR code holds',
				options: [
					{
						name: 'Email',
						value: 'email',
						description: 'Data: JSON such as {"email": "…", "subject": "…", "body": "…"}',
					},
					{
						name: 'Link',
						value: 'link',
						description: 'Data: an address such as https://example.com',
					},
					{
						name: 'Phone',
						value: 'phone',
						description: 'Data: a phone number such as +441234567',
					},
					{
						name: 'SMS',
						value: 'sms',
						description: 'Data: JSON such as {"phone": "…", "message": "…"}',
					},
					{ name: 'Text', value: 'text', description: 'Data: any text' },
					{
						name: 'vCard',
						value: 'vcard',
						description: 'Data: JSON such as {"name": "…", "phone": "…", "email": "…"}',
					},
					{
						name: 'Wi-Fi',
						value: 'wifi',
						description: 'Data: JSON such as {"ssid": "…", "password": "…", "encryption": "WPA"}',
					},
				],
			},
			oneOf(QR_TYPES),
		),
		qrDataField(true),
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
