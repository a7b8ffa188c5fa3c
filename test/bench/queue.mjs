// The queue-mode part of `npm run bench` (BENCH_ONLY=queue): n8n 2.41.1 in queue mode with 1, 2
// and 3 workers sharing one key, N items split over several webhook executions fired at once,
// the node's wait limits at their defaults and scaled to the sandbox's window. It reuses the queue
// suite's libraries (test/queue/) and writes its own section of docs/benchmark.md.
import fs from 'node:fs';
import path from 'node:path';

import { startSandbox } from '../e2e/lib/sandbox.mjs';
import { sleep } from '../e2e/lib/util.mjs';
import { saveLogs, startQueueMode } from '../queue/cluster.mjs';
import { ensurePackages } from '../queue/services.mjs';
import {
	bulkWebhookWorkflow,
	createCredential,
	deployWorkflow,
	runBatch,
	waitLimits,
} from '../queue/workload.mjs';
import { floorMs, median, msf, ratio, sec, table, windowsNeeded } from './measure.mjs';

const list = (value, fallback) => (value ? value.split(',').map((s) => s.trim()) : fallback);
/** 6 executions: each of 1, 2 or 3 workers takes an equal share at once (--concurrency = 6 / workers). */
export const QUEUE = {
	workers: list(process.env.BENCH_QUEUE_WORKERS, ['1', '2', '3']).map(Number),
	ns: list(process.env.BENCH_QUEUE_NS, ['90', '600', '1200']).map(Number),
	limits: list(process.env.BENCH_QUEUE_LIMITS, ['default', 'scaled']),
	executions: 6,
	limit: 30,
	windowMs: 2000,
};
/** A grid narrowed by BENCH_QUEUE_* is an experiment: its table is written only with BENCH_WRITE=1. */
export const QUEUE_TRIMMED = ['WORKERS', 'NS', 'LIMITS'].some(
	(k) => process.env[`BENCH_QUEUE_${k}`],
);

/**
 * Runs the grid; `bareRepeated(sandbox, spec, repeats)` is the bench's bare client (for c(r)).
 * Returns { rows, cOf, totalMs }.
 */
export async function queueBench({ target, tgz, makeTempDir, bareRepeated, log, artifacts }) {
	const started = Date.now();
	for (const w of QUEUE.workers)
		if (QUEUE.executions % w) throw new Error(`${QUEUE.executions} executions for ${w} workers`);
	await ensurePackages();
	const apiKey = `bench-queue-${Date.now()}`;
	const budget = { rateLimit: QUEUE.limit, rateWindowMs: QUEUE.windowMs };
	const sandbox = await startSandbox({ port: 0, apiKey, ...budget, seed: { qr: 0 } });
	const free = await startSandbox({ port: 0, apiKey, rateLimit: 0, seed: { qr: 0 } });
	const rows = [];
	const cOf = new Map();
	try {
		for (const r of new Set(QUEUE.ns.map((n) => windowsNeeded(n, QUEUE.limit).r))) {
			const runs = await bareRepeated(
				free,
				{
					method: 'POST',
					path: '/api/qr/add',
					body: { type: 'link', data: 'https://example.com/c/{i}', name: 'c {i}' },
					count: r,
					mode: 'concurrent',
				},
				5,
			);
			cOf.set(r, median(runs.map((x) => x.totalMs)));
		}
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
				saveLogs(cluster, path.join(artifacts, `queue-${workers}-workers`));
				await cluster.stop();
			}
		}
	} finally {
		await Promise.allSettled([sandbox.stop(), free.stop()]);
	}
	return { rows, cOf: Object.fromEntries(cOf), totalMs: Date.now() - started };
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

const pct = (share) => `${(share * 100).toFixed(1)}%`;

// ------------------------------------------------------------------------ docs/benchmark.md

const START = '<!-- queue-mode section: written by `BENCH_ONLY=queue npm run bench` -->';
const END = '<!-- end of the queue-mode section -->';

/** The queue-mode section of a benchmark.md text ('' when it has none). */
export function queueSectionOf(doc) {
	const a = doc.indexOf(START);
	const b = doc.indexOf(END);
	return a >= 0 && b > a ? doc.slice(a, b + END.length) : '';
}

/** `doc` with its queue-mode section replaced by `section` (appended when it has none). */
export function withQueueSection(doc, section) {
	const old = queueSectionOf(doc);
	if (!section) return doc;
	if (old) return doc.replace(old, section);
	return `${doc.trimEnd()}\n\n${section}\n`;
}

/** Markdown of the queue-mode section; `meta` is { machine, commit, version }. */
export function queueSection(q, meta) {
	const m = meta.machine;
	const scaled = waitLimits('scaled', QUEUE.windowMs);
	const rows = [...q.rows].sort(
		(a, b) => a.kind.localeCompare(b.kind) || a.n - b.n || a.workers - b.workers,
	);
	const out = [
		START,
		'',
		`## 6. Queue mode: workers sharing one key`,
		'',
		`Measured by \`BENCH_ONLY=queue npm run bench\` on ${m.date.slice(0, 10)} (${fmtMin(q.totalMs)} for the grid): package ${meta.version}, commit ${meta.commit}; n8n ${m.n8n} on Node ${m.n8nNode} in queue mode (\`test/queue/\`: its own redis-server and PostgreSQL cluster, \`n8n start\` as main and \`n8n worker\` processes, the packed package installed in each user folder); ${m.nproc} cores (${m.cpu}), ${m.memory}, load average at the end ${m.loadavg}. Every process of a configuration runs on this one machine, so 3 workers share 2 cores with the main, Redis, PostgreSQL and the sandbox.`,
		'',
		`Each run fires ${QUEUE.executions} webhook calls at once (Webhook → Split Out → QR Code › Create, one credential, one key); the N items are split evenly over them. Each worker runs with \`--concurrency\` = ${QUEUE.executions} / workers, so every worker holds an equal share of the executions at the same time. The sandbox allows ${QUEUE.limit} requests per ${QUEUE.windowMs} ms window (the service's ${QUEUE.limit} per minute, 30 times faster). Wait limits: *default* = the node's defaults (Max Wait per Pause 120 s, Max Total Wait per Item 300 s); *scaled* = the defaults × W / 60 s (${scaled.maxWait} s and ${scaled.maxTotalWait} s), what the defaults mean at the real window.`,
		'',
		`**Time** runs from the first webhook call to the end of the last execution (its \`stoppedAt\`). **Floor**, as in part 1: k = ceil(N / ${QUEUE.limit}) windows, r = N − (k − 1) × ${QUEUE.limit}; nominal floor = (k − 1) × W + c(r), floor for the start = (k − 1) × W − φ + c(r) with φ = the first call's phase in its window; c(r) = ${Object.entries(
			q.cOf,
		)
			.map(([r, ms]) => `c(${r}) = ${msf(ms)}`)
			.join(
				', ',
			)} (bare client, median of 5). **429 share** = answers 429 / all requests the sandbox received. **Failed items** = items with no record in the sandbox; **duplicates** = records beyond the first per item (and records nobody asked for). **Jobs per worker** from each worker's log ("Worker started execution …").`,
		'',
		table(
			[
				'wait limits',
				'N',
				'workers',
				'jobs per worker',
				'time',
				'nominal floor',
				'time / nominal floor',
				'floor for its start (φ)',
				'time / that floor',
				'requests',
				'429 share',
				'failed items',
				'failed executions',
				'duplicates',
			],
			rows.map((r) => [
				`${r.kind} (${r.limits.maxWait} s / ${r.limits.maxTotalWait} s)`,
				r.n,
				r.workers,
				r.jobs,
				sec(r.ms),
				sec(r.nominal),
				ratio(r.ms / r.nominal),
				`${sec(r.floor)} (${Math.round(r.t0 % QUEUE.windowMs)} ms)`,
				ratio(r.ms / r.floor),
				r.requests,
				pct(r.share),
				r.failedItems,
				r.failedExecutions,
				r.duplicates,
			]),
		),
		'',
		...rows
			.filter((r) => r.errors.length)
			.map(
				(r) =>
					`- ${r.workers} worker(s), N = ${r.n}, ${r.kind}: the failed executions ended with ${r.errors.map((e) => `"${e}"`).join(', ')}`,
			),
		'',
		...findings(rows),
		'',
		END,
	];
	return out.join('\n').replace(/\n{3,}/g, '\n\n');
}

const fmtMin = (ms) => `${(ms / 60_000).toFixed(1)} min`;

/** What the rows say, and issue 14's goal checked against the 2-worker runs at N = 1,200. */
function findings(rows) {
	const notes = [];
	const byWorkers = (w) => rows.filter((r) => r.workers === w);
	for (const w of new Set(rows.map((r) => r.workers))) {
		const shares = byWorkers(w).map((r) => r.share);
		const failed = byWorkers(w).filter((r) => r.failedItems);
		notes.push(
			`- **${w} worker(s):** ${pct(Math.min(...shares))} to ${pct(Math.max(...shares))} of requests answered 429; ${failed.length ? `failed items in ${failed.map((r) => `${r.kind} N = ${r.n} (${r.failedItems})`).join(', ')}` : 'no failed item'}; ${byWorkers(w).reduce((a, r) => a + r.duplicates, 0)} duplicates.`,
		);
	}
	for (const r of rows.filter((x) => x.workers === 2 && x.n === 1200)) {
		const goal = [
			[`0 failed items`, r.failedItems === 0, r.failedItems],
			[`0 duplicates`, r.duplicates === 0, r.duplicates],
			[`at most 10% answered 429`, r.share <= 0.1, pct(r.share)],
			[`time ≤ 1.15 × the floor for its start`, r.ms <= 1.15 * r.floor, ratio(r.ms / r.floor)],
		];
		notes.push(
			`- **Goal of issue 14** (2 workers, N = 1,200, wait limits ${r.kind}): ${goal.map(([what, ok, got]) => `${what} ${ok ? 'met' : 'not met'} (${got})`).join('; ')}.`,
		);
	}
	return notes;
}
