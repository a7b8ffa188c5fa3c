import { account } from './account';
import { campaign } from './campaign';
import { channel } from './channel';
import { domain } from './domain';
import { link } from './link';
import { overlay } from './overlay';
import { pixel } from './pixel';
import { qrCode } from './qrCode';
import { splashPage } from './splashPage';

/** Every resource of the action node. */
export const RESOURCES = [
	account,
	campaign,
	splashPage,
	qrCode,
	channel,
	pixel,
	overlay,
	domain,
	link,
];
