import { bodyField, sentInBody } from '../../shared/bodyFields';
import type { OperationDefinition } from '../../shared/operation';
import { oneOf } from '../../shared/validation';
import { pixelNameField, pixelTagField } from './fields';
import { PIXEL_TYPE_VALUES, PIXEL_TYPES } from './pixelTypes';

export const create: OperationDefinition = {
	option: {
		name: 'Create',
		value: 'create',
		action: 'Create pixel',
		description: "Create a new pixel: a tracking provider's tag, fired on visits to your links",
	},
	request: { method: 'POST', path: '/pixel/add' },
	fields: [
		sentInBody(
			bodyField(
				{
					displayName: 'Type',
					name: 'type',
					type: 'options',
					required: true,
					default: 'tagmgrpixel',
					description: 'Which tracking provider the pixel belongs to',
					options: [...PIXEL_TYPES].sort((a, b) => a.name.localeCompare(b.name)),
				},
				oneOf(PIXEL_TYPE_VALUES),
			),
		),
		sentInBody(pixelNameField(true)),
		sentInBody(pixelTagField),
	],
};
