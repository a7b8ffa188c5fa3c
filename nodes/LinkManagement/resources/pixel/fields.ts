import { nameField, sentInBody } from '../../shared/descriptions';
import { nonEmptyText } from '../../shared/validation';

export const pixelTagField = sentInBody(
	{
		displayName: 'Tag',
		name: 'tag',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. GTM-ABC123',
		description: 'The tag or ID the tracking provider gave the pixel',
	},
	nonEmptyText,
);

export const pixelNameField = (required: boolean) =>
	nameField('pixel', 'Main site analytics', required);
