import type { ResourceDefinition } from '../../shared/operation';
import { getAll } from './getAll';

export const splashPage: ResourceDefinition = {
	resource: 'splashPage',
	displayName: 'Splash Page',
	defaultOperation: 'getAll',
	access: { scope: 'splash' },
	operations: [getAll],
};
