import { httpUrl } from '../../shared/addresses';
import { sentInBody, textField } from '../../shared/bodyFields';
import { additionalFields } from '../../shared/collections';
import type { OperationDefinition } from '../../shared/operation';
import { redirectFields } from './fields';

export const create: OperationDefinition = {
	option: {
		name: 'Create',
		value: 'create',
		action: 'Create branded domain',
		description: 'Create a new branded domain: add one of your domains to the account',
	},
	request: { method: 'POST', path: '/domain/add' },
	fields: [
		sentInBody(
			textField(
				{
					displayName: 'Domain',
					name: 'domain',
					required: true,
					placeholder: 'e.g. https://go.example.com',
					description: 'The domain with http:// or https://. It cannot be changed later.',
					hint: 'The domain must already point to the service (DNS) before you add it',
				},
				httpUrl,
			),
		),
		additionalFields(redirectFields),
	],
};
