import { bodyField, choiceField, textField } from '../../shared/bodyFields';
import { queryFilters, querySort } from '../../shared/collections';
import { getManyOperation } from '../../shared/commonOperations';

export const getAll = getManyOperation({
	path: '/urls',
	plural: 'links',
	returns:
		'ID, alias, shorturl (the short URL), longurl (the destination), clicks, title, description and date',
	list: { keys: ['urls'] },
	fields: [
		queryFilters([
			bodyField(
				{
					displayName: 'Alias',
					name: 'alias',
					type: 'string',
					default: '',
					placeholder: 'e.g. summer-sale',
					description:
						'Only the link with this alias (the part of the short URL after the domain). Installations that do not support it return every link.',
				},
				undefined,
				'short',
			),
			{
				...textField({
					displayName: 'Search',
					name: 'search',
					placeholder: 'e.g. newsletter',
					description:
						'Keyword the service searches the links for. Installations that do not support it return every link.',
				}),
				key: 'q',
			},
		]),
		querySort([
			choiceField(
				{
					displayName: 'Order By',
					name: 'order',
					default: 'date',
					description: 'Which links come first: the newest, or the most clicked',
				},
				[
					['Date (Newest First)', 'date'],
					// The service names "most clicked first" `click`.
					['Clicks (Most First)', 'clicks', 'click'],
				],
			),
		]),
	],
});
