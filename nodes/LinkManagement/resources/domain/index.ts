import { resourceOperations } from '../../shared/descriptions';
import { create } from './create';
import { deleteDomain } from './delete';
import { getAll } from './getAll';
import { update } from './update';

export const domainDescription = resourceOperations(
	'domain',
	[getAll, create, update, deleteDomain],
	'getAll',
);
