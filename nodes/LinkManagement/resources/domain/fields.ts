import { httpUrl } from '../../shared/addresses';
import type { BodyField } from '../../shared/bodyFields';
import { textField } from '../../shared/bodyFields';

/** Where visits go; shared by Create and Update. */
export const redirectFields: BodyField[] = [
	textField(
		{
			displayName: 'Redirect 404',
			name: 'redirect404',
			placeholder: 'e.g. https://example.com/not-found',
			description: 'Where a visit to an unknown path of the domain goes (an http or https address)',
		},
		httpUrl,
	),
	textField(
		{
			displayName: 'Redirect Root',
			name: 'redirectroot',
			placeholder: 'e.g. https://example.com',
			description: 'Where a visit to the bare domain goes (an http or https address)',
		},
		httpUrl,
	),
];
