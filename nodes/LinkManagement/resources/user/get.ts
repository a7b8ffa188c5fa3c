import { idParameter } from '../../shared/commonOperations';
import type { OperationDefinition } from '../../shared/operation';
import { userIdLocator } from '../../shared/recordPickers';
import { USER_SECRETS } from './fields';

export const get: OperationDefinition = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get user',
		description:
			'Retrieve a user of the service: email, username, status, plan and when it expires',
	},
	request: { method: 'GET', path: '/user/:userId' },
	fields: [userIdLocator],
	pathParameters: { userId: idParameter('User ID') },
	secretFields: USER_SECRETS,
};
