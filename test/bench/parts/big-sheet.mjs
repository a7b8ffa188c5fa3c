// Part 8 of the benchmark (BENCH_ONLY=sheet): a big sheet in one run, as users run it on a
// schedule, and whether n8n keeps answering meanwhile. In a running n8n 2.41.1 (`n8n start`,
// regular mode, n8n's default expression engine), a webhook starts Code (3,000 rows) → QR Code ›
// Create (data and name from the row) against the sandbox without a rate limit, and the same rows
// into n8n's HTTP Request node posting the same body with the same credential; a thread asks n8n's
// /healthz every 50 ms throughout. Then, in queue mode (main + 2 workers, the queue suite's
// set-up), one execution of 5,000 rows. Sets results.sheet.
import { Worker } from 'node:worker_threads';

import { makeTempDir } from '../../e2e/lib/cleanup.mjs';
import { startSandbox } from '../../e2e/lib/sandbox.mjs';
import { sleep, waitFor } from '../../e2e/lib/util.mjs';
import { createApiKey, publicApi, startQueueMode } from '../../queue/cluster.mjs';
import { ensurePackages } from '../../queue/services.mjs';
import { deployBulkWorkflow, deployWorkflow, runBatch, waitLimits } from '../../queue/workload.mjs';
import { ratio, sec, table } from '../measure.mjs';
import { log, SHEET, target } from '../settings.mjs';
import { httpCreateNode, lmCreateNode, webhookBulkWorkflow } from '../workflows.mjs';

const CREATE = { lm: 'Link Management: create QR codes', http: 'HTTP Request: create QR codes' };

/** Asks `url` every 50 ms in a thread of its own until `stop()`, which gives the longest wait. */
function watchHealth(url) {
	const thread = new Worker(new URL('../health-watch-thread.mjs', import.meta.url));
	thread.postMessage({ url, everyMs: 50 });
	return {
		stop: async () => {
			const answer = new Promise((resolve) => thread.once('message', resolve));
			thread.postMessage('stop');
			const watched = await answer;
			await thread.terminate();
			return watched;
		},
	};
}

export async function bigSheetPart({ n8n, s, tgz, results }) {
	results.sheet = { runs: [] };
	const free = s.free;
	await n8n.start();
	try {
		await n8n.setupOwnerAndLogin();
		const apiKey = await createApiKey(n8n);
		const api = (method, path, body) => publicApi(n8n, apiKey, method, path, body);
		const cluster = { api, main: n8n };
		const flows = {};
		for (const [kind, createNode] of [
			['lm', lmCreateNode(free.credential, CREATE.lm)],
			['http', httpCreateNode(free.credential, free.url, { name: CREATE.http })],
		]) {
			const path = `bench-sheet-${kind}`;
			const workflow = webhookBulkWorkflow(
				`Bench: a sheet of ${SHEET.n} rows, ${kind}`,
				path,
				SHEET.n,
				createNode,
			);
			flows[kind] = { path, id: await deployWorkflow(cluster, workflow) };
		}
		for (let repeat = 1; repeat <= SHEET.repeats; repeat++) {
			for (const kind of ['lm', 'http']) {
				const run = await measureRun({ n8n, api, free, kind, ...flows[kind] });
				log(
					`  ${kind} run ${repeat}: node ${sec(run.nodeMs)}, first request after ${sec(run.beforeFirstMs)}, /healthz waited up to ${sec(run.healthMs)} (${run.healthFailed} of ${run.healthAsked} failed), ${run.created} created`,
				);
				results.sheet.runs.push({ ...run, kind, repeat });
			}
		}
	} finally {
		await n8n.stop();
	}
	results.sheet.queue = await queueRun(tgz);
}

/** One webhook call of the sheet's workflow, measured until its execution ended. */
async function measureRun({ n8n, api, free, kind, path, id }) {
	free.reset();
	free.recorder.clear();
	const before = new Set((await api('GET', `/executions?workflowId=${id}`)).data.map((e) => e.id));
	const watch = watchHealth(`${n8n.baseUrl}/healthz`);
	await sleep(200);
	const t0 = Date.now();
	const answer = await fetch(`${n8n.baseUrl}/webhook/${path}`, { method: 'POST', body: '{}' });
	if (answer.status !== 200) throw new Error(`webhook ${path} answered ${answer.status}`);
	const execution = await waitFor(
		async () => {
			const { data } = await api('GET', `/executions?workflowId=${id}`);
			const done = data.find(
				(e) => !before.has(e.id) && ['success', 'error', 'crashed'].includes(e.status),
			);
			return done ?? false;
		},
		{ timeoutMs: 20 * 60_000, intervalMs: 500, what: `the ${kind} sheet's execution` },
	);
	const health = await watch.stop();
	const full = await api('GET', `/executions/${execution.id}?includeData=true`);
	const task = full.data?.resultData?.runData?.[CREATE[kind]]?.[0];
	const posts = free.recorder.arrivals.filter((a) => a.method === 'POST');
	return {
		status: execution.status,
		nodeMs: task?.executionTime,
		beforeFirstMs: posts.length ? posts[0].at - task.startTime : undefined,
		wholeMs: Date.parse(execution.stoppedAt) - t0,
		healthMs: health.longestMs,
		healthAsked: health.asked,
		healthFailed: health.failed,
		created: posts.length,
		output: task?.data?.main?.[0]?.filter((item) => item.json?.id !== undefined).length ?? 0,
	};
}

/** Queue mode, main + 2 workers: one execution of SHEET.queueN rows, no rate limit. */
async function queueRun(tgz) {
	await ensurePackages();
	const sandbox = await startSandbox({
		port: 0,
		apiKey: `bench-sheet-${Date.now()}`,
		rateLimit: 0,
		seed: { qr: 0 },
	});
	log(`queue mode: main + 2 workers, one execution of ${SHEET.queueN} rows ...`);
	const cluster = await startQueueMode({ target, tgz, workers: 2, concurrency: 1, makeTempDir });
	try {
		const { workflowId, webhookPath } = await deployBulkWorkflow(cluster, sandbox, {
			name: `Bench queue: one sheet of ${SHEET.queueN}`,
			limits: waitLimits('default', 60_000),
		});
		const batch = await runBatch({
			cluster,
			sandbox,
			workflowId,
			webhookPath,
			executions: 1,
			items: SHEET.queueN,
			tag: 'sheet',
		});
		const [run] = batch.runs;
		const row = {
			n: SHEET.queueN,
			status: run.status,
			error: run.error,
			ms: batch.ms,
			output: run.outputWithId,
			created: batch.created,
			missing: batch.missing.length,
			duplicates: batch.duplicates + batch.unexpected.length,
		};
		log(
			`  ${row.status} in ${sec(row.ms)}; output ${row.output}, created ${row.created}, missing ${row.missing}, duplicates ${row.duplicates}`,
		);
		return row;
	} finally {
		await cluster.stop();
		await sandbox.stop();
	}
}

/** The section of docs/maintainers/benchmark.md. */
export function bigSheetSection({ runs, queue }) {
	const byKind = (kind) => runs.filter((run) => run.kind === kind);
	const worst = (kind, key) => Math.max(...byKind(kind).map((run) => run[key]));
	const best = (kind, key) => Math.min(...byKind(kind).map((run) => run[key]));
	const out = [
		`## 8. A sheet of ${SHEET.n} rows in a running n8n, and n8n meanwhile`,
		'',
		`In \`n8n start\` (regular mode, n8n's default expression engine), a Webhook starts Code (${SHEET.n} rows) → QR Code › Create with \`data\` and \`name\` from the row, against the sandbox without a rate limit; the HTTP Request node posts the same body with the same credential (*Predefined Credential Type*). Runs alternate, ${SHEET.repeats} of each. A thread of the bench asks n8n's \`/healthz\` every 50 ms throughout: "n8n silent for up to" is the longest any of those questions waited for its answer. "Before the first request": from the node's start (its task's \`startTime\`) to the first request reaching the sandbox. "Node": the node's \`executionTime\`.`,
		'',
		table(
			[
				'node',
				'run',
				'status',
				'before the first request',
				'node',
				'n8n silent for up to',
				'/healthz failed',
				'created',
				'output items',
			],
			runs.map((run) => [
				run.kind === 'lm' ? 'Link Management' : 'HTTP Request',
				run.repeat,
				run.status,
				sec(run.beforeFirstMs),
				sec(run.nodeMs),
				sec(run.healthMs),
				`${run.healthFailed} of ${run.healthAsked}`,
				run.created,
				run.output,
			]),
		),
		'',
		`Link Management against the HTTP Request node, whole node: ${ratio(best('lm', 'nodeMs') / best('http', 'nodeMs'))} (best runs), ${ratio(worst('lm', 'nodeMs') / worst('http', 'nodeMs'))} (worst runs).`,
		'',
	];
	if (queue) {
		out.push(
			`**Queue mode** (the queue suite's set-up: main + 2 workers, Redis, PostgreSQL; a Webhook → Split Out → QR Code › Create, no rate limit): one execution of ${queue.n} rows — ${queue.status}${queue.error ? ` (${queue.error})` : ''} in ${sec(queue.ms)} from the webhook call; ${queue.output} output items with an ID, ${queue.created} QR codes created, ${queue.missing} missing, ${queue.duplicates} duplicates. n8n's job lock is 60 s, renewed by a timer of the worker's event loop: a node that held that loop for longer would have had the execution failed as stalled.`,
			'',
		);
	}
	return out.join('\n');
}
