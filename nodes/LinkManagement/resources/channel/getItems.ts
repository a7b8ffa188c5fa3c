import type { OperationDefinition } from '../../shared/descriptions';
import { channelIdLocator, getManyOperation } from '../../shared/descriptions';

const listOfChannel = getManyOperation('/channel/:channelId', 'items of a channel', [channelIdLocator]);

export const getItems: OperationDefinition = {
	option: {
		...listOfChannel.option,
		name: 'Get Items',
		value: 'getItems',
		action: 'Get items of a channel',
		description: 'Get the links, bio pages and QR codes assigned to a channel',
	},
	fields: listOfChannel.fields,
};
