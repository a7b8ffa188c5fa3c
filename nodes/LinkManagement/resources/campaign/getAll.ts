import { getManyOperation } from '../../shared/descriptions';
import { campaignName } from '../../shared/output';

export const getAll = getManyOperation({
	path: '/campaigns',
	plural: 'campaigns',
	returns: 'ID, name, public, rotator (public address or false) and list (address)',
	postReceive: [campaignName],
});
