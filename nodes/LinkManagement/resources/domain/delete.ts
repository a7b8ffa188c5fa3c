import { deleteOperation, domainIdLocator } from '../../shared/descriptions';

export const deleteDomain = deleteOperation(
	'/domain/:domainId/delete',
	'branded domain',
	domainIdLocator,
);
