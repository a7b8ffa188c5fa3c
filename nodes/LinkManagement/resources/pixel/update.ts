import { sentInBody } from '../../shared/bodyFields';
import { updateFields } from '../../shared/collections';
import { idParameter } from '../../shared/commonOperations';
import type { OperationDefinition } from '../../shared/operation';
import { pixelIdLocator } from '../../shared/recordPickers';
import { pixelNameField, pixelTagField } from './fields';

export const update: OperationDefinition = {
	option: {
		name: 'Update',
		value: 'update',
		action: 'Update pixel',
		description: 'Change the tag or name of a pixel',
	},
	request: { method: 'PUT', path: '/pixel/:pixelId/update' },
	fields: [pixelIdLocator, sentInBody(pixelTagField), updateFields([pixelNameField(false)])],
	pathParameters: { pixelId: idParameter('Pixel ID') },
};
