import type { OperationDefinition } from '../../shared/operation';

export const get: OperationDefinition = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get account',
		description: 'Retrieve the details of the account the API key belongs to',
	},
	request: { method: 'GET', path: '/account' },
	fields: [],
};
