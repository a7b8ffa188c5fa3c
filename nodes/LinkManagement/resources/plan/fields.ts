import type { BodyField } from '../../shared/bodyFields';
import { bodyField } from '../../shared/bodyFields';
import { serviceDateTimeValue } from '../../shared/dateTime';

/** When a user's plan ends: a date and time, sent as the service writes it. */
export const expirationField = (description: string): BodyField =>
	bodyField(
		{
			displayName: 'Expiration',
			name: 'expiration',
			type: 'dateTime',
			default: '',
			description: `${description} (in the workflow's time zone); sent as YYYY-MM-DD HH:MM:SS`,
		},
		serviceDateTimeValue,
	);
