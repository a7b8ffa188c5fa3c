import { deleteOperation, idParameter } from '../../shared/commonOperations';
import { channelIdLocator } from '../../shared/recordPickers';

/** Deleting a channel also unassigns every item in it (the items themselves stay). */
export const deleteChannel = deleteOperation(
	'/channel/:channelId/delete',
	'channel',
	channelIdLocator,
	idParameter('Channel ID'),
);
