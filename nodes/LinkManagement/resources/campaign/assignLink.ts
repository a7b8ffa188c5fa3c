import { idParameter } from '../../shared/commonOperations';
import { campaignIdLocator } from '../../shared/descriptions';
import type { OperationDefinition } from '../../shared/operation';
import { linkIdLocator, linkIdParameter } from '../link/locator';

export const assignLink: OperationDefinition = {
	option: {
		name: 'Assign Link',
		value: 'assignLink',
		action: 'Assign link to campaign',
		description: 'Add a link to a campaign',
	},
	request: { method: 'POST', path: '/campaign/:campaignId/assign/:linkId' },
	fields: [campaignIdLocator, linkIdLocator],
	pathParameters: { campaignId: idParameter('Campaign ID'), linkId: linkIdParameter },
};
