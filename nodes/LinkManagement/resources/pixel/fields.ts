import { sentInBody } from '../../shared/descriptions';
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

export function pixelNameField(required: boolean) {
	return sentInBody(
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			default: '',
			required,
			placeholder: 'e.g. Main site analytics',
			description: 'Custom name of the pixel',
		},
		nonEmptyText,
	);
}
