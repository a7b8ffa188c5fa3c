import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import {
	searchCampaigns,
	searchChannels,
	searchDomains,
	searchItems,
	searchLinks,
	searchPixels,
	searchQrCodes,
} from './listSearch';
import { getCampaigns, getChannels, getDomains, getOverlays, getPixels } from './loadOptions';
import { nodeProperties } from './nodeDescription';
import { RESOURCES } from './resources';

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
		// Declares the node declarative and tells n8n the host it talks to (a credential's domain
		// restriction allows it); the transport sends each request to its full address.
		requestDefaults: { baseURL: '={{$credentials.baseUrl}}' },
		properties: nodeProperties(RESOURCES, 'qrCode'),
	};

	methods = {
		listSearch: {
			searchCampaigns,
			searchQrCodes,
			searchChannels,
			searchPixels,
			searchDomains,
			searchLinks,
			searchItems,
		},
		loadOptions: { getDomains, getCampaigns, getChannels, getOverlays, getPixels },
	};
}
