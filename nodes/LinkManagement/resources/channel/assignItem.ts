import type { OperationDefinition } from '../../shared/descriptions';
import { channelIdLocator } from '../../shared/descriptions';

export const assignItem: OperationDefinition = {
	option: {
		name: 'Assign Item',
		value: 'assignItem',
		action: 'Assign an item to a channel',
		description: 'Add a link, bio page or QR code to a channel',
		routing: { request: { method: 'POST', url: '/channel/:channelId/assign/:itemType/:itemId' } },
	},
	fields: [
		channelIdLocator,
		{
			displayName: 'Item Type',
			name: 'itemType',
			type: 'options',
			required: true,
			default: 'links',
			description: 'What kind of item to add',
			options: [
				{ name: 'Bio Page', value: 'bio' },
				{ name: 'Link', value: 'links' },
				{ name: 'QR Code', value: 'qr' },
			],
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
};
