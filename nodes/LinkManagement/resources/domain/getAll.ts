import { getManyOperation } from '../../shared/commonOperations';

export const getAll = getManyOperation({
	path: '/domains',
	plural: 'branded domains',
	returns: 'ID, domain, redirectroot and redirect404',
	list: { keys: ['domains'] },
});
