import type { ResourceDefinition } from '../../shared/operation';
import { getAll } from './getAll';
import { subscribeUser } from './subscribeUser';

export const plan: ResourceDefinition = {
	resource: 'plan',
	displayName: 'Plan',
	defaultOperation: 'getAll',
	access: { administratorsOnly: true },
	operations: [getAll, subscribeUser],
};
