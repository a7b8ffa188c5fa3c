import { campaignIdLocator, deleteOperation } from '../../shared/descriptions';

export const deleteCampaign = deleteOperation(
	'/campaign/:campaignId/delete',
	'campaign',
	campaignIdLocator,
);
