import { additionalFields } from '../../shared/collections';
import type { OperationDefinition } from '../../shared/operation';
import { campaignName, campaignNameField, publicField, slugField } from './fields';

export const create: OperationDefinition = {
	option: {
		name: 'Create',
		value: 'create',
		action: 'Create campaign',
		description: 'Create a new campaign that groups links',
	},
	request: { method: 'POST', path: '/campaign/add' },
	fields: [additionalFields([campaignNameField(false), publicField, slugField])],
	output: campaignName,
};
