import type { ResourceDefinition } from '../../shared/operation';
import { create } from './create';
import { deleteDomain } from './delete';
import { getAll } from './getAll';
import { update } from './update';
import { upsert } from './upsert';

export const domain: ResourceDefinition = {
	resource: 'domain',
	displayName: 'Branded Domain',
	defaultOperation: 'getAll',
	access: { scope: 'domains' },
	operations: [getAll, create, update, deleteDomain, upsert],
};
