import { getManyOperation } from '../../shared/operation';

export const getAll = getManyOperation({
	path: '/splash',
	plural: 'splash pages',
	returns: 'ID, name and date',
	list: { keys: ['splash'] },
});
