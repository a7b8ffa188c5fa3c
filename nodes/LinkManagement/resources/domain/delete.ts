import { domainIdLocator } from '../../shared/descriptions';
import { deleteOperation } from '../../shared/commonOperations';

export const deleteDomain = deleteOperation(
	'/domain/:domainId/delete',
	'branded domain',
	domainIdLocator,
	'Domain ID',
);
