import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import { triggerHint } from './builderHints';
import { searchChannels } from './listSearch';
import { eventSubtitle, triggerProperties } from './trigger/description';
import { poll } from './trigger/poll';

export class LinkManagementTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Link Management Trigger',
		name: 'linkManagementTrigger',
		icon: {
			light: 'file:../../icons/linkManagement.svg',
			dark: 'file:../../icons/linkManagement.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		subtitle: eventSubtitle,
		description:
			'Starts the workflow when campaigns, QR codes, channels, pixels, branded domains, splash pages, CTA overlays or channel items appear in a Link-Management Service account, or when QR codes get scanned',
		defaults: { name: 'Link Management Trigger' },
		polling: true,
		builderHint: triggerHint,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'linkManagementApi', required: true }],
		properties: triggerProperties,
	};

	methods = { listSearch: { searchChannels } };

	poll = poll;
}
