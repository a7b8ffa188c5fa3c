import { additionalFields } from '../../shared/bodyFields';
import type { OperationDefinition } from '../../shared/operation';
import { campaignName, campaignNameField, publicField, slugField } from './fields';

export const create: OperationDefinition = {
	option: {
		name: 'Create',
		value: 'create',
		action: 'Create a campaign',
		description: 'Create a campaign that groups short links',
	},
	request: { method: 'POST', path: '/campaign/add' },
	fields: [additionalFields([campaignNameField(false), publicField, slugField])],
	output: campaignName,
};
