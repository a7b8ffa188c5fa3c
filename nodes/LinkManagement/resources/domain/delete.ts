import { deleteOperation, idParameter } from '../../shared/commonOperations';
import { domainIdLocator } from '../../shared/recordPickers';

export const deleteDomain = deleteOperation(
	'/domain/:domainId/delete',
	'branded domain',
	domainIdLocator,
	idParameter('Domain ID'),
);
