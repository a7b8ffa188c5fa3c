import { bodyField, recordLocatorField, sentInBody, textField } from '../../shared/bodyFields';
import { additionalFields } from '../../shared/collections';
import type { OperationDefinition } from '../../shared/operation';
import { planIdLocator } from '../../shared/recordPickers';
import { InputError, quoted } from '../../shared/validation';
import { expirationField } from '../plan/fields';
import { newEmail, newPassword, newUsername, USER_SECRETS } from './fields';

const plan = recordLocatorField(
	planIdLocator,
	'The plan the user starts on: pick it from the list, or give its numeric ID',
	'planid',
);
const expiration = expirationField("When the plan ends, required with a 'Plan'");
const [PLAN, EXPIRATION] = [plan, expiration].map(({ property }) => property.displayName);

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
