import type { OperationDefinition } from '../../shared/descriptions';
import { channelIdLocator, sentAsBodyFields } from '../../shared/descriptions';
import { channelDetailFields, channelNameField } from './fields';

export const update: OperationDefinition = {
	option: {
		name: 'Update',
		value: 'update',
		action: 'Update a channel',
		description: 'Change the name, description, color or star of a channel',
		routing: { request: { method: 'PUT', url: '/channel/:channelId/update' } },
	},
	fields: [
		channelIdLocator,
		sentAsBodyFields({
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [...channelDetailFields, channelNameField(false)],
		}),
	],
};
