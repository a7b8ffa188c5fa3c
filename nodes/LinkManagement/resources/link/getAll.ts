import { bodyField, queryFilters, textField } from '../../shared/bodyFields';
import { getManyOperation } from '../../shared/commonOperations';
import { oneOf } from '../../shared/validation';

/** The service names "most clicked first" `click`. */
const ORDER_SENT: Record<string, string> = { date: 'date', clicks: 'click' };

export const getAll = getManyOperation({
	path: '/urls',
	plural: 'short links',
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
			bodyField(
				{
					displayName: 'Order By',
					name: 'order',
					type: 'options',
					default: 'date',
					options: [
						{ name: 'Date (Newest First)', value: 'date' },
						{ name: 'Clicks (Most First)', value: 'clicks' },
					],
				},
				(value, label) => ORDER_SENT[oneOf(Object.keys(ORDER_SENT))(value, label) as string],
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
	],
});
