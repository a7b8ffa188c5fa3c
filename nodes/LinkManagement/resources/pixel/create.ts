import type { OperationDefinition } from '../../shared/descriptions';
import { sentInBody } from '../../shared/descriptions';
import { oneOf } from '../../shared/validation';
import { pixelNameField, pixelTagField } from './fields';

/** The 13 pixel types of the service (brand parts of the names are neutral words). */
const PIXEL_TYPES = [
	{ name: 'Analytics', value: 'analyticspixel' },
	{ name: 'Forum', value: 'forum' },
	{ name: 'Messaging App', value: 'messagingapp' },
	{ name: 'Microblog', value: 'microblogpixel' },
	{ name: 'Pinboard', value: 'pinboard' },
	{ name: 'Professional Network', value: 'professionalnetpixel' },
	{ name: 'Q&A Site', value: 'qapixel' },
	{ name: 'Retargeting', value: 'retargetpixel' },
	{ name: 'Search Ads', value: 'searchadspixel' },
	{ name: 'Search Engine', value: 'searchengine' },
	{ name: 'Short Video', value: 'shortvideo' },
	{ name: 'Social Network A', value: 'socialnetapixel' },
	{ name: 'Tag Manager', value: 'tagmgrpixel' },
];

export const create: OperationDefinition = {
	option: {
		name: 'Create',
		value: 'create',
		action: 'Create a pixel',
		description: 'Create a tracking pixel',
		routing: { request: { method: 'POST', url: '/pixel/add' } },
	},
	fields: [
		sentInBody(
			{
				displayName: 'Type',
				name: 'type',
				type: 'options',
				required: true,
				default: 'tagmgrpixel',
				description: 'Which tracking provider the pixel belongs to',
				options: PIXEL_TYPES,
			},
			oneOf(PIXEL_TYPES.map(({ value }) => value)),
		),
		pixelNameField(true),
		pixelTagField,
	],
};
