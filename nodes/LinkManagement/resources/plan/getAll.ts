import { getManyOperation } from '../../shared/commonOperations';

export const getAll = getManyOperation({
	path: '/plans',
	plural: 'plans',
	returns:
		'ID, name, free (whether it costs nothing), prices (monthly, yearly, lifetime) and limits',
	// The service answers every plan at once, under `data`.
	list: { keys: ['data'], paged: false },
});
