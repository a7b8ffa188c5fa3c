import { deleteOperation, idParameter } from '../../shared/commonOperations';
import { campaignIdLocator } from '../../shared/recordPickers';

export const deleteCampaign = deleteOperation(
	'/campaign/:campaignId/delete',
	'campaign',
	campaignIdLocator,
	idParameter('Campaign ID'),
);
