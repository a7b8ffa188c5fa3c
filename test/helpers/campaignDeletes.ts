/**
 * Delete Campaign, the operation the failed-item tests (transport/failedItems.test.ts,
 * transport/itemIndex.test.ts) fail and pass items with: its parameters and the service's two
 * answers.
 */
import { rl } from './service';

export const CAMPAIGN_NOT_FOUND = 'Campaign not found.';
export const CAMPAIGN_DELETED = 'Campaign has been deleted successfully.';

/** Delete Campaign of `campaignId`: an ID, or an expression such as `={{ $json.campaign }}`. */
export const deleteCampaign = (campaignId: string) => ({
	resource: 'campaign',
	operation: 'delete',
	campaignId: rl(campaignId),
});
