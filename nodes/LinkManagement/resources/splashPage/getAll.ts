import { getManyOperation } from '../../shared/descriptions';

export const getAll = getManyOperation({
	path: '/splash',
	plural: 'splash pages',
	returns: 'ID, name and date',
});
