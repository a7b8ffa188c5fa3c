import { idParameter } from '../../shared/commonOperations';
import type { OperationDefinition } from '../../shared/operation';
import { userIdLocator } from '../../shared/recordPickers';
import { USER_SECRETS } from './fields';

export const getLoginLink: OperationDefinition = {
	option: {
		name: 'Get Login Link',
		value: 'getLoginLink',
		action: 'Get login link for user',
		description:
			"Get a link that signs the user in once, without a password; it works until the end of the hour on the service's clock",
	},
	request: { method: 'GET', path: '/user/login/:userId' },
	fields: [userIdLocator],
	pathParameters: { userId: idParameter('User ID') },
	output: ({ url }, { userId }) => ({ userId, url }),
	secretFields: USER_SECRETS,
};
