import type { OperationDefinition } from '../../shared/descriptions';
import { pixelIdLocator, sentAsBodyFields } from '../../shared/descriptions';
import { pixelNameField, pixelTagField } from './fields';

export const update: OperationDefinition = {
	option: {
		name: 'Update',
		value: 'update',
		action: 'Update a pixel',
		description: 'Change the tag or name of a pixel',
		routing: { request: { method: 'PUT', url: '/pixel/:pixelId/update' } },
	},
	fields: [
		pixelIdLocator,
		pixelTagField,
		sentAsBodyFields({
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [pixelNameField(false)],
		}),
	],
};
