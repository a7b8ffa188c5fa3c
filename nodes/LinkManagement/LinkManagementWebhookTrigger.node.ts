import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import { webhookTriggerHint } from './builderHints';
import {
	eventsSubtitle,
	notificationWebhook,
	webhookTriggerPanel,
	webhookTriggerProperties,
} from './webhookTrigger/description';
import { webhook } from './webhookTrigger/webhook';

export class LinkManagementWebhookTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Link Management Webhook Trigger',
		name: 'linkManagementWebhookTrigger',
		icon: {
			light: 'file:../../icons/linkManagement.svg',
			dark: 'file:../../icons/linkManagement.dark.svg',
		},
		group: ['trigger'],
		// 1.1: the same node; n8n 2.x evaluates an expression of its own (its Webhook node's
		// binaryData option) for every call to a webhook node at type version 1, never above it.
		version: [1, 1.1],
		defaultVersion: 1.1,
		subtitle: eventsSubtitle,
		description:
			'Starts the workflow at once when a short link of a Link-Management Service account is created or clicked, from the notifications the service posts (country, city, referrer, OS and browser of each click)',
		defaults: { name: 'Link Management Webhook Trigger' },
		builderHint: webhookTriggerHint,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{
				name: 'linkManagementApi',
				required: true,
				displayOptions: { show: { addLinkRecord: [true] } },
			},
		],
		webhooks: [notificationWebhook],
		triggerPanel: webhookTriggerPanel,
		properties: webhookTriggerProperties,
	};

	/**
	 * The service has no API for its notification URLs: the user pastes the Production URL into
	 * the dashboard, and removes it there. So n8n has nothing to register, check or remove at the
	 * service when the workflow is activated or deactivated (an inactive workflow's address is
	 * answered 404 by n8n itself).
	 */
	webhookMethods = {
		default: {
			checkExists: async (): Promise<boolean> => true,
			create: async (): Promise<boolean> => true,
			delete: async (): Promise<boolean> => true,
		},
	};

	webhook = webhook;
}
