import { domainIdLocator } from '../../shared/descriptions';
import { deleteOperation, idParameter } from '../../shared/commonOperations';

export const deleteDomain = deleteOperation(
	'/domain/:domainId/delete',
	'branded domain',
	domainIdLocator,
	idParameter('Domain ID'),
);
