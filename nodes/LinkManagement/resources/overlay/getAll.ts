import { getManyOperation } from '../../shared/descriptions';

export const getAll = getManyOperation({
	path: '/overlay',
	plural: 'CTA overlays',
	returns: 'ID, type, name and date',
});
