import { getManyOperation, idParameter } from '../../shared/commonOperations';
import type { OperationDefinition } from '../../shared/operation';
import { channelIdLocator } from '../../shared/recordPickers';

const listOfChannel = getManyOperation({
	path: '/channel/:channelId',
	plural: 'links, bio pages and QR codes assigned to a channel',
	returns: 'type (links, bio or qr), ID, title, preview, link and date',
	fields: [channelIdLocator],
	// A link and a QR code may share an ID: an item is its type and its ID.
	list: { keys: ['items'], identity: ['type', 'id'] },
	pathParameters: { channelId: idParameter('Channel ID') },
});

export const getItems: OperationDefinition = {
	...listOfChannel,
	option: {
		...listOfChannel.option,
		name: 'Get Items',
		value: 'getItems',
		action: 'Get items of channel',
		description:
			'List the links, bio pages and QR codes in a channel, one item each with type (links, bio or qr), ID, title, preview, link and date',
	},
};
