import { updateFields } from '../../shared/collections';
import { idParameter } from '../../shared/commonOperations';
import type { OperationDefinition } from '../../shared/operation';
import { domainIdLocator } from '../../shared/recordPickers';
import { redirectFields } from './fields';

export const update: OperationDefinition = {
	option: {
		name: 'Update',
		value: 'update',
		action: 'Update branded domain',
		description: 'Change where visits to a branded domain go',
	},
	request: { method: 'PUT', path: '/domain/:domainId/update' },
	fields: [domainIdLocator, updateFields(redirectFields)],
	pathParameters: { domainId: idParameter('Domain ID') },
};
