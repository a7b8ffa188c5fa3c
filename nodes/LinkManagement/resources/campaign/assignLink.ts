import { campaignIdLocator } from '../../shared/descriptions';
import type { OperationDefinition } from '../../shared/operation';
import { idParameter } from '../../shared/commonOperations';

export const assignLink: OperationDefinition = {
	option: {
		name: 'Assign Link',
		value: 'assignLink',
		action: 'Assign a link to a campaign',
		description: 'Add a short link to a campaign',
	},
	request: { method: 'POST', path: '/campaign/:campaignId/assign/:linkId' },
	fields: [
		campaignIdLocator,
		{
			displayName: 'Link ID',
			name: 'linkId',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. 1234',
			description: 'Numeric ID of the short link to add to the campaign',
		},
	],
	pathParameters: { campaignId: idParameter('Campaign ID'), linkId: idParameter('Link ID') },
};
