import { campaignIdLocator } from '../../shared/descriptions';
import { deleteOperation, idParameter } from '../../shared/commonOperations';

export const deleteCampaign = deleteOperation(
	'/campaign/:campaignId/delete',
	'campaign',
	campaignIdLocator,
	idParameter('Campaign ID'),
);
