import { idParameter } from '../../shared/commonOperations';
import type { OperationDefinition } from '../../shared/operation';
import { campaignIdLocator, linkIdLocator } from '../../shared/recordPickers';
import { linkIdParameter } from '../link/shortUrl';

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
