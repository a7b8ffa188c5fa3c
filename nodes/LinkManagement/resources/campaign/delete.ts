import { campaignIdLocator } from '../../shared/descriptions';
import { deleteOperation } from '../../shared/commonOperations';

export const deleteCampaign = deleteOperation(
	'/campaign/:campaignId/delete',
	'campaign',
	campaignIdLocator,
	'Campaign ID',
);
