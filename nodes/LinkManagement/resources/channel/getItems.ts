import type { OperationDefinition } from '../../shared/descriptions';
import { channelIdLocator, getManyOperation } from '../../shared/descriptions';

const listOfChannel = getManyOperation({
	path: '/channel/:channelId',
	plural: 'items of a channel',
	returns: 'type, ID, title, preview, link and date',
	fields: [channelIdLocator],
});

export const getItems: OperationDefinition = {
	option: {
		...listOfChannel.option,
		name: 'Get Items',
		value: 'getItems',
		action: 'Get items of a channel',
		description:
			'Get the links, bio pages and QR codes assigned to a channel, one item each with type (links, bio or qr), ID, title, preview, link and date',
	},
	fields: listOfChannel.fields,
};
