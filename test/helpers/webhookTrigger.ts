/**
 * Runs the Link Management Webhook Trigger's `webhook()` as n8n does when a notification reaches
 * its address: through n8n-core's own WebhookContext, the request (its body as n8n parsed it, its
 * headers) and the response handed over in `additionalData`, as n8n's webhook server hands them.
 * The response records what the node answered and when, in the order of everything `events`
 * notes (a lookup's request arriving at the service, for instance).
 */
import { WebhookContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INodeParameters,
	IWebhookData,
	IWebhookDescription,
	IWebhookResponseData,
	WorkflowExecuteMode,
} from 'n8n-workflow';

import { LinkManagementWebhookTrigger } from '../../nodes/LinkManagement/LinkManagementWebhookTrigger.node';
import {
	activeWorkflowOf,
	nodeWithCredential,
	TEST_CREDENTIALS,
	triggerAdditionalData,
} from '../harness';

export const WEBHOOK_TRIGGER_TYPE = 'n8n-nodes-link-management.linkManagementWebhookTrigger';
export const WEBHOOK_TRIGGER_NAME = 'Link Management Webhook Trigger';
export const webhookTriggerType = new LinkManagementWebhookTrigger();

/** The two notifications as the service posts them. */
export const linkCreatedNotification = {
	type: 'url',
	longurl: 'https://example.com/shop/summer?utm_source=mail',
	shorturl: 'https://go.example.com/summer-sale',
	date: '26-11-2026 14:05:09',
};
/** What a click tells; the notification says `type: view`, its item `event: linkClicked`. */
const click = {
	shorturl: 'https://go.example.com/summer-sale',
	country: 'Canada',
	city: 'Toronto',
	referer: 'https://news.example/item',
	os: 'Windows',
	browser: 'Chrome',
	date: '2026-11-26 14:05:09',
};
export const linkClickedNotification = { type: 'view', ...click };
/** The item the click notification becomes. */
export const linkClickedItem = { event: 'linkClicked', ...click };

export interface Answer {
	status: number;
	body: unknown;
}

export interface Delivery {
	/** What the caller got: the node's own answer, or n8n's for it; undefined when neither. */
	answer?: Answer;
	/** What webhook() returned to n8n. */
	result: IWebhookResponseData;
	/** The JSON of the items the workflow starts with; null when it starts nothing. */
	items: IDataObject[] | null;
}

export interface PostOptions {
	/** The Content-Type header; n8n parsed the body accordingly. Default application/json. */
	contentType?: string;
	/** `webhook`: the Production URL of an active workflow; `manual`: the Test URL. */
	mode?: WorkflowExecuteMode;
	/** The caller's address as n8n's server resolved it (Express's `request.ip`). */
	ip?: string;
}

/** An Express response as far as n8n's webhook nodes use it: status, then a JSON body. */
class RecordedResponse {
	private statusCode = 200;
	answer?: Answer;

	constructor(private readonly events: string[]) {}

	get headersSent(): boolean {
		return this.answer !== undefined;
	}

	status(code: number): this {
		this.statusCode = code;
		return this;
	}

	json(body: unknown): this {
		if (this.answer) throw new Error('answered twice');
		this.answer = { status: this.statusCode, body };
		this.events.push(`answered ${this.statusCode}`);
		return this;
	}
}

/**
 * The body n8n answers for a webhook node whose response mode is `onReceived` and that did not
 * answer itself (n8n 1.123 and 2.41, webhook-on-received-response-extractor): the description's
 * responseData when it gives one (n8n reads a missing one as the text "firstEntryJson"), else the
 * node's `webhookResponse`, else n8n's own message.
 */
function n8nAnswer(description: IWebhookDescription, result: IWebhookResponseData): unknown {
	const responseData = description.responseData ?? 'firstEntryJson';
	if (responseData === 'noData') return undefined;
	return responseData || (result.webhookResponse ?? { message: 'Workflow was started' });
}

/** The type versions a workflow may hold: 1 (saved before 1.1), and 1.1 (as the editor adds it). */
export const WEBHOOK_TRIGGER_VERSIONS = webhookTriggerType.description.version as number[];
const EDITOR_VERSION = webhookTriggerType.description.defaultVersion as number;

/**
 * A webhook trigger with these parameters (defaults filled as the editor stores them) in an
 * active workflow, at the type version the editor adds unless `typeVersion` says otherwise.
 * `events` lists what happened, in order: each answer, and whatever a test adds.
 */
export function webhookTrigger(
	parameters: INodeParameters = {},
	credentials: ICredentialDataDecryptedObject | 'unreadable' = TEST_CREDENTIALS,
	{ typeVersion = EDITOR_VERSION }: { typeVersion?: number } = {},
) {
	const node = nodeWithCredential(
		webhookTriggerType,
		WEBHOOK_TRIGGER_TYPE,
		['d7b2e3f4-0000-4000-8000-000000000021', WEBHOOK_TRIGGER_NAME],
		parameters,
		{ webhookId: '5f1c0b6e-7d2a-4c4b-9a51-2f0d6c3e8b90', typeVersion },
	);
	const workflow = activeWorkflowOf('webhook-workflow', node, [
		webhookTriggerType,
		WEBHOOK_TRIGGER_TYPE,
	]);
	const [description] = webhookTriggerType.description.webhooks ?? [];
	const events: string[] = [];
	return {
		node,
		events,
		/** n8n hands the node one request posted to its address. */
		async post(
			body: unknown,
			{ contentType = 'application/json', mode = 'webhook', ip = '203.0.113.7' }: PostOptions = {},
		): Promise<Delivery> {
			const response = new RecordedResponse(events);
			const additionalData = triggerAdditionalData(credentials, {
				httpRequest: {
					body,
					headers: { 'content-type': contentType },
					params: {},
					query: {},
					ip,
				},
				httpResponse: response,
			});
			const webhookData = {
				httpMethod: description.httpMethod,
				node: node.name,
				path: `${node.webhookId}/${description.path}`,
				webhookDescription: description,
				workflowId: workflow.id,
				workflowExecuteAdditionalData: additionalData,
				webhookId: node.webhookId,
			} as IWebhookData;
			const context = new WebhookContext(
				workflow,
				node,
				additionalData,
				mode,
				webhookData,
				[],
				null,
			);
			const result = await webhookTriggerType.webhook!.call(context);
			// n8n answers unless told the node has: a node that answered and did not say so fails
			// here ('answered twice'), as it would in n8n.
			if (!result.noWebhookResponse) {
				response
					.status(Number(description.responseCode ?? 200))
					.json(n8nAnswer(description, result));
			}
			const items = result.workflowData ? result.workflowData[0].map(({ json }) => json) : null;
			return { answer: response.answer, result, items };
		},
	};
}
