import type { OperationDefinition } from '../../shared/descriptions';
import { campaignIdLocator, sentAsBodyFields } from '../../shared/descriptions';
import { campaignName } from '../../shared/output';
import { campaignNameField, publicField, slugField } from './fields';

export const update: OperationDefinition = {
	option: {
		name: 'Update',
		value: 'update',
		action: 'Update a campaign',
		description: 'Rename a campaign or change its slug or access',
		routing: {
			request: { method: 'PUT', url: '/campaign/:campaignId/update' },
			output: { postReceive: [campaignName] },
		},
	},
	fields: [
		campaignIdLocator,
		campaignNameField(true),
		sentAsBodyFields({
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [publicField, slugField],
		}),
	],
};
