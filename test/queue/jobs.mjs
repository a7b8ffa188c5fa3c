// One-link jobs during a bulk run (issue 51): one execution creates QR codes for a whole sheet
// on one worker while small executions, each creating one link with the same credential (the
// same key), come one a second, as a form or a chat would send them. Each small one is timed
// from the webhook call to its answer, and the worker that ran it is read from the workers' logs.
// The sandbox's arrivals are stamped as they come, to tell when the bulk run sent its first
// request and how the key's windows were spent.
import crypto from 'node:crypto';

import { sleep, waitFor } from '../e2e/lib/util.mjs';
import { credentialsOf, n8nWebhookNode, PACKAGE_NODE_TYPE } from '../e2e/lib/workflows.mjs';
import { endedExecutions } from './clicks.mjs';
import { workerOf } from './cluster.mjs';
import {
	bulkWebhookWorkflow,
	createCredential,
	deployWorkflow,
	mainTo,
	runBatch,
	workflowNode,
} from './workload.mjs';

export const LINK_NODE = 'Create link';
const QR_ROUTE = 'POST /api/qr/add';
const LINK_ROUTE = 'POST /api/url/add';

/**
 * Webhook (POST, answers with the last node's first item) → Link Management Link › Create of
 * `body.url`, with `credential` and the node's wait `limits`.
 */
export function oneLinkWorkflow({ name, credential, limits }) {
	const webhook = n8nWebhookNode('Webhook', 'lastNode');
	const create = workflowNode(
		LINK_NODE,
		PACKAGE_NODE_TYPE,
		1,
		{
			resource: 'link',
			operation: 'create',
			url: '={{ $json.body.url }}',
			additionalFields: {},
			options: limits,
		},
		220,
		{ credentials: credentialsOf(credential) },
	);
	return {
		name,
		nodes: [webhook, create],
		connections: { Webhook: mainTo(LINK_NODE) },
		settings: { executionOrder: 'v1' },
	};
}

/**
 * Stamps each request the sandbox logs with its arrival time (`at`), from its next reset on
 * (reset() replaces the log); returns a function that undoes it.
 */
function stampArrivals(sandbox) {
	const reset = sandbox.reset;
	sandbox.reset = () => {
		reset.call(sandbox);
		const log = sandbox.stats.log;
		log.push = (...entries) => {
			const at = Date.now();
			for (const entry of entries) entry.at = at;
			return Array.prototype.push.apply(log, entries);
		};
	};
	return () => {
		sandbox.reset = reset;
	};
}

/** The value below which a share `p` of the sorted `values` lie (nearest rank). */
export function percentile(sorted, p) {
	if (!sorted.length) return undefined;
	return sorted[Math.min(sorted.length, Math.max(1, Math.ceil(p * sorted.length))) - 1];
}

/**
 * Deploys a bulk workflow and a one-link workflow on one credential of `sandbox`, runs `items`
 * QR codes in one execution and, from `delayMs` after the bulk run's first request, fires
 * `jobs` one-link webhook calls, one every `everyMs`, without waiting for the answers. Returns
 * the bulk run (runBatch's result, with `firstCallAt`), each call (`ms`, `status`, `url`,
 * `execution`, `worker`), the link records by URL and the sandbox's arrivals.
 */
export async function bulkWithOneLinkJobs({
	cluster,
	sandbox,
	limits,
	items,
	jobs,
	delayMs = 2000,
	everyMs = 1000,
}) {
	const credential = await createCredential(cluster, sandbox);
	const bulkPath = `queue-${crypto.randomBytes(6).toString('hex')}`;
	const bulkId = await deployWorkflow(
		cluster,
		bulkWebhookWorkflow({
			name: 'Queue suite: bulk run with one-link jobs',
			webhookPath: bulkPath,
			credential,
			limits,
		}),
	);
	const linkWorkflow = oneLinkWorkflow({
		name: 'Queue suite: one link per call',
		credential,
		limits,
	});
	const linkId = await deployWorkflow(cluster, linkWorkflow);
	const linkUrl = `${cluster.main.baseUrl}/webhook/${linkWorkflow.nodes[0].parameters.path}`;

	const unstamp = stampArrivals(sandbox);
	const calls = [];
	let bulkDone = false;
	const bulk = runBatch({
		cluster,
		sandbox,
		workflowId: bulkId,
		webhookPath: bulkPath,
		executions: 1,
		items,
		tag: 'jobs',
	}).finally(() => {
		bulkDone = true;
	});
	try {
		const firstCallAt = await waitFor(
			() => bulkDone || sandbox.stats.log.find((e) => e.route === QR_ROUTE)?.at,
			{ timeoutMs: 60_000, intervalMs: 10, what: "the bulk run's first request" },
		);
		if (typeof firstCallAt === 'number') {
			for (let i = 0; i < jobs; i++) {
				const due = firstCallAt + delayMs + i * everyMs;
				if (due > Date.now()) await sleep(due - Date.now());
				calls.push(callOnce(linkUrl, `https://example.com/job/${crypto.randomUUID()}`, due));
			}
		}
		const run = await bulk;
		const answered = await Promise.all(calls);
		const arrivals = sandbox.stats.log.map(({ at, route, status }) => ({ at, route, status }));
		const stats = { requests: sandbox.stats.requests, rateLimited: sandbox.stats.rateLimited };
		const ran = await endedExecutions(cluster.api, linkId, answered.length);
		await waitFor(() => ran.every((e) => workerOf(cluster, e.id)), {
			timeoutMs: 10_000,
			what: 'the workers to log every one-link execution',
		}).catch(() => {});
		const byUrl = new Map();
		for (const e of ran) {
			const url = e.data?.resultData?.runData?.Webhook?.[0]?.data?.main?.[0]?.[0]?.json?.body?.url;
			(byUrl.get(url) ?? byUrl.set(url, []).get(url)).push(e);
		}
		for (const call of answered) {
			const runs = byUrl.get(call.url) ?? [];
			call.executions = runs.map((e) => ({
				id: e.id,
				status: e.status,
				worker: workerOf(cluster, e.id),
			}));
			call.worker = runs.length === 1 ? call.executions[0].worker : undefined;
		}
		const links = new Map();
		for (const link of sandbox.store.links.list())
			links.set(link.longurl, (links.get(link.longurl) ?? 0) + 1);
		return {
			run: { ...run, firstCallAt: typeof firstCallAt === 'number' ? firstCallAt : undefined },
			calls: answered,
			executions: ran,
			strangers: [...byUrl.keys()].filter((url) => !answered.some((c) => c.url === url)),
			links,
			arrivals,
			stats,
		};
	} finally {
		unstamp();
	}
}

/** One webhook call creating a link of `url`, timed from `due` (when it was meant to go). */
async function callOnce(endpoint, url, due) {
	const sent = Date.now();
	try {
		const res = await fetch(endpoint, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ url }),
		});
		const text = await res.text();
		let body;
		try {
			body = JSON.parse(text);
		} catch {
			body = text.slice(0, 300);
		}
		return { url, due, sent, ms: Date.now() - sent, status: res.status, body };
	} catch (error) {
		return { url, due, sent, ms: Date.now() - sent, error: String(error?.message ?? error) };
	}
}

/**
 * The sandbox's arrivals per window of `windowMs` from `from`: QR code requests, link requests
 * and those answered 429, e.g. `0:30q 1:29q+1l 2:28q+2l/1×429`.
 */
export function arrivalsPerWindow(arrivals, from, windowMs) {
	const windows = [];
	for (const a of arrivals) {
		if (a.at === undefined || a.at < from) continue;
		const w = Math.floor((a.at - from) / windowMs);
		const slot = (windows[w] ??= { q: 0, l: 0, refused: 0 });
		if (a.status === 429) slot.refused++;
		else if (a.route === QR_ROUTE) slot.q++;
		else if (a.route === LINK_ROUTE) slot.l++;
	}
	return [...windows.keys()]
		.map((w) => {
			const s = windows[w] ?? { q: 0, l: 0, refused: 0 };
			return `${w}:${s.q}q${s.l ? `+${s.l}l` : ''}${s.refused ? `/${s.refused}×429` : ''}`;
		})
		.join(' ');
}
