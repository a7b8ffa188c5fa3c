import {
	additionalFields,
	bodyField,
	recordChoiceField,
	sentInBody,
	textField,
} from '../../shared/bodyFields';
import type { OperationDefinition } from '../../shared/operation';
import { InputError, quoted } from '../../shared/validation';
import { expirationField } from '../plan/fields';
import { newEmail, newPassword, newUsername, USER_SECRETS } from './fields';

const plan = recordChoiceField(
	'Plan',
	'planId',
	'getPlans',
	'The plan the user starts on',
	'planid',
);
const expiration = expirationField('When the plan ends, required with a Plan');
const [PLAN, EXPIRATION] = [plan, expiration].map(({ property }) => property.displayName);

export const create: OperationDefinition = {
	option: {
		name: 'Create',
		value: 'create',
		action: 'Create a user',
		description: 'Create a user of the service, on a plan if one is given',
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
					placeholder: 'name@email.com',
					description: 'E-mail address of the user, not used by another user',
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
		additionalFields([plan, expiration], (body) => {
			if (body.planid !== undefined && body.expiration === undefined) {
				throw new InputError(
					`${quoted(EXPIRATION)} is missing: it is required with ${quoted(PLAN)}`,
					`Add ${quoted(EXPIRATION)} under Additional Fields with the date the plan ends: the service needs one to put the user on a plan.`,
				);
			}
			if (body.expiration !== undefined && body.planid === undefined) {
				throw new InputError(
					`${quoted(EXPIRATION)} was given without ${quoted(PLAN)}: the service ignores it then`,
					`Choose a ${quoted(PLAN)} for the user, or remove ${quoted(EXPIRATION)}.`,
				);
			}
		}),
	],
	// The service answers the new user's ID as `userid`, and no record.
	output: ({ userid, ...rest }) => (userid === undefined ? rest : { id: userid, ...rest }),
	secretFields: USER_SECRETS,
};
