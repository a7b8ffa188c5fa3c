import { sentInBody } from '../../shared/bodyFields';
import { additionalFields } from '../../shared/collections';
import type { OperationDefinition } from '../../shared/operation';
import { channelDetailFields, channelNameField } from './fields';

export const create: OperationDefinition = {
	option: {
		name: 'Create',
		value: 'create',
		action: 'Create channel',
		description: 'Create a new channel to group links, bio pages and QR codes',
	},
	request: { method: 'POST', path: '/channel/add' },
	fields: [sentInBody(channelNameField(true)), additionalFields(channelDetailFields)],
};
