import { bodyField, choiceField } from '../../shared/bodyFields';
import { queryFilters } from '../../shared/collections';
import { getManyOperation } from '../../shared/commonOperations';
import { emailAddress, InputError, quoted } from '../../shared/validation';
import { USER_SECRETS } from './fields';

export const getAll = getManyOperation({
	path: '/users',
	plural: 'users',
	returns:
		"ID, email, username, avatar, status (pro or free), planid, expires and registered (and apikey, the user's own API key, only with the option 'Include API Keys')",
	// The service answers every matching user at once, under `data`.
	list: { keys: ['data'], paged: false },
	secretFields: USER_SECRETS,
	fields: [
		queryFilters(
			[
				choiceField(
					{
						displayName: 'Type',
						name: 'type',
						default: 'all',
						description: 'Which users: all, administrators, or those with or without a paid plan',
					},
					[
						['All', 'all', null],
						['Administrators', 'admin'],
						['Free', 'free'],
						// The service takes any other word for "with a paid plan".
						['Paid', 'paid', 'pro'],
					],
					'filter',
				),
				bodyField(
					{
						displayName: 'Email',
						name: 'email',
						type: 'string',
						default: '',
						placeholder: 'e.g. nathan@example.com',
						description: 'Only the user with exactly this email address',
					},
					emailAddress,
				),
			],
			(query) => {
				if (query.filter !== undefined && query.email !== undefined) {
					throw new InputError(
						`Filters: ${quoted('Email')} finds a user only with ${quoted('Type')} "All" (the service ignores it when a type is chosen)`,
						`Remove one of them: ${quoted('Email')} alone finds one user, ${quoted('Type')} alone a group of users.`,
					);
				}
			},
		),
	],
});
