import { channelIdLocator, deleteOperation } from '../../shared/descriptions';

/** Deleting a channel also unassigns every item in it (the items themselves stay). */
export const deleteChannel = deleteOperation(
	'/channel/:channelId/delete',
	'channel',
	channelIdLocator,
);
