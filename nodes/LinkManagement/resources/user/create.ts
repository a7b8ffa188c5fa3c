import {
	additionalFields,
	bodyField,
	recordLocatorField,
	sentInBody,
	textField,
} from '../../shared/bodyFields';
import { planIdLocator } from '../../shared/descriptions';
import type { OperationDefinition } from '../../shared/operation';
import { InputError } from '../../shared/validation';
import { expirationField } from '../plan/fields';
import { newEmail, newPassword, newUsername, USER_SECRETS } from './fields';

export const create: OperationDefinition = {
	option: {
		name: 'Create',
		value: 'create',
		action: 'Create user',
		description: 'Create a new user of the service, on a plan if one is given',
	},
	request: { method: 'POST', path: '/user/add' },
	fields: [
		sentInBody(
			textField(
				{
					displayName: 'Username',
					name: 'username',
					required: true,
					placeholder: 'e.g. jane_doe',
					description: '4 to 20 letters, digits or underscores (_), not taken by another user',
				},
				newUsername,
			),
		),
		sentInBody(
			bodyField(
				{
					displayName: 'Email',
					name: 'email',
					type: 'string',
					required: true,
					default: '',
					placeholder: 'e.g. nathan@example.com',
					description: 'Email address of the user, not used by another user',
				},
				newEmail,
			),
		),
		sentInBody(
			bodyField(
				{
					displayName: 'Password',
					name: 'password',
					type: 'string',
					typeOptions: { password: true },
					required: true,
					default: '',
					description: 'At least 5 characters. It is never returned.',
				},
				newPassword,
			),
		),
		additionalFields(
			[
				recordLocatorField(
					planIdLocator,
					'The plan the user starts on: pick it from the list, or give its numeric ID',
					'planid',
				),
				expirationField("When the plan ends, required with a 'Plan'"),
			],
			(body) => {
				// The service's words when a plan comes without its end.
				if (body.planid !== undefined && body.expiration === undefined) {
					throw new InputError(
						'The expiration date is not valid. Give an Expiration with the Plan: the service needs one to put the user on it',
					);
				}
				if (body.expiration !== undefined && body.planid === undefined) {
					throw new InputError(
						'Expiration goes with a Plan: without one the service ignores it. Give a Plan, or leave Expiration out',
					);
				}
			},
		),
	],
	// The service answers the new user's ID as `userid`, and no record.
	output: ({ userid, ...rest }) => (userid === undefined ? rest : { id: userid, ...rest }),
	secretFields: USER_SECRETS,
};
