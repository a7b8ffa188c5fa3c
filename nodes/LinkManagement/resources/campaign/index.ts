import type { ResourceDefinition } from '../../shared/operation';
import { assignLink } from './assignLink';
import { create } from './create';
import { deleteCampaign } from './delete';
import { getAll } from './getAll';
import { update } from './update';
import { upsert } from './upsert';

export const campaign: ResourceDefinition = {
	resource: 'campaign',
	displayName: 'Campaign',
	defaultOperation: 'getAll',
	access: { scope: 'campaigns' },
	operations: [getAll, create, assignLink, update, deleteCampaign, upsert],
};
