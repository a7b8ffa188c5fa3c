import { getManyOperation } from '../../shared/commonOperations';
import { campaignName } from './fields';

export const getAll = getManyOperation({
	path: '/campaigns',
	plural: 'campaigns',
	returns: 'ID, name, public, rotator (public address or false) and list (address)',
	list: { keys: ['campaigns'] },
	output: campaignName,
});
