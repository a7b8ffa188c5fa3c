import { sentInBody } from '../../shared/bodyFields';
import { updateFields } from '../../shared/collections';
import { idParameter } from '../../shared/commonOperations';
import type { OperationDefinition } from '../../shared/operation';
import { campaignIdLocator } from '../../shared/recordPickers';
import { campaignName, campaignNameField, publicField, slugField } from './fields';

export const update: OperationDefinition = {
	option: {
		name: 'Update',
		value: 'update',
		action: 'Update campaign',
		description: 'Rename a campaign or change its slug or access',
	},
	request: { method: 'PUT', path: '/campaign/:campaignId/update' },
	fields: [
		campaignIdLocator,
		sentInBody(campaignNameField(true)),
		updateFields([publicField, slugField]),
	],
	pathParameters: { campaignId: idParameter('Campaign ID') },
	output: campaignName,
};
