import type { OperationDefinition } from '../../shared/descriptions';
import { atLeastOneOf, sentAsBodyFields, sentInBody } from '../../shared/descriptions';
import { emailAddress, nonEmptySecret } from '../../shared/validation';

export const update: OperationDefinition = {
	option: {
		name: 'Update',
		value: 'update',
		action: 'Update the account',
		description: 'Change the e-mail address or the password of the account',
		routing: { request: { method: 'PUT', url: '/account/update' } },
	},
	fields: [
		sentAsBodyFields({
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			description: 'Give at least one of these',
			routing: {
				send: { preSend: [atLeastOneOf('updateFields', 'Update Fields', ['email', 'password'])] },
			},
			options: [
				sentInBody(
					{
						displayName: 'Email',
						name: 'email',
						type: 'string',
						placeholder: 'name@email.com',
						default: '',
						description: 'New e-mail address of the account',
					},
					emailAddress,
				),
				sentInBody(
					{
						displayName: 'Password',
						name: 'password',
						type: 'string',
						typeOptions: { password: true },
						default: '',
						description: 'New password of the account. It is never returned.',
					},
					nonEmptySecret,
				),
			],
		}),
	],
};
