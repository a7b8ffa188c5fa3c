import { deleteOperation, idParameter } from '../../shared/commonOperations';
import { userIdLocator } from '../../shared/recordPickers';
import { USER_SECRETS } from './fields';

export const deleteUser = {
	...deleteOperation('/user/:userId/delete', 'user', userIdLocator, idParameter('User ID')),
	secretFields: USER_SECRETS,
};
