// Loads workflow files and fixes what differs per n8n instance: the credential reference and,
// for N8N_CUSTOM_EXTENSIONS (npm run dev), the node type.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { REPO } from './sandbox.mjs';

/** Type of the node when the package is installed as a community package (as in the files). */
export const PACKAGE_NODE_TYPE = 'n8n-nodes-link-management.linkManagement';
/** The node as an AI agent's tool: the variant n8n generates for nodes that are `usableAsTool`. */
export const PACKAGE_TOOL_NODE_TYPE = `${PACKAGE_NODE_TYPE}Tool`;

/** The names of a workflow's Link Management tool nodes. */
export const toolNodeNames = (workflow) =>
	workflow.nodes.filter((node) => node.type === PACKAGE_TOOL_NODE_TYPE).map((node) => node.name);
/** The trigger node of the package (linkManagementTrigger). */
export const PACKAGE_TRIGGER_NODE_TYPE = `${PACKAGE_NODE_TYPE}Trigger`;
/** The webhook trigger node of the package (linkManagementWebhookTrigger). */
export const PACKAGE_WEBHOOK_TRIGGER_NODE_TYPE = `${PACKAGE_NODE_TYPE}WebhookTrigger`;
/** Type of the node when loaded through N8N_CUSTOM_EXTENSIONS. */
export const CUSTOM_NODE_TYPE = 'CUSTOM.linkManagement';

/**
 * n8n's own Webhook node (POST) named `name`, at `<base>/webhook/<its webhookId>`, answering as
 * `responseMode` says (`onReceived`: Respond Immediately; `lastNode`: when the last node ends).
 */
export function n8nWebhookNode(name, responseMode, { typeVersion = 2 } = {}) {
	const path = randomUUID();
	return {
		id: randomUUID(),
		name,
		type: 'n8n-nodes-base.webhook',
		typeVersion,
		position: [0, 0],
		webhookId: path,
		parameters: { httpMethod: 'POST', path, responseMode, options: {} },
	};
}

/**
 * The webhook trigger's type version as the editor adds it (its `defaultVersion`); workflows saved
 * before it keep version 1, which n8n 2.x charges an expression of its own for on every call.
 */
export const WEBHOOK_TRIGGER_VERSION = 1.1;

/**
 * The package's webhook trigger named `name`, with `parameters`, at its own random address
 * (`webhookId`), at `typeVersion` (default: as the editor adds it), with `credential` when given.
 */
export function packageWebhookTriggerNode(
	name,
	parameters,
	{ typeVersion = WEBHOOK_TRIGGER_VERSION, credential } = {},
) {
	return {
		id: randomUUID(),
		name,
		type: PACKAGE_WEBHOOK_TRIGGER_NODE_TYPE,
		typeVersion,
		position: [0, 0],
		webhookId: randomUUID(),
		parameters,
		...(credential ? { credentials: credentialsOf(credential) } : {}),
	};
}

export const CREDENTIAL_TYPE = 'linkManagementApi';
/** The placeholder the files carry instead of a credential id. */
export const CREDENTIAL_PLACEHOLDER = 'REPLACE_WITH_CREDENTIAL_ID';

/** The `credentials` of a node that uses `credential` ({ id, name }) of the package's type. */
export const credentialsOf = (credential) => ({
	[CREDENTIAL_TYPE]: { id: credential.id, name: credential.name },
});

/**
 * The parameters of a Link Management node that creates one QR code of type link per item, its
 * data the item's `url` and its name the item's `name` (the bulk jobs of the benchmark and of the
 * queue suite); `options` (such as the wait limits) when given.
 */
export function createQrCodePerItem(options) {
	return {
		resource: 'qrCode',
		operation: 'create',
		type: 'link',
		data: '={{ $json.url }}',
		additionalFields: { name: '={{ $json.name }}' },
		...(options === undefined ? {} : { options }),
	};
}

/** The workflows in examples/ (`examples/<name>.json`), read afresh so a new one is included. */
export const exampleFiles = () =>
	fs
		.readdirSync(path.join(REPO, 'examples'))
		.filter((name) => name.endsWith('.json'))
		.sort()
		.map((name) => `examples/${name}`);

export function loadWorkflow(file) {
	return JSON.parse(fs.readFileSync(path.resolve(REPO, file), 'utf8'));
}

/** The credential type of a Bearer token, which the MCP server example's trigger asks for. */
export const BEARER_CREDENTIAL_TYPE = 'httpBearerAuth';

/**
 * n8n's node types of the examples that have a webhook: the editor gives each a `webhookId` on
 * import (the example files carry none: the address is a secret, and one shared by two imports
 * could not be published twice on one instance).
 */
const WEBHOOK_NODE_TYPES = new Set([
	'@n8n/n8n-nodes-langchain.chatTrigger',
	'@n8n/n8n-nodes-langchain.mcpTrigger',
	'n8n-nodes-base.hubspotTrigger',
	'n8n-nodes-base.stripeTrigger',
	'n8n-nodes-base.zendeskTrigger',
	'n8n-nodes-base.slack',
	'n8n-nodes-base.emailSend',
]);

/**
 * A copy of the workflow whose Link Management nodes use `credential` ({ id, name }) and `nodeType`
 * (its tool nodes `<nodeType>Tool`, its trigger nodes `<nodeType>Trigger`, its webhook trigger
 * nodes `<nodeType>WebhookTrigger`), and whose nodes asking for a Bearer token use `bearer` when
 * given. A node with a webhook and no `webhookId` gets a random one, as the editor gives one on
 * import.
 */
export function prepareWorkflow(
	workflow,
	{ credential, nodeType = PACKAGE_NODE_TYPE, id = workflow.id, bearer },
) {
	const copy = structuredClone(workflow);
	copy.id = id;
	for (const node of copy.nodes) {
		if (node.type === PACKAGE_NODE_TYPE) node.type = nodeType;
		if (node.type === PACKAGE_TOOL_NODE_TYPE) node.type = `${nodeType}Tool`;
		if (node.type === PACKAGE_TRIGGER_NODE_TYPE) node.type = `${nodeType}Trigger`;
		if (node.type === PACKAGE_WEBHOOK_TRIGGER_NODE_TYPE) node.type = `${nodeType}WebhookTrigger`;
		if (node.type.endsWith('WebhookTrigger') || WEBHOOK_NODE_TYPES.has(node.type))
			node.webhookId ??= randomUUID();
		if (node.credentials?.[CREDENTIAL_TYPE]) node.credentials[CREDENTIAL_TYPE] = { ...credential };
		if (bearer && node.credentials?.[BEARER_CREDENTIAL_TYPE])
			node.credentials[BEARER_CREDENTIAL_TYPE] = { ...bearer };
	}
	return copy;
}

/** resource/operation of every Link Management node (defaults as in the node: qrCode, its default op). */
export function operationsOf(workflow) {
	const defaultOperation = { account: 'get', qrCode: 'getAll' };
	return workflow.nodes
		.filter((node) => node.type === PACKAGE_NODE_TYPE)
		.map((node) => {
			const resource = node.parameters.resource ?? 'qrCode';
			const operation = node.parameters.operation ?? defaultOperation[resource] ?? 'getAll';
			return { node: node.name, resource, operation };
		});
}
