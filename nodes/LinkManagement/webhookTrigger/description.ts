import type { INodeProperties, IWebhookDescription, TriggerPanelDefinition } from 'n8n-workflow';

import { requestOptions } from '../shared/options';
import { NOTIFICATION_EVENTS } from './notification';

/** The webhook trigger's parameters, its one webhook, and what n8n's panel says about it. */

export const DEFAULT_REUSE_SECONDS = 60;

/** One POST address for both notifications: the payload's `type` tells them apart. */
export const notificationWebhook: IWebhookDescription = {
	name: 'default',
	httpMethod: 'POST',
	// n8n answers with webhook()'s `webhookResponse` (an empty responseData lets it through; left
	// out, n8n would answer the text "firstEntryJson"), unless webhook() answered itself.
	responseMode: 'onReceived',
	responseData: '',
	path: 'notification',
};

const whereToPaste: INodeProperties = {
	displayName:
		"In the service's dashboard, open <b>Integrations → Zapier</b> (it works for any webhook) and paste this node's <b>Production URL</b> (Webhook URLs, above) as the address for new links, for clicks, or both. The Test URL works only while this panel listens for a test event. Anyone who knows the address can post to it: keep it private.",
	name: 'whereToPaste',
	type: 'notice',
	default: '',
};

const events: INodeProperties = {
	displayName: 'Events',
	name: 'events',
	type: 'multiOptions',
	noDataExpression: true,
	required: true,
	options: NOTIFICATION_EVENTS.map(({ name, value, description }) => ({
		name,
		value,
		description,
	})),
	default: ['linkClicked', 'linkCreated'],
	description: 'Notifications that start the workflow. The others are answered and start nothing.',
};

const addLinkRecord: INodeProperties = {
	displayName: 'Add Link Record',
	name: 'addLinkRecord',
	type: 'boolean',
	noDataExpression: true,
	default: false,
	description:
		"Whether to look the link up through the API and add its record (ID, alias, title, clicks, …) under <code>link</code>. Costs one request of the key's rate limit per short URL (a short URL looked up within the reuse time is not looked up again); the notification is answered first.",
};

const reuseLinkRecord: INodeProperties = {
	displayName: 'Reuse Link Record for (Seconds)',
	name: 'reuseLinkRecord',
	type: 'number',
	typeOptions: { minValue: 0 },
	default: DEFAULT_REUSE_SECONDS,
	description:
		'How long a looked-up record serves further notifications of the same short URL. Its clicks are those of the lookup: set 0 to look up at every notification (notifications arriving together still share one lookup).',
};

export const IP_ALLOWLIST_LABEL = 'IP(s) Allowlist';

const ipAllowlist: INodeProperties = {
	displayName: IP_ALLOWLIST_LABEL,
	name: 'ipAllowlist',
	type: 'string',
	default: '',
	placeholder: 'e.g. 203.0.113.7, 198.51.100.0/24, 2001:db8::/32',
	description:
		"IPv4 and IPv6 addresses and CIDR ranges, separated by commas, of the callers allowed (your installation's server). Others are answered 403 and start nothing. Empty allows every caller. The caller is the address n8n sees, behind a reverse proxy the one it forwards when n8n's N8N_PROXY_HOPS says so.",
	hint: 'An entry that is not an address or a range refuses every call; the answer names it',
};

/**
 * The Options: IP(s) Allowlist always; the lookup's (the reuse time, then the transport's own:
 * waits, Timeout, Proxy, …) only with Add Link Record.
 */
function triggerOptions(): INodeProperties {
	const options = requestOptions();
	const lookupOnly = { show: { '/addLinkRecord': [true] } };
	const lookup = [reuseLinkRecord, ...(options.options as INodeProperties[])].map((option) => ({
		...option,
		displayOptions: lookupOnly,
	}));
	return {
		...options,
		options: [ipAllowlist, ...lookup].sort((a, b) => a.displayName.localeCompare(b.displayName)),
	};
}

export const webhookTriggerProperties: INodeProperties[] = [
	whereToPaste,
	events,
	addLinkRecord,
	triggerOptions(),
];

export const webhookTriggerPanel: TriggerPanelDefinition = {
	header: 'Test it: paste the Test URL into the dashboard, then create or open a short link',
	executionsHelp: {
		inactive:
			'<b>While building</b>: click <i>Execute step</i> (in n8n 1.x: <i>Listen for test event</i>), paste the <b>Test URL</b> into the dashboard (Integrations → Zapier), then create or open a short link: the notification shows up here. The Test URL answers only while listening.<br /><br /><b>To run automatically</b>: paste the <b>Production URL</b> there instead and publish (activate) the workflow. Each notification then starts one execution, listed under Executions.',
		active:
			'The workflow is active: each notification posted to the <b>Production URL</b> starts one execution, listed under Executions. To see one here, click <i>Execute step</i> and use the <b>Test URL</b> for a while.',
	},
	activationHint:
		"Once you've finished building, publish (activate) the workflow and paste the Production URL into the dashboard.",
};

/** The node's subtitle on the canvas: "On Link Clicked", "On Link Created", or both. */
export const eventsSubtitle = `={{ ${JSON.stringify(
	Object.fromEntries(NOTIFICATION_EVENTS.map(({ value, name }) => [value, `On ${name}`])),
)}[$parameter["events"].length === 1 ? $parameter["events"][0] : ""] || "On Link Created or Clicked" }}`;
