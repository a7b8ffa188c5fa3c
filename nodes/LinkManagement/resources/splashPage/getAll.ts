import { getManyOperation } from '../../shared/commonOperations';

export const getAll = getManyOperation({
	path: '/splash',
	plural: 'splash pages',
	returns: 'ID, name and date',
	list: { keys: ['splash'] },
});
