/**
 * The 13 pixel types of the service in the API reference's order (brand parts of the names are
 * neutral words). The node, the sandbox and the tests all read this one list.
 */
export const PIXEL_TYPES = [
	{ name: 'Tag Manager', value: 'tagmgrpixel' },
	{ name: 'Analytics', value: 'analyticspixel' },
	{ name: 'Social Network A', value: 'socialnetapixel' },
	{ name: 'Search Ads', value: 'searchadspixel' },
	{ name: 'Professional Network', value: 'professionalnetpixel' },
	{ name: 'Microblog', value: 'microblogpixel' },
	{ name: 'Retargeting', value: 'retargetpixel' },
	{ name: 'Q&A Site', value: 'qapixel' },
	{ name: 'Pinboard', value: 'pinboard' },
	{ name: 'Search Engine', value: 'searchengine' },
	{ name: 'Messaging App', value: 'messagingapp' },
	{ name: 'Forum', value: 'forum' },
	{ name: 'Short Video', value: 'shortvideo' },
];

export const PIXEL_TYPE_VALUES = PIXEL_TYPES.map(({ value }) => value);
