import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import { assembleActions } from './actions';
import {
	searchCampaigns,
	searchChannels,
	searchDomains,
	searchPixels,
	searchQrCodes,
} from './listSearch/searchRecords';
import { account } from './resources/account';
import { campaign } from './resources/campaign';
import { channel } from './resources/channel';
import { domain } from './resources/domain';
import { overlay } from './resources/overlay';
import { pixel } from './resources/pixel';
import { qrCode } from './resources/qrCode';
import { splashPage } from './resources/splashPage';

export const RESOURCES = [account, campaign, splashPage, qrCode, channel, pixel, overlay, domain];

const { properties, requestOperations } = assembleActions(RESOURCES, 'qrCode');

export class LinkManagement implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Link Management',
		name: 'linkManagement',
		icon: {
			light: 'file:../../icons/linkManagement.svg',
			dark: 'file:../../icons/linkManagement.dark.svg',
		},
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Manage campaigns, QR codes, channels, tracking pixels, branded domains, splash pages and CTA overlays of a Link-Management Service account',
		defaults: { name: 'Link Management' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'linkManagementApi', required: true }],
		requestDefaults: {
			baseURL: '={{$credentials.baseUrl}}',
			headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
		},
		requestOperations,
		properties,
	};

	methods = {
		listSearch: { searchCampaigns, searchQrCodes, searchChannels, searchPixels, searchDomains },
	};
}
