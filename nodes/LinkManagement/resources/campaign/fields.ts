import type { INodeProperties } from 'n8n-workflow';

import { sentInBody } from '../../shared/descriptions';
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

export function campaignNameField(required: boolean): INodeProperties {
	return sentInBody(
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			default: '',
			required,
			placeholder: 'e.g. Summer Sale',
			description: 'Name of the campaign',
		},
		nonEmptyText,
	);
}
