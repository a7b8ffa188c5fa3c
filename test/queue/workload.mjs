// The bulk job run in queue mode: a webhook workflow that creates one QR code per item it is
// sent, fired several times at once, and what came of it in n8n and in the sandbox.
import crypto from 'node:crypto';

import { waitFor } from '../e2e/lib/util.mjs';
import {
	CREDENTIAL_TYPE,
	createQrCodePerItem,
	credentialsOf,
	PACKAGE_NODE_TYPE,
} from '../e2e/lib/workflows.mjs';
import { workerOf } from './cluster.mjs';

export const CREATE_NODE = 'Create QR code';
const TERMINAL = ['success', 'error', 'crashed', 'canceled'];

/** The node's wait limits: its defaults, or the defaults scaled to a window of `windowMs`. */
export function waitLimits(kind, windowMs) {
	const defaults = { maxWait: 120, maxTotalWait: 300 };
	if (kind === 'default') return defaults;
	if (kind !== 'scaled') throw new Error(`wait limits must be "default" or "scaled", not ${kind}`);
	const scale = windowMs / 60_000;
	return {
		maxWait: Math.max(1, Math.round(defaults.maxWait * scale)),
		maxTotalWait: Math.max(1, Math.round(defaults.maxTotalWait * scale)),
	};
}

/** A node of a workflow built in code, at `x` on one row. */
export const workflowNode = (name, type, typeVersion, parameters, x, extra = {}) => ({
	id: crypto.randomUUID(),
	name,
	type,
	typeVersion,
	position: [x, 0],
	parameters,
	...extra,
});

/** A connection's `main` output to the node named `to`. */
export const mainTo = (to) => ({ main: [[{ node: to, type: 'main', index: 0 }]] });

/** n8n's Webhook node on `webhookPath`, answering POST calls at once. */
export const webhookAnsweringAtOnce = (webhookPath) =>
	workflowNode(
		'Webhook',
		'n8n-nodes-base.webhook',
		2,
		{ httpMethod: 'POST', path: webhookPath, responseMode: 'onReceived', options: {} },
		0,
		{ webhookId: crypto.randomUUID() },
	);

/** Webhook (POST, answers at once) → Split Out `body.items` → Link Management QR Code › Create. */
export function bulkWebhookWorkflow({ name, webhookPath, credential, limits }) {
	const node = workflowNode;
	const nodes = [
		webhookAnsweringAtOnce(webhookPath),
		node(
			'Items',
			'n8n-nodes-base.splitOut',
			1,
			{ fieldToSplitOut: 'body.items', options: {} },
			220,
		),
		node(CREATE_NODE, PACKAGE_NODE_TYPE, 1, createQrCodePerItem(limits), 440, {
			credentials: credentialsOf(credential),
		}),
	];
	return {
		name,
		nodes,
		connections: { Webhook: mainTo('Items'), Items: mainTo(CREATE_NODE) },
		settings: { executionOrder: 'v1' },
	};
}

/** Creates the sandbox credential (public API); returns { id, name }. */
export async function createCredential(cluster, sandbox) {
	const created = await cluster.api('POST', '/credentials', {
		name: 'Link Management sandbox',
		type: CREDENTIAL_TYPE,
		data: { baseUrl: sandbox.url, apiKey: sandbox.apiKey },
	});
	return { id: created.id, name: created.name };
}

/**
 * A credential for `sandbox` and the bulk webhook workflow with it (`name`, the node's wait
 * `limits`) on a path of its own, created and activated; returns { workflowId, webhookPath }.
 */
export async function deployBulkWorkflow(cluster, sandbox, { name, limits }) {
	const webhookPath = `queue-${crypto.randomBytes(6).toString('hex')}`;
	const credential = await createCredential(cluster, sandbox);
	const workflow = bulkWebhookWorkflow({ name, webhookPath, credential, limits });
	return { workflowId: await deployWorkflow(cluster, workflow), webhookPath };
}

/**
 * Creates and activates a workflow (public API) and waits until its webhook answers a CORS
 * preflight (which runs nothing); returns the workflow's id.
 */
export async function deployWorkflow(cluster, workflow) {
	const { id } = await cluster.api('POST', '/workflows', workflow);
	await cluster.api('POST', `/workflows/${id}/activate`);
	const webhook = workflow.nodes.find((n) => n.type === 'n8n-nodes-base.webhook');
	await waitFor(
		async () => {
			const res = await fetch(webhookUrl(cluster, webhook.parameters.path), {
				method: 'OPTIONS',
				headers: { Origin: cluster.main.baseUrl, 'Access-Control-Request-Method': 'POST' },
			});
			return res.status === 204;
		},
		{ timeoutMs: 30_000, what: `webhook ${webhook.parameters.path}` },
	);
	return id;
}

const webhookUrl = (cluster, webhookPath) => `${cluster.main.baseUrl}/webhook/${webhookPath}`;

async function executionsOf(cluster, workflowId) {
	const { data } = await cluster.api('GET', `/executions?workflowId=${workflowId}&limit=250`);
	return data;
}

async function fire(cluster, webhookPath, body) {
	const res = await fetch(webhookUrl(cluster, webhookPath), {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify(body),
	});
	const text = await res.text();
	if (res.status !== 200)
		throw new Error(`webhook ${webhookPath} answered ${res.status}: ${text.slice(0, 300)}`);
}

/**
 * Sends `items` items split over `executions` webhook calls fired at once, waits for all the
 * executions to end, and returns what happened: per execution its status, worker and output, and
 * the sandbox's records (by name), requests and 429 answers.
 */
export async function runBatch({
	cluster,
	sandbox,
	workflowId,
	webhookPath,
	executions,
	items,
	tag,
	timeoutMs = 15 * 60_000,
}) {
	const batches = Array.from({ length: executions }, (_, e) => {
		const from = Math.floor((e * items) / executions);
		const to = Math.floor(((e + 1) * items) / executions);
		return Array.from({ length: to - from }, (_, i) => ({
			name: `${tag} e${e + 1} #${from + i + 1}`,
			url: `https://example.com/${tag}/${from + i + 1}`,
		}));
	});
	const expected = batches.flat().map((item) => item.name);
	const before = new Set((await executionsOf(cluster, workflowId)).map((e) => e.id));
	sandbox.reset();
	const t0 = Date.now();
	await Promise.all(batches.map((batch) => fire(cluster, webhookPath, { items: batch })));
	const finished = await Promise.race([
		waitFor(
			async () => {
				const fresh = (await executionsOf(cluster, workflowId)).filter((e) => !before.has(e.id));
				const done = fresh.filter((e) => TERMINAL.includes(e.status));
				return done.length >= executions ? done : false;
			},
			{ timeoutMs, intervalMs: 500, what: `${executions} executions of ${tag}` },
		),
		cluster.crashed,
	]);
	const t1 = Math.max(...finished.map((e) => Date.parse(e.stoppedAt)));
	const stats = { requests: sandbox.stats.requests, rateLimited: sandbox.stats.rateLimited };
	// The workers log an execution as they start it; give their output a moment to arrive.
	await waitFor(() => finished.every((e) => workerOf(cluster, e.id)), {
		timeoutMs: 10_000,
		what: 'the workers to log every execution',
	}).catch(() => {});
	const runs = [];
	for (const e of finished) {
		const full = await cluster.api('GET', `/executions/${e.id}?includeData=true`);
		const result = full.data?.resultData;
		const task = result?.runData?.[CREATE_NODE]?.[0];
		runs.push({
			id: e.id,
			status: e.status,
			worker: workerOf(cluster, e.id),
			outputWithId: (task?.data?.main?.[0] ?? []).filter((it) => it.json?.id !== undefined).length,
			error: result?.error?.message ?? task?.error?.message,
		});
	}
	const sizes = batches.map((b) => b.length);
	return {
		t0,
		t1,
		ms: t1 - t0,
		expected,
		sizes,
		runs,
		stats,
		...sandboxOutcome(sandbox, expected),
	};
}

/** Records by name: created, missing (failed items), duplicates, and any not asked for. */
function sandboxOutcome(sandbox, expected) {
	const counts = new Map();
	for (const record of sandbox.store.qr.list())
		counts.set(record.name, (counts.get(record.name) ?? 0) + 1);
	const wanted = new Set(expected);
	return {
		created: [...counts.values()].reduce((a, b) => a + b, 0),
		missing: expected.filter((name) => !counts.has(name)),
		duplicates: [...counts.entries()].filter(([, n]) => n > 1).reduce((a, [, n]) => a + n - 1, 0),
		unexpected: [...counts.keys()].filter((name) => !wanted.has(name)),
	};
}
