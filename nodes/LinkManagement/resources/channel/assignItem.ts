import { channelIdLocator } from '../../shared/descriptions';
import type { OperationDefinition } from '../../shared/operation';
import { idParameter } from '../../shared/commonOperations';
import { oneOf } from '../../shared/validation';

/** The assignable types, in the reference's order (messages list them so). */
const ITEM_TYPES = [
	{ name: 'Link', value: 'links' },
	{ name: 'Bio Page', value: 'bio' },
	{ name: 'QR Code', value: 'qr' },
];

export const assignItem: OperationDefinition = {
	option: {
		name: 'Assign Item',
		value: 'assignItem',
		action: 'Assign an item to a channel',
		description: 'Add a link, bio page or QR code to a channel',
	},
	request: { method: 'POST', path: '/channel/:channelId/assign/:itemType/:itemId' },
	fields: [
		channelIdLocator,
		{
			displayName: 'Item Type',
			name: 'itemType',
			type: 'options',
			required: true,
			default: 'links',
			description: 'What kind of item to add',
			options: [...ITEM_TYPES].sort((a, b) => a.name.localeCompare(b.name)),
		},
		{
			displayName: 'Item ID',
			name: 'itemId',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. 1234',
			description: 'Numeric ID of the link, bio page or QR code to add',
		},
	],
	pathParameters: {
		channelId: idParameter('Channel ID'),
		itemType: { label: 'Item Type', convert: oneOf(ITEM_TYPES.map(({ value }) => value)) },
		itemId: idParameter('Item ID'),
	},
};
