import type { IBuilderHint } from 'n8n-workflow';

/**
 * What n8n's AI workflow builder reads about the three nodes (its node search shows `searchHint`
 * and `relatedNodes` with each node it finds): what each is for, the settings that matter, and
 * the n8n nodes that go with it. n8n versions before the builder ignore it.
 */

const MCP_SERVER_TRIGGER = '@n8n/n8n-nodes-langchain.mcpTrigger';
const AI_AGENT = '@n8n/n8n-nodes-langchain.agent';
const DATA_TABLE = 'n8n-nodes-base.dataTable';
const GOOGLE_SHEETS = 'n8n-nodes-base.googleSheets';
const SCHEDULE = 'n8n-nodes-base.scheduleTrigger';
const TRIGGER = 'n8n-nodes-link-management.linkManagementTrigger';
const WEBHOOK_TRIGGER = 'n8n-nodes-link-management.linkManagementWebhookTrigger';

export const actionHint: IBuilderHint = {
	searchHint:
		'Shortens URLs and manages the short links, QR codes, campaigns, channels, tracking pixels and branded domains of a self-hosted Link-Management Service (users and plans with an administrator key). To shorten: resource link, operation upsert with matchOn url (an address shortened before gives its existing link; operation create always makes a new one). Click statistics per country, referrer, browser and OS: link getStatistics (one item per label). QR code for an address: qrCode create (its link is the image address); the image as a file: downloadImage. The node paces its requests to the service rate limit itself: no Wait, Loop Over Items or batching needed. Usable as an AI Agent tool and behind the MCP Server Trigger, with $fromAI() for what the model decides.',
	relatedNodes: [
		{
			nodeType: MCP_SERVER_TRIGGER,
			relationHint:
				'Offer the Link Management tools to Claude, ChatGPT, Cursor and other MCP clients (one tool node per operation)',
		},
		{
			nodeType: AI_AGENT,
			relationHint: 'Let an agent shorten links and read their statistics (connect as a tool)',
		},
		{
			nodeType: GOOGLE_SHEETS,
			relationHint:
				'Shorten every URL of a sheet and write the short URL back (link upsert: nothing made twice)',
		},
		{
			nodeType: SCHEDULE,
			relationHint: 'Weekly reports: links sorted by clicks (link getAll), or getStatistics',
		},
		{
			nodeType: DATA_TABLE,
			relationHint: 'Keep statistics or the short links made, to compare over time',
		},
		{
			nodeType: WEBHOOK_TRIGGER,
			relationHint: 'Start a workflow on each new link or click as it happens',
		},
	],
};

export const triggerHint: IBuilderHint = {
	searchHint:
		"Polls the Link-Management Service (at most once a minute) and starts the workflow once for each new record (QR code, link, campaign, channel, pixel, branded domain, splash page, CTA overlay, channel item), or when a link's clicks or a QR code's scans grow or reach a threshold. It is a trigger of its own: no Schedule Trigger needed. For every single click as it happens use the Link Management Webhook Trigger.",
	relatedNodes: [
		{
			nodeType: GOOGLE_SHEETS,
			relationHint: 'Append one row per new QR code or link',
		},
		{
			nodeType: DATA_TABLE,
			relationHint: 'Keep a log of new records or of clicks counted per poll',
		},
		{
			nodeType: WEBHOOK_TRIGGER,
			relationHint: 'Each click and new link as the service reports it, without polling',
		},
	],
};

export const webhookTriggerHint: IBuilderHint = {
	searchHint:
		"Starts the workflow for each new short link and each click (country, city, referrer, OS, browser, date), which the service POSTs to this node's Production URL. The user pastes that URL into the service dashboard (Integrations, Zapier) for new links and for clicks; publish the workflow first. Costs no API requests. Add Link Record puts the clicked link's record under link.",
	relatedNodes: [
		{
			nodeType: DATA_TABLE,
			relationHint:
				'Log every click as a row (date, short URL, country, city, referrer, OS, browser)',
		},
		{
			nodeType: SCHEDULE,
			relationHint: 'A weekly report read from the table the clicks were logged in',
		},
		{
			nodeType: GOOGLE_SHEETS,
			relationHint: 'Log clicks or new links into a sheet',
		},
		{
			nodeType: TRIGGER,
			relationHint: 'Thresholds (a link passes N clicks) and records other than links, by polling',
		},
	],
};
