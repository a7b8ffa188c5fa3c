import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { getAll as campaigns } from '../resources/campaign/getAll';
import { getAll as channels } from '../resources/channel/getAll';
import { getAll as domains } from '../resources/domain/getAll';
import { getAll as links } from '../resources/link/getAll';
import { getAll as overlays } from '../resources/overlay/getAll';
import { getAll as pixels } from '../resources/pixel/getAll';
import { getAll as plans } from '../resources/plan/getAll';
import { getAll as qrCodes } from '../resources/qrCode/getAll';
import { getAll as users } from '../resources/user/getAll';
import { text } from '../shared/validation';
import {
	campaignLabel,
	channelLabel,
	domainLabel,
	linkLabel,
	overlayLabel,
	pixelLabel,
	planLabel,
	qrCodeLabel,
	userLabel,
} from './labels';
import { searchRecords } from './searchRecords';

/** The "From List" searches of the ID pickers. */

export const searchCampaigns = searchRecords(campaigns, campaignLabel);
export const searchQrCodes = searchRecords(qrCodes, qrCodeLabel);
export const searchChannels = searchRecords(channels, channelLabel);
export const searchPixels = searchRecords(pixels, pixelLabel);
export const searchDomains = searchRecords(domains, domainLabel);
export const searchOverlays = searchRecords(overlays, overlayLabel);
export const searchUsers = searchRecords(users, userLabel);
export const searchPlans = searchRecords(plans, planLabel);
/** Links: the service searches them too (`q`), where it can. */
export const searchLinks = searchRecords(links, linkLabel, 'q');

/** Channel › Assign Item: links or QR codes, as Item Type says; bio pages have no list. */
export async function searchItems(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const itemType = text(this.getCurrentNodeParameter('itemType'));
	if (itemType === 'links') return await searchLinks.call(this, filter, paginationToken);
	if (itemType === 'qr') return await searchQrCodes.call(this, filter, paginationToken);
	return { results: [] };
}
