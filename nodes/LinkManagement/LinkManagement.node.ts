import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import {
	searchCampaigns,
	searchChannels,
	searchDomains,
	searchPixels,
	searchQrCodes,
} from './listSearch/searchRecords';
import { accountDescription } from './resources/account';
import { campaignDescription } from './resources/campaign';
import { channelDescription } from './resources/channel';
import { domainDescription } from './resources/domain';
import { overlayDescription } from './resources/overlay';
import { pixelDescription } from './resources/pixel';
import { qrCodeDescription } from './resources/qrCode';
import { splashPageDescription } from './resources/splashPage';
import { requestOptions } from './shared/descriptions';
import { sendToService } from './shared/transport';

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
		// Every operation goes through sendToService: rate limit, retries, errors and pages.
		requestOperations: { pagination: sendToService },
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Account', value: 'account' },
					{ name: 'Branded Domain', value: 'domain' },
					{ name: 'Campaign', value: 'campaign' },
					{ name: 'Channel', value: 'channel' },
					{ name: 'CTA Overlay', value: 'overlay' },
					{ name: 'Pixel', value: 'pixel' },
					{ name: 'QR Code', value: 'qrCode' },
					{ name: 'Splash Page', value: 'splashPage' },
				],
				default: 'qrCode',
				// Makes n8n hand every request of every operation to sendToService.
				routing: { send: { paginate: true } },
			},
			...accountDescription,
			...campaignDescription,
			...splashPageDescription,
			...qrCodeDescription,
			...channelDescription,
			...pixelDescription,
			...overlayDescription,
			...domainDescription,
			requestOptions,
		],
	};

	methods = {
		listSearch: { searchCampaigns, searchQrCodes, searchChannels, searchPixels, searchDomains },
	};
}
