import type { OperationDefinition } from '../../shared/descriptions';
import { domainIdLocator, sentAsBodyFields } from '../../shared/descriptions';
import { redirectFields } from './fields';

export const update: OperationDefinition = {
	option: {
		name: 'Update',
		value: 'update',
		action: 'Update a branded domain',
		description: 'Change where visits to a branded domain go',
		routing: { request: { method: 'PUT', url: '/domain/:domainId/update' } },
	},
	fields: [
		domainIdLocator,
		sentAsBodyFields({
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: redirectFields,
		}),
	],
};
