// Part 9 of the benchmark, the queue-mode grid (BENCH_ONLY=queue): n8n 2.41.1 in queue mode with
// 1, 2 and 3 workers sharing one key, N items split over several webhook executions fired at
// once, the node's wait limits at their defaults and scaled to the sandbox's window. It reuses the
// queue suite's libraries (test/queue/); its section of docs/maintainers/benchmark.md is queue-report.mjs's.
import path from 'node:path';

import { makeTempDir } from '../../e2e/lib/cleanup.mjs';
import { startSandbox } from '../../e2e/lib/sandbox.mjs';
import { sleep } from '../../e2e/lib/util.mjs';
import { saveLogs, startQueueMode } from '../../queue/cluster.mjs';
import { ensurePackages } from '../../queue/services.mjs';
import {
	bulkWebhookWorkflow,
	createCredential,
	deployWorkflow,
	runBatch,
	waitLimits,
} from '../../queue/workload.mjs';
import { lastWindowTimes, startBareClient } from '../bare-client.mjs';
import { floorMs, pct, ratio, sec, windowsNeeded } from '../measure.mjs';
import { ARTIFACTS, log, QUEUE, target } from '../settings.mjs';

/**
 * Runs the grid with the packed package `tgz` (c(r) from the bare client); sets results.queue to
 * { rows, cOf, totalMs }.
 */
export async function queuePart({ tgz, results }) {
	startBareClient();
	const started = Date.now();
	for (const w of QUEUE.workers)
		if (QUEUE.executions % w) throw new Error(`${QUEUE.executions} executions for ${w} workers`);
	await ensurePackages();
	const apiKey = `bench-queue-${Date.now()}`;
	const budget = { rateLimit: QUEUE.limit, rateWindowMs: QUEUE.windowMs };
	const sandbox = await startSandbox({ port: 0, apiKey, ...budget, seed: { qr: 0 } });
	const free = await startSandbox({ port: 0, apiKey, rateLimit: 0, seed: { qr: 0 } });
	const rows = [];
	let cOf = new Map();
	try {
		const sizes = new Set(QUEUE.ns.map((n) => windowsNeeded(n, QUEUE.limit).r));
		cOf = await lastWindowTimes(free, sizes, { repeats: 5 });
		for (const workers of QUEUE.workers) {
			const concurrency = QUEUE.executions / workers;
			log(`queue mode: main + ${workers} worker(s), --concurrency=${concurrency} ...`);
			const cluster = await startQueueMode({ target, tgz, workers, concurrency, makeTempDir });
			try {
				const credential = await createCredential(cluster, sandbox);
				const flows = {};
				for (const kind of QUEUE.limits) {
					const limits = waitLimits(kind, QUEUE.windowMs);
					const webhookPath = `bench-queue-${workers}-${kind}`;
					const workflow = bulkWebhookWorkflow({
						name: `Bench queue: wait limits ${kind}`,
						webhookPath,
						credential,
						limits,
					});
					flows[kind] = {
						limits,
						webhookPath,
						workflowId: await deployWorkflow(cluster, workflow),
					};
				}
				for (const n of QUEUE.ns) {
					for (const kind of QUEUE.limits) {
						// the previous run's window is over: nothing it left in the workers' budgets applies
						await sleep(QUEUE.windowMs + 200);
						const row = await measureRun({
							cluster,
							sandbox,
							workers,
							n,
							kind,
							cOf,
							...flows[kind],
						});
						log(
							`  ${workers} worker(s), N = ${n}, limits ${kind}: ${sec(row.ms)} (${ratio(row.ms / row.floor)} the floor for its start); 429s ${pct(row.share)}; failed items ${row.failedItems}, failed executions ${row.failedExecutions}, duplicates ${row.duplicates}; jobs per worker ${row.jobs}`,
						);
						rows.push(row);
					}
				}
			} finally {
				saveLogs(cluster, path.join(ARTIFACTS, `queue-${workers}-workers`));
				await cluster.stop();
			}
		}
	} finally {
		await Promise.allSettled([sandbox.stop(), free.stop()]);
	}
	results.queue = { rows, cOf: Object.fromEntries(cOf), totalMs: Date.now() - started };
}

async function measureRun({
	cluster,
	sandbox,
	workers,
	n,
	kind,
	cOf,
	limits,
	webhookPath,
	workflowId,
}) {
	const batch = await runBatch({
		cluster,
		sandbox,
		workflowId,
		webhookPath,
		executions: QUEUE.executions,
		items: n,
		tag: `w${workers}-${kind}-${n}`,
	});
	const { r, k } = windowsNeeded(n, QUEUE.limit);
	const at = { n, limit: QUEUE.limit, windowMs: QUEUE.windowMs, lastMs: cOf.get(r) };
	const jobs = cluster.workers.map((w) => batch.runs.filter((x) => x.worker === w.name).length);
	const failed = batch.runs.filter((x) => x.status !== 'success');
	return {
		workers,
		n,
		k,
		kind,
		limits,
		t0: batch.t0,
		ms: batch.ms,
		nominal: floorMs(at),
		floor: floorMs({ ...at, t0: batch.t0 }),
		requests: batch.stats.requests,
		rateLimited: batch.stats.rateLimited,
		share: batch.stats.rateLimited / batch.stats.requests,
		failedItems: batch.missing.length,
		failedExecutions: failed.length,
		// one line per kind of error: the times in the messages differ from execution to execution
		errors: [...new Set(failed.map((x) => String(x.error).replace(/\d{4}-[\d-]+T[\d:.]+Z/g, '…')))],
		duplicates: batch.duplicates + batch.unexpected.length,
		jobs: jobs.join(' / '),
	};
}
