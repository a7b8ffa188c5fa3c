#!/usr/bin/env node
// node test/queue/sheet-again.mjs: a QR code sheet run twice in n8n 2.41.1's queue mode (main + 1
// worker, Redis, PostgreSQL), started by a webhook. Create or Update remembers what it sent in the
// workflow's static data, which the worker saves after its execution; but n8n 2.41.1 keeps only
// the workflow's nodes, connections and settings with a new execution (toWorkflowSnapshot) and
// has the worker reload the static data only for an execution that existed before (a resumed
// one), so each new execution on a worker starts without it: the second run updates every row,
// as before the memory. This case holds that measured behaviour: when n8n starts loading the
// static data on workers, the second run sends only the list read, the check fails, and
// docs/create-or-update.md's queue-mode sentence is to be updated. Reuses the queue suite's
// libraries (see README.md).
//
//   QUEUE_SHEET_ROWS=20    rows of the sheet
//   QUEUE_KEEP=1           keep the temporary folders (paths printed)
import crypto from 'node:crypto';
import path from 'node:path';

import { cleanup, makeTempDir, stopAtCleanup, stopOnExitPaths } from '../e2e/lib/cleanup.mjs';
import { ensureN8n, TARGETS } from '../e2e/lib/install.mjs';
import { buildAndPack } from '../e2e/lib/package.mjs';
import { REPO, startSandbox } from '../e2e/lib/sandbox.mjs';
import { fmtSec } from '../e2e/lib/util.mjs';
import { credentialsOf, PACKAGE_NODE_TYPE } from '../e2e/lib/workflows.mjs';
import { endedExecutions } from './clicks.mjs';
import { saveLogs, startQueueMode, workerOf } from './cluster.mjs';
import { ensurePackages } from './services.mjs';
import {
	createCredential,
	deployWorkflow,
	mainTo,
	webhookAnsweringAtOnce,
	workflowNode,
} from './workload.mjs';

const ROWS = Number(process.env.QUEUE_SHEET_ROWS || 20);
const KEEP = process.env.QUEUE_KEEP === '1';
const TIMEOUT_MS = 15 * 60_000;
const ARTIFACTS = path.join(REPO, 'test', 'artifacts', 'queue-sheet-again');
const UPSERT_NODE = 'Create or Update QR codes';

const log = (...args) => console.log('[queue sheet]', ...args);
const results = [];
function check(name, ok, note) {
	results.push({ name, ok, note });
	log(`  ${ok ? '✔' : '✘'} ${name}${note ? ` — ${note}` : ''}`);
}

/** Webhook (answers at once) → the sheet's ROWS rows (Code) → QR Code › Create or Update by name. */
function sheetWorkflow(webhookPath, credential) {
	const node = workflowNode;
	return {
		name: 'Queue: a QR code sheet run again',
		nodes: [
			webhookAnsweringAtOnce(webhookPath),
			node(
				'Sheet',
				'n8n-nodes-base.code',
				2,
				{
					jsCode: `return Array.from({ length: ${ROWS} }, (_, i) => ({ json: { name: \`Queue sheet QR \${i + 1}\`, url: \`https://example.com/q/\${i + 1}\` } }));`,
				},
				220,
			),
			node(
				UPSERT_NODE,
				PACKAGE_NODE_TYPE,
				1,
				{
					resource: 'qrCode',
					operation: 'upsert',
					name: '={{ $json.name }}',
					type: 'link',
					data: '={{ $json.url }}',
				},
				440,
				{ credentials: credentialsOf(credential) },
			),
		],
		connections: { Webhook: mainTo('Sheet'), Sheet: mainTo(UPSERT_NODE) },
		settings: { executionOrder: 'v1' },
	};
}

/** The sandbox's requests since `from`, counted by route. */
const routesSince = (sandbox, from) =>
	sandbox.stats.log
		.filter((entry) => entry.n > from)
		.reduce((counts, { route }) => ({ ...counts, [route]: (counts[route] ?? 0) + 1 }), {});

async function main() {
	const target = TARGETS[2];
	await ensurePackages();
	await ensureN8n(target);
	const tgz = await buildAndPack(makeTempDir('lm-queue-sheet-pack-'));
	const sandbox = await startSandbox({
		port: 0,
		apiKey: `queue-${crypto.randomBytes(12).toString('hex')}`,
		rateLimit: 0,
		seed: { qr: 0 },
	});
	stopAtCleanup(sandbox);
	const cluster = await startQueueMode({
		target,
		tgz,
		workers: 1,
		concurrency: 1,
		webhooks: 0,
		makeTempDir,
	});
	stopAtCleanup({ stop: () => (saveLogs(cluster, ARTIFACTS), cluster.stop()) });

	const webhookPath = `queue-sheet-${crypto.randomBytes(6).toString('hex')}`;
	const credential = await createCredential(cluster, sandbox);
	const workflowId = await deployWorkflow(cluster, sheetWorkflow(webhookPath, credential));
	const runs = [];
	for (let run = 1; run <= 2; run++) {
		const from = sandbox.stats.requests;
		const started = Date.now();
		const res = await fetch(`${cluster.main.baseUrl}/webhook/${webhookPath}`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: '{}',
		});
		if (res.status !== 200) throw new Error(`the webhook answered ${res.status}`);
		const executions = await endedExecutions(cluster.api, workflowId, run);
		const [latest] = executions; // newest first
		const outcomes = (latest.data?.resultData?.runData?.[UPSERT_NODE]?.[0]?.data?.main?.[0] ?? [])
			.map((item) => item.json.outcome)
			.reduce((counts, outcome) => ({ ...counts, [outcome]: (counts[outcome] ?? 0) + 1 }), {});
		runs.push({
			status: latest.status,
			worker: workerOf(cluster, latest.id),
			requests: routesSince(sandbox, from),
			outcomes,
			ms: Date.now() - started,
		});
		log(`run ${run}: ${JSON.stringify(runs.at(-1))}`);
	}
	const [first, second] = runs;
	const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
	check(
		'both runs succeeded on the worker',
		runs.every((r) => r.status === 'success' && r.worker),
	);
	check(
		`first run: the list and ${ROWS} creates`,
		same(first.requests, { 'GET /api/qr': 1, 'POST /api/qr/add': ROWS }),
		JSON.stringify(first.requests),
	);
	check(
		'second run: the list and an update per row (the worker started without the saved static data)',
		same(second.requests, { 'GET /api/qr': 1, 'PUT /api/qr/:id/update': ROWS }) &&
			same(second.outcomes, { updated: ROWS }),
		`${JSON.stringify(second.requests)}, ${JSON.stringify(second.outcomes)}${same(second.requests, { 'GET /api/qr': 1 }) ? ': only the list read, n8n now loads the static data on workers: update docs/create-or-update.md' : ''}`,
	);
	check(`${ROWS} QR codes in the sandbox`, sandbox.store.qr.size === ROWS);
	log(`times: ${runs.map((r) => fmtSec(r.ms)).join(', ')}`);
}

function summary() {
	const failed = results.filter((r) => !r.ok);
	console.log(`\nqueue sheet: ${results.length - failed.length} passed, ${failed.length} failed`);
	return results.length > 0 && !failed.length;
}

stopOnExitPaths({
	log,
	keepTempDirs: KEEP,
	timeoutMs: TIMEOUT_MS,
	onTimeout: () => check(`finished within ${fmtSec(TIMEOUT_MS)}`, false),
	afterTimeout: summary,
});

try {
	await main();
} catch (error) {
	check('ran to its end', false, String(error?.stack || error));
} finally {
	await cleanup();
}
process.exit(summary() ? 0 : 1);
