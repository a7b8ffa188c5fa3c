import type { ResourceDefinition } from '../../shared/operation';
import { get } from './get';
import { update } from './update';

export const account: ResourceDefinition = {
	resource: 'account',
	displayName: 'Account',
	defaultOperation: 'get',
	access: { scope: 'account' },
	operations: [get, update],
};
