import { getManyOperation } from '../../shared/descriptions';

export const getAll = getManyOperation({
	path: '/channels',
	plural: 'channels',
	returns: 'ID, name, description, color and starred',
});
