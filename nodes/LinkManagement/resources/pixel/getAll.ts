import { getManyOperation } from '../../shared/commonOperations';

export const getAll = getManyOperation({
	path: '/pixels',
	plural: 'pixels',
	returns: 'ID, type, name, tag and date',
	list: { keys: ['pixels'] },
});
