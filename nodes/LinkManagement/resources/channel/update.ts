import { updateFields } from '../../shared/collections';
import { idParameter } from '../../shared/commonOperations';
import type { OperationDefinition } from '../../shared/operation';
import { channelIdLocator } from '../../shared/recordPickers';
import { channelDetailFields, channelNameField } from './fields';

export const update: OperationDefinition = {
	option: {
		name: 'Update',
		value: 'update',
		action: 'Update channel',
		description: 'Change the name, description, color or star of a channel',
	},
	request: { method: 'PUT', path: '/channel/:channelId/update' },
	fields: [channelIdLocator, updateFields([...channelDetailFields, channelNameField(false)])],
	pathParameters: { channelId: idParameter('Channel ID') },
};
