import { matchOnField, upsertOperation, without } from '../../shared/commonOperations';
import { text } from '../../shared/validation';
import { create } from './create';
import { getAll } from './getAll';
import { update } from './update';

export const upsert = upsertOperation(
	'pixel',
	'name or tag',
	[
		matchOnField('pixel', 'name', [
			['Name', 'name'],
			['Tag', 'tag'],
		]),
		...create.fields,
	],
	{
		list: getAll,
		create,
		update,
		key: (parameter) =>
			text(parameter('matchOn')) === 'tag'
				? { field: 'tag', shownAs: 'tag', label: 'Tag' }
				: { field: 'name', shownAs: 'name', label: 'Name' },
		// The service keeps a pixel's type: it is compared, never sent.
		updateBody: (sent) => without(sent, 'type'),
		fixed: ['type'],
	},
);
