import { getManyOperation } from '../../shared/descriptions';

export const getAll = getManyOperation({
	path: '/domains',
	plural: 'branded domains',
	returns: 'ID, domain, redirectroot and redirect404',
});
