import { bodyField, passwordField } from '../../shared/bodyFields';
import { updateFields } from '../../shared/collections';
import type { OperationDefinition } from '../../shared/operation';
import { emailAddress } from '../../shared/validation';

export const update: OperationDefinition = {
	option: {
		name: 'Update',
		value: 'update',
		action: 'Update account',
		description: 'Update the email address or the password of the account',
	},
	request: { method: 'PUT', path: '/account/update' },
	fields: [
		updateFields(
			[
				bodyField(
					{
						displayName: 'Email',
						name: 'email',
						type: 'string',
						placeholder: 'e.g. nathan@example.com',
						default: '',
						description: 'New email address of the account',
					},
					emailAddress,
				),
				passwordField('New password of the account. It is never returned.'),
			],
			{ atLeastOne: true },
		),
	],
};
