import { nameField, sentInBody } from '../../shared/descriptions';
import { nonEmptyText, toBoolean } from '../../shared/validation';

/** Fields a campaign shares between Create and Update. */
export const slugField = sentInBody(
	{
		displayName: 'Rotator Slug',
		name: 'slug',
		type: 'string',
		default: '',
		placeholder: 'e.g. summer-sale',
		description: 'Last part of the public rotator address of the campaign',
	},
	nonEmptyText,
);

export const publicField = sentInBody(
	{
		displayName: 'Public',
		name: 'public',
		type: 'boolean',
		default: false,
		description: 'Whether the campaign is public',
	},
	toBoolean,
);

export const campaignNameField = (required: boolean) =>
	nameField('campaign', 'Summer Sale', required);
