import { getManyOperation } from '../../shared/operation';

export const getAll = getManyOperation({
	path: '/overlay',
	plural: 'CTA overlays',
	returns: 'ID, type, name and date',
	list: { keys: ['cta'] },
});
