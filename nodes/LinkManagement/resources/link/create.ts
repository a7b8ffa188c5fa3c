import { additionalFields } from '../../shared/collections';
import type { OperationDefinition } from '../../shared/operation';
import { linkFields, overlayAsType, urlParameter } from './fields';
import { asLinkRecord } from './output';

export const create: OperationDefinition = {
	option: {
		name: 'Create',
		value: 'create',
		action: 'Create link',
		description:
			'Create a new link: shorten a URL, with an optional alias, expiry, password or targeting. Outputs the short URL as shorturl.',
	},
	request: { method: 'POST', path: '/url/add' },
	fields: [urlParameter, additionalFields(linkFields, overlayAsType)],
	output: asLinkRecord,
};
