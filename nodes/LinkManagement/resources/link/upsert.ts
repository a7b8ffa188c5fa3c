import { sentInBody, textField } from '../../shared/bodyFields';
import { additionalFields } from '../../shared/collections';
import { matchOnField, upsertOperation } from '../../shared/commonOperations';
import { pathSegment, text } from '../../shared/validation';
import { create } from './create';
import { linkFields, overlayAsType, urlParameter } from './fields';
import { getAll } from './getAll';
import { update } from './update';

export const upsert = upsertOperation(
	'link',
	'alias or URL',
	[
		matchOnField('link', 'alias', [
			['Alias', 'alias'],
			['URL', 'url'],
		]),
		sentInBody(
			textField(
				{
					displayName: 'Alias',
					name: 'custom',
					placeholder: 'e.g. summer-sale',
					description:
						'The part of the short URL after the domain. Needed when matching on the alias.',
				},
				pathSegment,
			),
		),
		urlParameter,
		additionalFields(
			linkFields.filter(({ property }) => property.name !== 'custom'),
			overlayAsType,
		),
	],
	{
		list: getAll,
		create,
		update,
		key: (parameter) =>
			text(parameter('matchOn')) === 'url'
				? { field: 'url', shownAs: 'longurl', label: 'URL' }
				: { field: 'custom', shownAs: 'alias', label: 'Alias', filter: 'short' },
		updateBody: (sent) => sent,
		shownAs: { url: 'longurl', custom: 'alias' },
		// The list shows neither targeting, expiry, password, pixels, splash page nor overlay.
		remembersSent: true,
	},
);
