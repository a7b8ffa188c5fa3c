import { idParameter } from '../../shared/commonOperations';
import type { OperationDefinition } from '../../shared/operation';
import { channelIdLocator, itemIdLocator } from '../../shared/recordPickers';
import { oneOf, text } from '../../shared/validation';
import { linkByShortUrl } from '../link/shortUrl';

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
		action: 'Assign item to channel',
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
		itemIdLocator,
	],
	pathParameters: {
		channelId: idParameter('Channel ID'),
		itemType: { label: 'Item Type', convert: oneOf(ITEM_TYPES.map(({ value }) => value)) },
		itemId: {
			...idParameter('Item ID'),
			fromUrl: {
				...linkByShortUrl,
				refuse: (parameter) =>
					text(parameter('itemType')) === 'links'
						? undefined
						: 'Item ID: a short URL names a link; for a bio page or a QR code give its ID (or pick the QR code from the list)',
			},
		},
	},
};
