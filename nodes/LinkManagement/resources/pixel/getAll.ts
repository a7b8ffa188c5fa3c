import { getManyOperation } from '../../shared/descriptions';

export const getAll = getManyOperation({
	path: '/pixels',
	plural: 'pixels',
	returns: 'ID, type, name, tag and date',
});
