/**
 * The one list of pixel types that the node, the sandbox and the tests read holds exactly the
 * 13 values the API reference names.
 */
import { PIXEL_TYPE_VALUES } from '../../../../nodes/LinkManagement/resources/pixel/pixelTypes';

test('holds exactly the 13 pixel types of the API reference', () => {
	expect([...PIXEL_TYPE_VALUES].sort()).toEqual(
		[
			'tagmgrpixel',
			'analyticspixel',
			'socialnetapixel',
			'searchadspixel',
			'professionalnetpixel',
			'microblogpixel',
			'retargetpixel',
			'qapixel',
			'pinboard',
			'searchengine',
			'messagingapp',
			'forum',
			'shortvideo',
		].sort(),
	);
});
