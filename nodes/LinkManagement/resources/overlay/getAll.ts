import { getManyOperation } from '../../shared/commonOperations';

export const getAll = getManyOperation({
	path: '/overlay',
	plural: 'CTA overlays',
	returns: 'ID, type, name and date',
	// The reference lists them under `cta`, real installations under `overlay`.
	list: { keys: ['cta', 'overlay'] },
});
