import { channelIdLocator } from '../../shared/descriptions';
import { deleteOperation, idParameter } from '../../shared/commonOperations';

/** Deleting a channel also unassigns every item in it (the items themselves stay). */
export const deleteChannel = deleteOperation(
	'/channel/:channelId/delete',
	'channel',
	channelIdLocator,
	idParameter('Channel ID'),
);
