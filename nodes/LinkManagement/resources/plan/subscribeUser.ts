import { choiceField, sentInBody } from '../../shared/bodyFields';
import { additionalFields } from '../../shared/collections';
import { idParameter } from '../../shared/commonOperations';
import type { OperationDefinition } from '../../shared/operation';
import { planIdLocator, userIdLocator } from '../../shared/recordPickers';
import { expirationField } from './fields';

const type = choiceField(
	{
		displayName: 'Type',
		name: 'type',
		default: 'monthly',
		description:
			"How long the subscription runs: without an 'Expiration', one month, one year or ten years from now",
	},
	[
		['Monthly', 'monthly'],
		['Yearly', 'yearly'],
		['Lifetime', 'lifetime'],
	],
);

export const subscribeUser: OperationDefinition = {
	option: {
		name: 'Subscribe User',
		value: 'subscribeUser',
		action: 'Subscribe user to plan',
		description: 'Put a user on a plan (a paid one, or the free plan), monthly, yearly or for life',
	},
	request: { method: 'PUT', path: '/plan/:planId/user/:userId' },
	fields: [
		planIdLocator,
		userIdLocator,
		// The service refuses a subscription without its type.
		sentInBody({ ...type, property: { ...type.property, required: true } }),
		additionalFields([expirationField('When the subscription ends')]),
	],
	pathParameters: { planId: idParameter('Plan ID'), userId: idParameter('User ID') },
};
