import type { OperationDefinition } from '../../shared/descriptions';
import { channelIdLocator, getManyOperation } from '../../shared/descriptions';

const listOfChannel = getManyOperation({
	path: '/channel/:channelId',
	plural: 'links, bio pages and QR codes assigned to a channel',
	returns: 'type (links, bio or qr), ID, title, preview, link and date',
	fields: [channelIdLocator],
});

export const getItems: OperationDefinition = {
	option: {
		...listOfChannel.option,
		name: 'Get Items',
		value: 'getItems',
		action: 'Get items of a channel',
	},
	fields: listOfChannel.fields,
};
