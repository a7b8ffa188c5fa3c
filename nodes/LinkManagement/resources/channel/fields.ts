import type { BodyField } from '../../shared/bodyFields';
import { bodyField, nameField, textField } from '../../shared/bodyFields';
import { toHexColor } from '../../shared/colors';
import { toBoolean } from '../../shared/validation';

export const channelNameField = (required: boolean) => nameField('channel', 'Newsletter', required);

/** Optional channel fields shared by Create and Update. */
export const channelDetailFields: BodyField[] = [
	bodyField(
		{
			displayName: 'Color',
			name: 'color',
			type: 'color',
			default: '',
			placeholder: 'e.g. #1F6FEB',
			description:
				'Badge color of the channel: a CSS color name (such as red or rebeccapurple, any case), #RRGGBB or #RGB; sent to the service as #RRGGBB',
		},
		toHexColor,
	),
	textField({
		displayName: 'Description',
		name: 'description',
		description: 'What the channel is for',
	}),
	bodyField(
		{
			displayName: 'Starred',
			name: 'starred',
			type: 'boolean',
			default: false,
			description: 'Whether the channel is starred',
		},
		toBoolean,
	),
];
