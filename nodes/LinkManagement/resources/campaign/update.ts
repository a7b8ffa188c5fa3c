import { updateFields } from '../../shared/bodyFields';
import { campaignIdLocator } from '../../shared/descriptions';
import type { OperationDefinition } from '../../shared/operation';
import { idParameter } from '../../shared/operation';
import { campaignName, campaignNameField, publicField, slugField } from './fields';

export const update: OperationDefinition = {
	option: {
		name: 'Update',
		value: 'update',
		action: 'Update a campaign',
		description: 'Rename a campaign or change its slug or access',
		routing: { request: { method: 'PUT', url: '/campaign/:campaignId/update' } },
	},
	fields: [campaignIdLocator, campaignNameField(true), updateFields([publicField, slugField])],
	pathParameters: { campaignId: idParameter('Campaign ID') },
	output: campaignName,
};
