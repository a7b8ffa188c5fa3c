import type { INodeProperties } from 'n8n-workflow';

import { sentInBody } from '../../shared/descriptions';
import { nonEmptyText, toBoolean, toHexColor } from '../../shared/validation';

export function channelNameField(required: boolean): INodeProperties {
	return sentInBody(
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			default: '',
			required,
			placeholder: 'e.g. Newsletter',
			description: 'Name of the channel',
		},
		nonEmptyText,
	);
}

/** Optional channel fields shared by Create and Update. */
export const channelDetailFields: INodeProperties[] = [
	sentInBody(
		{
			displayName: 'Color',
			name: 'color',
			type: 'color',
			default: '',
			placeholder: '#1F6FEB',
			description: 'Badge color of the channel, as #RRGGBB or #RGB',
		},
		toHexColor,
	),
	sentInBody(
		{
			displayName: 'Description',
			name: 'description',
			type: 'string',
			default: '',
			description: 'What the channel is for',
		},
		nonEmptyText,
	),
	sentInBody(
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
