import { sentInBody, textField } from '../../shared/bodyFields';
import { additionalFields } from '../../shared/collections';
import { matchOn, upsertOperation, without } from '../../shared/commonOperations';
import { create } from './create';
import { appearanceFields, qrDataField, qrTypeField } from './fields';
import { getAll } from './getAll';
import { qrTypeFields } from './typeFields';
import { update } from './update';

export const upsert = upsertOperation(
	'QR code',
	'name',
	[
		sentInBody(
			textField({
				displayName: 'Name',
				name: 'name',
				required: true,
				placeholder: 'e.g. Table 4',
				description: 'Name of the QR code: the QR code with this name is updated',
			}),
		),
		qrTypeField,
		qrDataField,
		...qrTypeFields,
		additionalFields(appearanceFields),
	],
	{
		list: getAll,
		create,
		update,
		key: matchOn('name', 'Name'),
		// An update keeps the stored type; the name is what matched.
		updateBody: (sent) => without(sent, 'type', 'name'),
		fixed: ['type'],
		// The list shows none of its data, colors or logo: what was sent is remembered.
		remembersSent: true,
	},
);
