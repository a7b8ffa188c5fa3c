import { updateFields } from '../../shared/collections';
import type { OperationDefinition } from '../../shared/operation';
import { linkIdLocator } from '../../shared/recordPickers';
import { linkFields, overlayAsType, urlParameter } from './fields';
import { asLinkRecord } from './output';
import { linkIdParameter } from './shortUrl';

/** The destination is sent on every update: a source says the service requires it. */
export const update: OperationDefinition = {
	option: {
		name: 'Update',
		value: 'update',
		action: 'Update link',
		description: 'Change where a link leads and its settings. Outputs the short URL as shorturl.',
	},
	request: { method: 'PUT', path: '/url/:linkId/update' },
	fields: [linkIdLocator, urlParameter, updateFields(linkFields, { check: overlayAsType })],
	pathParameters: { linkId: linkIdParameter },
	output: asLinkRecord,
};
