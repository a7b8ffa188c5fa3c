import { campaignIdLocator } from '../../shared/descriptions';
import { deleteOperation } from '../../shared/operation';

export const deleteCampaign = deleteOperation(
	'/campaign/:campaignId/delete',
	'campaign',
	campaignIdLocator,
	'Campaign ID',
);
