import type { INodeProperties } from 'n8n-workflow';

import { sentInBody } from '../../shared/descriptions';
import { httpUrl } from '../../shared/validation';

/** Where visits go; shared by Create and Update. */
export const redirectFields: INodeProperties[] = [
	sentInBody(
		{
			displayName: 'Redirect 404',
			name: 'redirect404',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://example.com/not-found',
			description: 'Where a visit to an unknown path of the domain goes (an http or https address)',
		},
		httpUrl,
	),
	sentInBody(
		{
			displayName: 'Redirect Root',
			name: 'redirectroot',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://example.com',
			description: 'Where a visit to the bare domain goes (an http or https address)',
		},
		httpUrl,
	),
];
