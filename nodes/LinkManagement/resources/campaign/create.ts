import type { OperationDefinition } from '../../shared/descriptions';
import { sentAsBodyFields } from '../../shared/descriptions';
import { campaignName } from '../../shared/output';
import { campaignNameField, publicField, slugField } from './fields';

export const create: OperationDefinition = {
	option: {
		name: 'Create',
		value: 'create',
		action: 'Create a campaign',
		description: 'Create a campaign that groups short links',
		routing: {
			request: { method: 'POST', url: '/campaign/add' },
			output: { postReceive: [campaignName] },
		},
	},
	fields: [
		sentAsBodyFields({
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [campaignNameField(false), publicField, slugField],
		}),
	],
};
