import { resourceOperations } from '../../shared/descriptions';
import { assignLink } from './assignLink';
import { create } from './create';
import { deleteCampaign } from './delete';
import { getAll } from './getAll';
import { update } from './update';

export const campaignDescription = resourceOperations(
	'campaign',
	[getAll, create, assignLink, update, deleteCampaign],
	'getAll',
);
