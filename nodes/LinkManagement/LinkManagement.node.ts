import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { actionHint } from './builderHints';
import {
	searchCampaigns,
	searchChannels,
	searchDomains,
	searchItems,
	searchLinks,
	searchOverlays,
	searchPixels,
	searchPlans,
	searchQrCodes,
	searchUsers,
} from './listSearch';
import { getPixels } from './loadOptions';
import { nodeProperties } from './nodeDescription';
import { RESOURCES } from './resources';
import { executeOperation } from './runner/execute';

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
			'Manage campaigns, QR codes, channels, tracking pixels, branded domains, splash pages, CTA overlays and links of a Link-Management Service account, and its users and plans',
		defaults: { name: 'Link Management' },
		usableAsTool: true,
		builderHint: actionHint,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'linkManagementApi', required: true }],
		properties: nodeProperties(RESOURCES, 'qrCode'),
	};

	methods = {
		listSearch: {
			searchCampaigns,
			searchQrCodes,
			searchChannels,
			searchPixels,
			searchDomains,
			searchOverlays,
			searchLinks,
			searchItems,
			searchUsers,
			searchPlans,
		},
		loadOptions: { getPixels },
	};

	/**
	 * The operations are declared as data (resources/), and run here, item by item, rather than by
	 * n8n's declarative engine, which prepares every item in one go before the first request and
	 * holds n8n meanwhile (see CONTRIBUTING.md, "How an item becomes a request").
	 */
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await executeOperation(this, RESOURCES);
	}
}
