import type { ResourceDefinition } from '../../shared/operation';
import { create } from './create';
import { deleteUser } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { getLoginLink } from './getLoginLink';

export const user: ResourceDefinition = {
	resource: 'user',
	displayName: 'User',
	defaultOperation: 'getAll',
	access: { administratorsOnly: true },
	operations: [getAll, get, create, deleteUser, getLoginLink],
};
