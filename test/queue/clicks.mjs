// Clicks as the service notifies them: a workflow started by a webhook node (the Link Management
// Webhook Trigger, or n8n's own Webhook node for comparison), the sandbox's visitors clicking a
// short link at a steady rate or all at once, the service's notification of each click posted to
// the workflow's Production URL (the sandbox waits for the answer as the service does), and the
// executions that came of it. Used by the queue suite (main + workers + a webhook process) and by
// the benchmark's clicks part (regular mode and queue mode).
import fs from 'node:fs';

import { sleep, waitFor } from '../e2e/lib/util.mjs';
import { n8nWebhookNode, packageWebhookTriggerNode } from '../e2e/lib/workflows.mjs';

export const TRIGGER_NODE = 'Link clicked';
export const WEBHOOK_NODE = 'Webhook';
const TERMINAL = ['success', 'error', 'crashed', 'canceled'];

/**
 * A workflow of one node answering the notifications on receipt, each as the editor adds it:
 * `kind` `trigger` (the Link Management Webhook Trigger, Link Clicked, Add Link Record off: no
 * credential) or `webhook` (n8n's Webhook node, POST, Respond Immediately). Returns
 * { workflow, path }: the Production URL is `<base>/webhook/<path>`.
 */
export function clickWorkflow(kind, { name }) {
	const node =
		kind === 'trigger'
			? packageWebhookTriggerNode(TRIGGER_NODE, { events: ['linkClicked'] })
			: n8nWebhookNode(WEBHOOK_NODE, 'onReceived');
	return {
		// the trigger's address is its random ID and the path its description gives it
		path: kind === 'trigger' ? `${node.webhookId}/notification` : node.webhookId,
		workflow: { name, nodes: [node], connections: {}, settings: { executionOrder: 'v1' } },
	};
}

/**
 * Creates and activates the click workflow of `kind` (public API, `api(method, path, body)`) and
 * waits until `receiverUrl` (the n8n process that answers production webhooks) knows its address,
 * starting nothing: the trigger refuses a body that is no notification (400), the Webhook node's
 * address answers a CORS preflight (204), where an address n8n does not know is answered 404.
 * Returns { id, url }.
 */
export async function deployClickWorkflow(api, receiverUrl, kind, { name }) {
	const { workflow, path } = clickWorkflow(kind, { name });
	const { id } = await api('POST', '/workflows', workflow);
	await api('POST', `/workflows/${id}/activate`);
	const url = `${receiverUrl}/webhook/${path}`;
	const probe =
		kind === 'trigger'
			? { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }
			: {
					method: 'OPTIONS',
					headers: { Origin: receiverUrl, 'Access-Control-Request-Method': 'POST' },
				};
	await waitFor(
		async () => {
			const res = await fetch(url, probe);
			await res.arrayBuffer();
			return res.status === (kind === 'trigger' ? 400 : 204);
		},
		{ timeoutMs: 30_000, intervalMs: 200, what: `${url} to be registered` },
	);
	return { id, url };
}

let visitors = 0;

/**
 * `count` visitors, each new (an address and a city of its own: the service notifies one
 * visitor's repeat visit once in 15 minutes), click `shortUrl` of `sandbox`: `perSecond` a second,
 * or all at once when it is 0. The sandbox posts each click's notification to its clicked URL and
 * redirects the visitor once that is answered. Returns the notifications (the sandbox's
 * deliveries: status, answer, ms), each with the `city` that tells its execution.
 */
export async function clicks(sandbox, shortUrl, { count, perSecond = 0, tag }) {
	const cities = [];
	const started = Date.now();
	const visits = [];
	for (let i = 0; i < count; i++) {
		if (perSecond) {
			const due = started + (i * 1000) / perSecond;
			if (due > Date.now()) await sleep(due - Date.now());
		}
		const n = ++visitors;
		const city = `${tag} ${i + 1}`;
		cities.push(city);
		visits.push(
			fetch(shortUrl, {
				redirect: 'manual',
				headers: {
					'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0',
					'X-Forwarded-For': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
					'X-City': city,
				},
			}).then(async (res) => ({ status: res.status, body: await res.arrayBuffer() })),
		);
	}
	const visited = await Promise.all(visits);
	const wanted = new Set(cities);
	const deliveries = sandbox.notifications.deliveries.filter((d) => wanted.has(d.payload.city));
	return {
		cities,
		redirects: visited.filter((v) => v.status === 302).length,
		deliveries: deliveries.map((d) => ({
			city: d.payload.city,
			status: d.status,
			ms: d.ms,
			error: d.error,
		})),
	};
}

/** Every execution of the workflow (public API, page by page), newest first. */
export async function executionsOf(api, workflowId, { includeData = false } = {}) {
	const all = [];
	let cursor;
	do {
		const query = `workflowId=${workflowId}&limit=250&includeData=${includeData}${cursor ? `&cursor=${cursor}` : ''}`;
		const page = await api('GET', `/executions?${query}`);
		all.push(...page.data);
		cursor = page.nextCursor;
	} while (cursor);
	return all;
}

/**
 * Waits until the workflow has at least `count` executions and all have ended (or `timeoutMs`
 * passed); then, `withData`, a moment more so that an execution started twice would show, and
 * returns them with their data (else the list without it).
 */
export async function endedExecutions(
	api,
	workflowId,
	count,
	{ timeoutMs = 300_000, withData = true } = {},
) {
	const ended = await waitFor(
		async () => {
			const list = await executionsOf(api, workflowId);
			return list.length >= count && list.every((e) => TERMINAL.includes(e.status)) && list;
		},
		{ timeoutMs, intervalMs: 1000, what: `${count} executions of workflow ${workflowId} to end` },
	).catch(() => false);
	if (!withData) return ended || (await executionsOf(api, workflowId));
	await sleep(2000);
	return await executionsOf(api, workflowId, { includeData: true });
}

/** The city of the click an execution was started with (its webhook node's one item). */
export function cityOf(execution, nodeName) {
	const item = execution.data?.resultData?.runData?.[nodeName]?.[0]?.data?.main?.[0]?.[0]?.json;
	return nodeName === WEBHOOK_NODE ? item?.body?.city : item?.city;
}

/** pid → ppid of every process (/proc/<pid>/stat; its comm may hold spaces and parentheses). */
function parents() {
	const table = new Map();
	for (const entry of fs.readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		const stat = readStat(entry);
		if (stat) table.set(Number(entry), Number(stat[1]));
	}
	return table;
}

function readStat(pid) {
	try {
		const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
		return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
	} catch {
		return undefined;
	}
}

/**
 * CPU time (user + system, ms) used so far by each of `pids` and the processes below it, as
 * { <pid>: ms }: what a process needed, whatever else the machine was doing.
 */
export function cpuMs(pids) {
	const table = parents();
	const result = {};
	for (const root of pids) {
		const tree = [root];
		for (let i = 0; i < tree.length; i++)
			for (const [child, parent] of table) if (parent === tree[i]) tree.push(child);
		// fields 14 and 15 of stat (utime, stime), in clock ticks of 10 ms
		result[root] = tree
			.map(readStat)
			.filter(Boolean)
			.reduce((sum, f) => sum + (Number(f[11]) + Number(f[12])) * 10, 0);
	}
	return result;
}
