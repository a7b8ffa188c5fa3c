import { nameField, textField } from '../../shared/bodyFields';

export const pixelTagField = textField({
	displayName: 'Tag',
	name: 'tag',
	required: true,
	placeholder: 'e.g. GTM-ABC123',
	description: 'The tag or ID the tracking provider gave the pixel',
});

export const pixelNameField = (required: boolean) =>
	nameField('pixel', 'Main site analytics', required);
