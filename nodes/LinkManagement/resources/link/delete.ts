import { deleteOperation } from '../../shared/commonOperations';
import { linkIdLocator } from '../../shared/recordPickers';
import { linkIdParameter } from './shortUrl';

export const deleteLink = deleteOperation(
	'/url/:linkId/delete',
	'link',
	linkIdLocator,
	linkIdParameter,
);
