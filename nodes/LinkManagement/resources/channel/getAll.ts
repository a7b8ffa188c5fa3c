import { getManyOperation } from '../../shared/commonOperations';

export const getAll = getManyOperation({
	path: '/channels',
	plural: 'channels',
	returns: 'ID, name, description, color and starred',
	list: { keys: ['channels'] },
});
