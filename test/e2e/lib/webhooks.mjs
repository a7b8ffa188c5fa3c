// The Link Management Webhook Trigger in a running n8n: its addresses, and a workflow published
// (activated) until its address answers. For the e2e case and for `npm run dev`.
import { sleep } from './util.mjs';

/** The path the node's webhook has below its random ID (the node's `webhooks` description). */
const NOTIFICATION_PATH = 'notification';

/**
 * The saved workflow's webhook trigger (the first node of `nodeType`): its random ID, its
 * Production and Test URLs, and the workflow's versionId and whether it is active.
 */
export async function webhookAddresses(n8n, workflowId, nodeType) {
	const saved = await n8n.rest('GET', `/rest/workflows/${workflowId}`);
	if (saved.status !== 200)
		throw new Error(`GET /rest/workflows/${workflowId} answered ${saved.status}`);
	const workflow = saved.body.data ?? saved.body;
	const node = workflow.nodes.find((candidate) => candidate.type === nodeType);
	if (!node?.webhookId) throw new Error(`${workflowId} has no ${nodeType} with a webhookId`);
	return {
		webhookId: node.webhookId,
		url: `${n8n.baseUrl}/webhook/${node.webhookId}/${NOTIFICATION_PATH}`,
		testUrl: `${n8n.baseUrl}/webhook-test/${node.webhookId}/${NOTIFICATION_PATH}`,
		versionId: workflow.versionId,
		active: workflow.active === true,
	};
}

/**
 * A POST of `body` (JSON unless a string with its `contentType`; with `contentType` null, bytes
 * without a Content-Type): its status and answer.
 */
export async function post(url, body, contentType = 'application/json') {
	const text = typeof body === 'string' ? body : JSON.stringify(body);
	const res = await fetch(url, {
		method: 'POST',
		headers: contentType === null ? {} : { 'Content-Type': contentType },
		body: contentType === null ? Buffer.from(text) : text,
	});
	return { status: res.status, text: await res.text() };
}

/**
 * Publishes (activates) the workflow unless it is active, and waits until n8n has registered its
 * webhook trigger's address: first through n8n's own lookup (POST /rest/webhooks/find, quiet),
 * since n8n registers it a moment after it answers the activation (and, at start, after it
 * answers /healthz) and logs "404 The requested webhook … is not registered" for each request
 * that comes sooner; then an empty object posted to it is refused by the node (400). Returns the
 * addresses.
 */
export async function activateWebhookTrigger(n8n, workflowId, nodeType) {
	const addresses = await webhookAddresses(n8n, workflowId, nodeType);
	if (!addresses.active) {
		const { versionId } = addresses;
		const res = await n8n.rest('POST', `/rest/workflows/${workflowId}/activate`, { versionId });
		if (res.status !== 200)
			throw new Error(`activating ${workflowId}: ${JSON.stringify(res.body).slice(0, 600)}`);
	}
	const until = Date.now() + 30_000;
	const path = `${addresses.webhookId}/${NOTIFICATION_PATH}`;
	while (!(await isRegistered(n8n, path)) && Date.now() < until) await sleep(200);
	for (let status = 0; status !== 400; await sleep(200)) {
		status = (await post(addresses.url, {})).status;
		if (Date.now() > until)
			throw new Error(`${addresses.url} still answers ${status} 30 s after the activation`);
	}
	return addresses;
}

/** Whether n8n knows the production address `path` (below /webhook/) for POST requests. */
async function isRegistered(n8n, path) {
	const found = await n8n.rest('POST', '/rest/webhooks/find', { method: 'POST', path });
	return found.status === 200 && (found.body?.data ?? null) !== null;
}
