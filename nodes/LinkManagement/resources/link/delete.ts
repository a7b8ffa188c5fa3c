import { deleteOperation } from '../../shared/commonOperations';
import { linkIdLocator, linkIdParameter } from './locator';

export const deleteLink = deleteOperation(
	'/url/:linkId/delete',
	'link',
	linkIdLocator,
	linkIdParameter,
);
