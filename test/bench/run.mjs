#!/usr/bin/env node
// npm run bench: what users feel, measured on the e2e suite's real n8n 2.41.1 against the sandbox.
// Prints the tables and writes them to docs/benchmark.md. See test/bench/README.md.
//
//   BENCH_ONLY=bulk,http,returnAll,overhead,scaling   run only these parts (docs/benchmark.md is
//                                                     then left alone unless BENCH_WRITE=1)
//   BENCH_ONLY=queue (or npm run bench -- --queue)     the queue-mode grid alone (test/bench/queue.mjs);
//                                                     it rewrites its own section of docs/benchmark.md
//   BENCH_KEEP=1                                      keep the n8n user folder (path printed)
//   BENCH_TIMEOUT_MS                                  whole-run limit, default 30 minutes
//   N8N_E2E_CACHE                                     where n8n is installed (as for the e2e suite)
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

import {
	cleanup,
	keepTempDir,
	makeTempDir,
	stopAtCleanup,
	stopOnExitPaths,
} from '../e2e/lib/cleanup.mjs';
import { ensureN8n, TARGETS } from '../e2e/lib/install.mjs';
import { N8n, parseRawOutput, tail } from '../e2e/lib/n8n.mjs';
import { buildAndPack, installPackage } from '../e2e/lib/package.mjs';
import { REPO, startSandbox } from '../e2e/lib/sandbox.mjs';
import { exec, fmtSec } from '../e2e/lib/util.mjs';
import { CREDENTIAL_TYPE } from '../e2e/lib/workflows.mjs';
import {
	floorMs,
	machine,
	median,
	mib,
	msf,
	otherN8nProcesses,
	ratio,
	recordArrivals,
	sampleMemory,
	sec,
	table,
	windowAnalysis,
	windowsNeeded,
} from './measure.mjs';
import {
	QUEUE_TRIMMED,
	queueBench,
	queueSection,
	queueSectionOf,
	withQueueSection,
} from './queue.mjs';
import {
	bulkWorkflow,
	httpCreateNode,
	lmCreateNode,
	overheadWorkflow,
	returnAllWorkflow,
} from './workflows.mjs';

// ------------------------------------------------------------------------------ the settings

const BULK = { n: 300, limit: 30, windowMs: 2000 };
/** The HTTP Request node at its best: one window's budget per batch, one window per interval. */
const HTTP_BATCHING = { batchSize: 30, batchInterval: 2000 };
/** Retry On Fail at the editor's maximum. */
const HTTP_RETRY = { maxTries: 5, waitBetweenTries: 5000 };
/**
 * Return All over M records: against a service without a page cap (the node's default page
 * size of 1,000 applies) and against one that caps pages at `cap` (the node follows perpage).
 */
const RETURN_ALL = {
	m: 10_000,
	baselineM: 100,
	limit: 30,
	windowMs: 2000,
	maxLimit: 100,
	pageSize: 1000,
	uncapped: 100_000,
};
const OVERHEAD = { k: 200, repeats: 5, bareRepeats: 5 };
/** 25 per 1000 ms: even N = 30 needs two windows, and N = 3000 (120 windows) takes about 2 minutes. */
const SCALING = { ns: [30, 300, 3000], limit: 25, windowMs: 1000 };
const C_REPEATS = 5;

const PARTS = ['bulk', 'http', 'returnAll', 'overhead', 'scaling', 'queue'];
const ONLY = process.env.BENCH_ONLY
	? process.env.BENCH_ONLY.split(',').map((s) => s.trim())
	: process.argv.includes('--queue')
		? ['queue']
		: PARTS;
/** The parts that run in one n8n through `n8n execute` (all but queue). */
const SINGLE = ONLY.some((p) => p !== 'queue');
for (const p of ONLY)
	if (!PARTS.includes(p))
		throw new Error(`BENCH_ONLY: unknown part "${p}" (parts: ${PARTS.join(', ')})`);
const WRITE = ONLY === PARTS || process.env.BENCH_WRITE === '1';
const KEEP = process.env.BENCH_KEEP === '1';
const TIMEOUT_MS = Number(
	process.env.BENCH_TIMEOUT_MS || (ONLY.includes('queue') ? 75 : 30) * 60_000,
);
const DOC = path.join(REPO, 'docs', 'benchmark.md');
const ARTIFACTS = path.join(REPO, 'test', 'artifacts', 'bench');
const target = TARGETS[2];
/** The node's margin after an announced reset, from the build the bench installs (read after the build). */
let RESET_MARGIN_MS = '?';

const log = (...args) => console.log('[bench]', ...args);

const sandboxes = [];
let worker;

// ----------------------------------------------------------------------------- bare client

let taskId = 0;
const pending = new Map();

function startWorker() {
	if (worker) return;
	worker = new Worker(new URL('./bare-client.mjs', import.meta.url));
	stopAtCleanup({ stop: () => worker.terminate() });
	worker.on('message', (msg) => {
		const p = pending.get(msg.id);
		pending.delete(msg.id);
		if (msg.error) p?.reject(new Error(msg.error));
		else p?.resolve(msg);
	});
	worker.on('error', (error) => {
		for (const p of pending.values()) p.reject(error);
		pending.clear();
	});
}

/** One batch of requests by the bare client: { totalMs, latencies, statuses }. */
function bare(sandbox, spec) {
	const id = ++taskId;
	return new Promise((resolve, reject) => {
		pending.set(id, { resolve, reject });
		worker.postMessage({ id, url: sandbox.url, apiKey: sandbox.apiKey, ...spec });
	});
}

async function bareRepeated(sandbox, spec, repeats) {
	const runs = [];
	for (let i = 0; i < repeats; i++) {
		const res = await bare(sandbox, spec);
		const bad = Object.keys(res.statuses).filter((s) => s !== '200');
		if (bad.length)
			throw new Error(
				`bare client got statuses ${JSON.stringify(res.statuses)} for ${spec.method} ${spec.path}`,
			);
		runs.push(res);
	}
	return runs;
}

// ------------------------------------------------------------------------------- n8n runs

let n8n;
const workflowsToImport = [];

function credentialFor(tag) {
	return {
		id: `lmBenchCred${tag}`.padEnd(16, '0').slice(0, 16),
		name: `Link Management bench ${tag}`,
	};
}

const usedIds = new Set();
function workflowId(tag) {
	const id = `lmBench${tag}`.padEnd(16, 'X');
	if (id.length > 16 || usedIds.has(id))
		throw new Error(`workflow id ${id}: too long or used twice`);
	usedIds.add(id);
	return id;
}

/**
 * Runs one imported workflow with `n8n execute --rawOutput` (sandbox reset first) and returns the
 * named node's task from the run data, the sandbox's view and, if asked, the memory of the process.
 */
async function execute(workflow, nodeName, { sandbox, recorder, memory = false }) {
	sandbox.reset();
	recorder?.clear();
	let sampler;
	const res = await n8n.execute(workflow.id, {
		timeoutMs: 10 * 60_000,
		onSpawn: memory ? (child) => (sampler = sampleMemory(child.pid)) : undefined,
	});
	const mem = sampler?.stop();
	fs.writeFileSync(
		path.join(ARTIFACTS, `${workflow.id}.log`),
		`exit ${res.code}, ${res.ms} ms\n${tail(res.stdout, 200_000)}\n--- stderr\n${tail(res.stderr, 50_000)}`,
	);
	if (res.stdout.includes(sandbox.apiKey) || res.stderr.includes(sandbox.apiKey))
		throw new Error('the API key appears in the output of n8n execute');
	// A failed execution is printed by n8n's logger rather than as raw output; same JSON.
	const run = res.run ?? parseRawOutput(`${res.stdout}\n`);
	const task = run?.data?.resultData?.runData?.[nodeName]?.[0];
	if (!task)
		throw new Error(
			`no run data for "${nodeName}" (n8n execute exited with ${res.code})\n${tail(res.stdout + res.stderr, 3000)}`,
		);
	const statusByN = new Map(sandbox.stats.log.map((e) => [e.n, e.status]));
	if (recorder) {
		const lines = recorder.arrivals.map(
			(a) => `${a.at}\t${a.at - task.startTime}\t${a.method} ${a.path}\t${statusByN.get(a.n)}`,
		);
		fs.writeFileSync(
			path.join(ARTIFACTS, `${workflow.id}.arrivals.tsv`),
			`epochMs\tsinceNodeStartMs\trequest\tstatus\n${lines.join('\n')}\n`,
		);
	}
	return {
		code: res.code,
		processMs: res.ms,
		run,
		task,
		t0: task.startTime,
		ms: task.executionTime,
		items: task.data?.main?.[0] ?? [],
		nodeError: task.error?.message,
		stats: structuredClone({
			requests: sandbox.stats.requests,
			rateLimited: sandbox.stats.rateLimited,
			byStatus: sandbox.stats.byStatus,
		}),
		statusOf: (n) => statusByN.get(n),
		arrivals: recorder ? [...recorder.arrivals] : [],
		memory: mem,
	};
}

/**
 * Items that succeeded (an output item carrying the new record's id: `{ id, link }` from the Link
 * Management node, the service's `{ error: 0, id, link }` from the HTTP Request node), failed, and
 * what the sandbox holds afterwards (no QR codes are seeded, so every record was created by the run).
 */
function bulkOutcome(n, sandbox, result) {
	const ok = result.nodeError
		? 0
		: result.items.filter((item) => item.json?.id !== undefined).length;
	const records = sandbox.store.qr.list();
	const distinct = new Set(records.map((r) => `${r.name}\n${JSON.stringify(r.data)}`)).size;
	return {
		ok,
		failed: n - ok,
		created: records.length,
		distinct,
		duplicates: records.length - distinct,
	};
}

// ------------------------------------------------------------------------------------ main

const results = {};

async function main() {
	const started = Date.now();
	fs.mkdirSync(ARTIFACTS, { recursive: true });

	const others = otherN8nProcesses();
	results.otherN8n = others;
	if (others.length)
		log(
			`WARNING: other n8n processes are running; the numbers will be skewed:\n  ${others.join('\n  ')}`,
		);

	await ensureN8n(target);
	const workDir = makeTempDir('lm-bench-pack-');
	log('npm run build + npm pack ...');
	const tgz = await buildAndPack(workDir);
	RESET_MARGIN_MS = createRequire(import.meta.url)(
		path.join(REPO, 'dist', 'nodes', 'LinkManagement', 'transport', 'rateLimit.js'),
	).RESET_MARGIN_MS;
	const userFolder = makeTempDir('lm-bench-n8n-');
	if (KEEP) keepTempDir(userFolder);
	n8n = new N8n(target, userFolder);
	log(`installing ${path.basename(tgz)} into ${userFolder}/.n8n/nodes ...`);
	await installPackage(n8n, tgz);

	const nproc = (await exec('nproc', [])).stdout.trim();
	const nodeVersion = (await exec(n8n.paths.nodeExe, ['--version'])).stdout.trim();
	const n8nVersion = JSON.parse(
		fs.readFileSync(path.join(n8n.paths.n8nDir, 'node_modules', 'n8n', 'package.json'), 'utf8'),
	).version;
	results.machine = machine({ nproc, n8nVersion, n8nNodeVersion: nodeVersion });
	// Which code was measured (read-only git; "unknown" outside a git checkout).
	const head = await exec('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO }).catch(
		() => undefined,
	);
	const dirty = await exec('git', ['status', '--porcelain', '--', 'nodes', 'credentials'], {
		cwd: REPO,
	}).catch(() => undefined);
	results.commit =
		head?.code === 0
			? `${head.stdout.trim()}${dirty?.stdout.trim() ? ' with uncommitted changes in nodes/ or credentials/' : ''}`
			: 'unknown';
	// The queue-mode part runs its own n8n processes: alone, it needs nothing of what follows.
	if (!SINGLE) return await queuePart(tgz, started);

	// ---------------------------------------------------------------- sandboxes (random ports)
	const apiKey = `bench-${crypto.randomBytes(12).toString('hex')}`;
	const sandbox = async (tag, options) => {
		const s = await startSandbox({ port: 0, apiKey, maxLimit: RETURN_ALL.maxLimit, ...options });
		sandboxes.push(stopAtCleanup(s));
		s.tag = tag;
		s.credential = credentialFor(tag);
		s.recorder = recordArrivals(s);
		log(
			`sandbox ${tag} at ${s.url} (${options.rateLimit ? `${options.rateLimit} per ${options.rateWindowMs} ms` : 'no rate limit'})`,
		);
		return s;
	};
	const sBulk = await sandbox('Bulk', {
		rateLimit: BULK.limit,
		rateWindowMs: BULK.windowMs,
		seed: { qr: 0 },
	});
	const sList = await sandbox('List', {
		rateLimit: RETURN_ALL.limit,
		rateWindowMs: RETURN_ALL.windowMs,
		seed: { qr: RETURN_ALL.m },
		maxLimit: RETURN_ALL.uncapped,
	});
	const sListCapped = await sandbox('ListC', {
		rateLimit: RETURN_ALL.limit,
		rateWindowMs: RETURN_ALL.windowMs,
		seed: { qr: RETURN_ALL.m },
	});
	const sListSmall = await sandbox('ListS', {
		rateLimit: RETURN_ALL.limit,
		rateWindowMs: RETURN_ALL.windowMs,
		seed: { qr: RETURN_ALL.baselineM },
	});
	const sFree = await sandbox('Free', {
		rateLimit: 0,
		seed: { qr: RETURN_ALL.m },
		maxLimit: RETURN_ALL.uncapped,
	});
	const sScale = await sandbox('Scale', {
		rateLimit: SCALING.limit,
		rateWindowMs: SCALING.windowMs,
		seed: { qr: 0 },
	});

	// ---------------------------------------------------------------- workflows
	const wf = {
		bulkLm: bulkWorkflow(
			workflowId('BulkLm'),
			`Bench: ${BULK.n} QR codes, Link Management node`,
			BULK.n,
			lmCreateNode(sBulk.credential),
		),
		bulkHttpBatched: bulkWorkflow(
			workflowId('HttpBR'),
			`Bench: ${BULK.n} QR codes, HTTP Request node, batching + retry`,
			BULK.n,
			httpCreateNode(sBulk.credential, sBulk.url, { batching: HTTP_BATCHING, retry: HTTP_RETRY }),
		),
		bulkHttpBatchOnly: bulkWorkflow(
			workflowId('HttpB'),
			`Bench: ${BULK.n} QR codes, HTTP Request node, batching only`,
			BULK.n,
			httpCreateNode(sBulk.credential, sBulk.url, { batching: HTTP_BATCHING }),
		),
		bulkHttpNaive: bulkWorkflow(
			workflowId('HttpR'),
			`Bench: ${BULK.n} QR codes, HTTP Request node, retry only`,
			BULK.n,
			httpCreateNode(sBulk.credential, sBulk.url, { retry: HTTP_RETRY }),
		),
		// The node's default page size: the point is what it does by itself.
		returnAll: returnAllWorkflow(
			workflowId('RetAll'),
			`Bench: Return All over ${RETURN_ALL.m}, no page cap`,
			sList.credential,
		),
		returnAllCapped: returnAllWorkflow(
			workflowId('RetAllC'),
			`Bench: Return All over ${RETURN_ALL.m}, pages capped at ${RETURN_ALL.maxLimit}`,
			sListCapped.credential,
		),
		returnAllBaseline: returnAllWorkflow(
			workflowId('RetAllS'),
			`Bench: Return All over ${RETURN_ALL.baselineM}`,
			sListSmall.credential,
		),
		overhead: overheadWorkflow(
			workflowId('Overhead'),
			'Bench: per-request overhead',
			sFree.credential,
			sFree.url,
			OVERHEAD.k,
			OVERHEAD.repeats,
		),
		...Object.fromEntries(
			SCALING.ns.map((n) => [
				`scale${n}`,
				bulkWorkflow(
					workflowId(`Scale${n}`),
					`Bench: scaling, ${n} QR codes`,
					n,
					lmCreateNode(sScale.credential),
				),
			]),
		),
	};
	workflowsToImport.push(...Object.values(wf));
	log('importing credentials and workflows ...');
	await n8n.importCredentials(
		sandboxes.map((s) => ({
			...s.credential,
			type: CREDENTIAL_TYPE,
			data: { baseUrl: s.url, apiKey },
		})),
	);
	const dir = path.join(userFolder, 'bench-workflows');
	fs.mkdirSync(dir, { recursive: true });
	for (const w of workflowsToImport)
		fs.writeFileSync(path.join(dir, `${w.id}.json`), JSON.stringify(w, null, 2));
	const imported = await n8n.cliOk(['import:workflow', '--separate', `--input=${dir}`]);
	if (!/Successfully imported/i.test(imported.stdout + imported.stderr))
		throw new Error(tail(imported.stdout + imported.stderr));

	// ---------------------------------------------------------------- the bare client
	startWorker();
	log('bare client: c(r) for the floors, per-request times ...');
	const cOf = new Map();
	const lastWindowSizes = new Set([
		windowsNeeded(BULK.n, BULK.limit).r,
		...SCALING.ns.map((n) => windowsNeeded(n, SCALING.limit).r),
	]);
	for (const r of lastWindowSizes) {
		sFree.reset();
		const runs = await bareRepeated(
			sFree,
			{
				method: 'POST',
				path: '/api/qr/add',
				body: { type: 'link', data: 'https://example.com/c/{i}', name: 'c {i}' },
				count: r,
				mode: 'concurrent',
			},
			C_REPEATS,
		);
		cOf.set(r, median(runs.map((x) => x.totalMs)));
	}
	results.cOf = Object.fromEntries(cOf);
	// One page's time, for each page size a Return All below reads.
	results.pageMs = {};
	for (const size of [RETURN_ALL.pageSize, RETURN_ALL.maxLimit]) {
		sFree.reset();
		const pageRuns = await bareRepeated(
			sFree,
			{
				method: 'GET',
				path: `/api/qr?page={i}&limit=${size}`,
				count: Math.ceil(RETURN_ALL.m / size),
				mode: 'sequential',
			},
			3,
		);
		results.pageMs[size] = median(pageRuns.flatMap((x) => x.latencies));
	}

	// ---------------------------------------------------------------- 4. overhead (first: no waits)
	if (ONLY.includes('overhead')) {
		sFree.reset();
		const seq = await bareRepeated(
			sFree,
			{ method: 'GET', path: '/api/account', count: OVERHEAD.k, mode: 'sequential' },
			OVERHEAD.bareRepeats,
		);
		const conc = await bareRepeated(
			sFree,
			{ method: 'GET', path: '/api/account', count: OVERHEAD.k, mode: 'concurrent' },
			OVERHEAD.bareRepeats,
		);
		log(
			`overhead: n8n execute (${OVERHEAD.repeats} × Link Management, ${OVERHEAD.repeats} × HTTP Request, ${OVERHEAD.k} items each) ...`,
		);
		const res = await execute(wf.overhead, `LM account get 1`, {
			sandbox: sFree,
			recorder: sFree.recorder,
		});
		const firstRequestAfter = (task) =>
			(res.arrivals.find((a) => a.at >= task.startTime)?.at ?? NaN) - task.startTime;
		const startToFirst = (prefix) =>
			median(
				Array.from({ length: OVERHEAD.repeats }, (_, i) =>
					firstRequestAfter(res.run.data.resultData.runData[`${prefix} ${i + 1}`][0]),
				),
			);
		const perNode = (prefix) =>
			Array.from({ length: OVERHEAD.repeats }, (_, i) => {
				const task = res.run.data.resultData.runData[`${prefix} ${i + 1}`]?.[0];
				if (!task || task.error)
					throw new Error(`${prefix} ${i + 1}: ${task?.error?.message ?? 'did not run'}`);
				const items = task.data.main[0];
				if (
					items.length !== OVERHEAD.k ||
					items.some((it) => (it.json.data ?? it.json).email === undefined)
				) {
					throw new Error(`${prefix} ${i + 1}: expected ${OVERHEAD.k} account items`);
				}
				return task.executionTime;
			});
		const lm = perNode('LM account get');
		const http = perNode('HTTP account get');
		results.overhead = {
			k: OVERHEAD.k,
			requests: res.stats.requests,
			bareSeqPerReq: median(seq.map((x) => x.totalMs / OVERHEAD.k)),
			bareSeqLatencyMedian: median(seq.flatMap((x) => x.latencies)),
			bareConcPerReq: median(conc.map((x) => x.totalMs / OVERHEAD.k)),
			lmPerReq: median(lm) / OVERHEAD.k,
			httpPerReq: median(http) / OVERHEAD.k,
			lmRuns: lm,
			httpRuns: http,
			lmStartToFirst: startToFirst('LM account get'),
			httpStartToFirst: startToFirst('HTTP account get'),
		};
		log(
			`  per request: bare seq ${msf(results.overhead.bareSeqPerReq, 2)}, bare ×${OVERHEAD.k} ${msf(results.overhead.bareConcPerReq, 2)}, Link Management ${msf(results.overhead.lmPerReq, 2)}, HTTP Request ${msf(results.overhead.httpPerReq, 2)}`,
		);
	}

	// ---------------------------------------------------------------- 1. bulk create
	const bulkRun = async (key, label, workflow, nodeName, s, { n, limit, windowMs }) => {
		log(`${label}: ${n} items, ${limit} per ${windowMs} ms ...`);
		const res = await execute(workflow, nodeName, { sandbox: s, recorder: s.recorder });
		const outcome = bulkOutcome(n, s, res);
		const { k, r } = windowsNeeded(n, limit);
		const lastMs = cOf.get(r);
		const floor = floorMs({ n, limit, windowMs, lastMs, t0: res.t0 });
		const nominal = floorMs({ n, limit, windowMs, lastMs });
		const analysis = windowAnalysis({
			arrivals: res.arrivals,
			windowMs,
			limit,
			t0: res.t0,
			t1: res.t0 + res.ms,
			statusOf: res.statusOf,
		});
		// The same floor counted from the node's first request: how well it paced once it sent.
		const fromFirst = analysis && {
			floor: floorMs({ n, limit, windowMs, lastMs, t0: analysis.firstAt }),
			ms: res.t0 + res.ms - analysis.firstAt,
		};
		const row = {
			key,
			label,
			n,
			limit,
			windowMs,
			k,
			r,
			t0: res.t0,
			lastMs,
			ms: res.ms,
			processMs: res.processMs,
			floor,
			nominal,
			...outcome,
			rateLimited: res.stats.rateLimited,
			requests: res.stats.requests,
			nodeError: res.nodeError,
			analysis,
			fromFirst,
		};
		log(
			`  ${sec(res.ms)} (floor ${sec(floor)}, ${ratio(res.ms / floor)}); 429s ${row.rateLimited}; failed ${row.failed}; created ${row.created}, duplicates ${row.duplicates}${res.nodeError ? `; node error: ${res.nodeError}` : ''}`,
		);
		return row;
	};
	results.bulk = [];
	if (ONLY.includes('bulk')) {
		results.bulk.push(
			await bulkRun(
				'lm',
				'Link Management node',
				wf.bulkLm,
				'Link Management: create QR codes',
				sBulk,
				BULK,
			),
		);
	}
	if (ONLY.includes('http')) {
		results.bulk.push(
			await bulkRun(
				'httpBatched',
				`HTTP Request node, batching ${HTTP_BATCHING.batchSize} per ${HTTP_BATCHING.batchInterval} ms + Retry On Fail (${HTTP_RETRY.maxTries} tries, ${HTTP_RETRY.waitBetweenTries} ms)`,
				wf.bulkHttpBatched,
				'HTTP Request: create QR codes',
				sBulk,
				BULK,
			),
			await bulkRun(
				'httpBatchOnly',
				`HTTP Request node, batching ${HTTP_BATCHING.batchSize} per ${HTTP_BATCHING.batchInterval} ms, no Retry On Fail`,
				wf.bulkHttpBatchOnly,
				'HTTP Request: create QR codes',
				sBulk,
				BULK,
			),
			await bulkRun(
				'httpNaive',
				`HTTP Request node, Retry On Fail only (${HTTP_RETRY.maxTries} tries, ${HTTP_RETRY.waitBetweenTries} ms)`,
				wf.bulkHttpNaive,
				'HTTP Request: create QR codes',
				sBulk,
				BULK,
			),
		);
	}

	// ---------------------------------------------------------------- 3. Return All
	if (ONLY.includes('returnAll')) {
		const one = async (workflow, s, m) => {
			const pageSize = Math.min(RETURN_ALL.pageSize, s.options.maxLimit);
			log(`Return All over ${m} QR codes, ${pageSize} per page ...`);
			const res = await execute(workflow, 'Link Management: all QR codes', {
				sandbox: s,
				recorder: s.recorder,
				memory: true,
			});
			if (res.nodeError) throw new Error(`Return All failed: ${res.nodeError}`);
			const ids = res.items.map((it) => Number(it.json.id));
			const complete = ids.length === m && ids.every((id, i) => id === i + 1);
			const pages = Math.ceil(m / pageSize);
			const pageMs = results.pageMs[pageSize];
			const { r } = windowsNeeded(pages, RETURN_ALL.limit);
			// Pages are read one after another: the last window's r pages take r page times, and all
			// pages together never take less than pages × one page.
			const floor = Math.max(
				floorMs({
					n: pages,
					limit: RETURN_ALL.limit,
					windowMs: RETURN_ALL.windowMs,
					lastMs: r * pageMs,
					t0: res.t0,
				}),
				pages * pageMs,
			);
			const analysis = windowAnalysis({
				arrivals: res.arrivals,
				windowMs: RETURN_ALL.windowMs,
				limit: RETURN_ALL.limit,
				t0: res.t0,
				t1: res.t0 + res.ms,
				statusOf: res.statusOf,
			});
			const row = {
				m,
				pageSize,
				pageMs,
				pages,
				requests: res.stats.requests,
				rateLimited: res.stats.rateLimited,
				items: ids.length,
				complete,
				ms: res.ms,
				processMs: res.processMs,
				floor,
				memory: res.memory,
				analysis,
			};
			log(
				`  ${row.requests} requests (${pages} pages), ${sec(res.ms)} (floor ${sec(floor)}); items ${row.items}${complete ? '' : ' INCOMPLETE'}; peak RSS n8n ${mib(res.memory.rootHwmKb)}, tree ${mib(res.memory.peakTreeRssKb)}`,
			);
			return row;
		};
		results.returnAll = await one(wf.returnAll, sList, RETURN_ALL.m);
		results.returnAllCapped = await one(wf.returnAllCapped, sListCapped, RETURN_ALL.m);
		results.returnAllBaseline = await one(wf.returnAllBaseline, sListSmall, RETURN_ALL.baselineM);
	}

	// ---------------------------------------------------------------- 5. scaling
	results.scaling = [];
	if (ONLY.includes('scaling')) {
		for (const n of SCALING.ns) {
			results.scaling.push(
				await bulkRun(
					`scale${n}`,
					`Link Management node, N = ${n}`,
					wf[`scale${n}`],
					'Link Management: create QR codes',
					sScale,
					{ n, limit: SCALING.limit, windowMs: SCALING.windowMs },
				),
			);
		}
	}

	if (ONLY.includes('queue')) await queuePart(tgz, started);
	results.totalMs = Date.now() - started;
	results.othersAfter = otherN8nProcesses();
}

async function queuePart(tgz, started) {
	startWorker();
	results.queue = await queueBench({
		target,
		tgz,
		makeTempDir,
		bareRepeated,
		log,
		artifacts: ARTIFACTS,
	});
	results.totalMs = Date.now() - started;
}

// ---------------------------------------------------------------------------------- report

function report() {
	const out = [];
	const m = results.machine;
	out.push('# Benchmark', '');
	out.push(
		`Measured by \`npm run bench\` (\`test/bench/run.mjs\`) on ${m.date.slice(0, 10)}: the packed package installed into a real n8n ${m.n8n} (Node ${m.n8nNode}), each workflow run with \`n8n execute\`, against the in-memory sandbox (\`test/sandbox/\`) in the bench process. These machines are noisy: read the **ratios** of one run, not the absolute times.`,
		'',
	);
	out.push(
		table(
			['Machine', ''],
			[
				['nproc', m.nproc],
				['CPU', m.cpu],
				['Memory', m.memory],
				[
					'Package measured',
					`${JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')).version}, commit ${results.commit}`,
				],
				['n8n', `${m.n8n} on Node ${m.n8nNode}`],
				['Bench process (sandbox, bare client)', `Node ${m.node}`],
				['Kernel', m.kernel],
				['Load average at the end', m.loadavg],
				[
					'Other n8n processes',
					results.otherN8n?.length || results.othersAfter?.length
						? `${results.otherN8n.length} at the start, ${results.othersAfter?.length ?? '?'} at the end (numbers skewed)`
						: 'none at the start or the end',
				],
				['Date', m.date],
				['Bench duration', fmtSec(results.totalMs ?? 0)],
			],
		),
		'',
	);
	out.push(
		"**What is timed.** The time of a node is its own entry in the execution's run data: `executionTime` (from `startTime`, taken just before n8n runs the node, to the end of the node, retries included), read from `n8n execute --rawOutput`. It leaves out n8n's start-up, the trigger and the Code node that makes the items. Each request's arrival is recorded by the sandbox (its fault hook, used here only as a clock), so the tables can say which window each request fell in.",
		'',
		'**The floor.** The sandbox has fixed windows of W ms aligned to the epoch, L requests each. N requests need k = ceil(N / L) windows, r = N − (k − 1) × L of them in the last. The best possible client sends L requests at once at its start t0 and L more at the start of each following window, so its last request goes out at the start of window k and is answered c(r) later. With the phase φ = t0 mod W of the start in its window:',
		'',
		'- **nominal floor** = (k − 1) × W + c(r): the start exactly at a window boundary (φ = 0);',
		"- **floor for that start** = (k − 1) × W − φ + c(r) (for k = 1: c(N)): the least time possible for the run's actual start, at most the nominal floor. A client that ignores the windows' phase (such as the HTTP Request node's batching) cannot go below the nominal floor; one that waits for the windows can.",
		'',
		`c(r) is the median time the bare client (Node's \`fetch\` in a worker thread) takes for r concurrent \`POST /api/qr/add\` against a sandbox without limit (${C_REPEATS} tries): ${Object.entries(
			results.cOf ?? {},
		)
			.map(([r, ms]) => `c(${r}) = ${msf(ms)}`)
			.join(', ')}. The target is time ≤ 1.05 × floor; both ratios are shown.`,
		'',
	);

	const bulkTable = (rows) =>
		table(
			[
				'Run',
				'N',
				'time',
				'nominal floor',
				'time / nominal floor',
				'phase φ of the start',
				'floor for that start',
				'time / that floor',
				'429s',
				'requests',
				'failed items',
				'created',
				'duplicates',
			],
			rows.map((r) => [
				r.label,
				r.n,
				sec(r.ms),
				sec(r.nominal),
				ratio(r.ms / r.nominal),
				`${Math.round(r.t0 % r.windowMs)} ms`,
				sec(r.floor),
				ratio(r.ms / r.floor),
				r.rateLimited,
				r.requests,
				r.failed + (r.nodeError ? ' (node failed)' : ''),
				r.created,
				r.duplicates,
			]),
		);
	const whereTable = (rows) =>
		table(
			[
				'Run',
				'windows needed (k)',
				'windows spanned',
				'full windows',
				'start → 1st request',
				'floor from the 1st request',
				'time from the 1st request / that floor',
				'window start → its 1st request (median / max)',
				'1st → 2nd request of a window (median / max)',
				'last request → node end',
				'time − floor for its start',
			],
			rows.map((r) => {
				const a = r.analysis ?? {};
				return [
					r.label,
					r.k,
					a.windowsSpanned,
					a.fullWindows,
					`${msf(a.startToFirstMs, 0)} (${msf(a.startToFirstMs / r.n, 1)} per item)`,
					sec(r.fromFirst?.floor),
					ratio(r.fromFirst ? r.fromFirst.ms / r.fromFirst.floor : undefined),
					`${msf(a.lagMedianMs, 0)} / ${msf(a.lagMaxMs, 0)}`,
					`${msf(a.probeGapMedianMs, 0)} / ${msf(a.probeGapMaxMs, 0)}`,
					msf(a.lastToEndMs, 0),
					msf(r.ms - r.floor, 0),
				];
			}),
		);

	const bulk = results.bulk ?? [];
	if (bulk.length) {
		const b = bulk[0];
		out.push(
			`## 1–2. Bulk create: ${BULK.n} QR codes at ${BULK.limit} requests per ${BULK.windowMs} ms`,
			'',
		);
		out.push(
			`Start → Code node (${BULK.n} items) → the create node. Nominal floor: (${b.k} − 1) × ${BULK.windowMs} ms + c(${b.r}) = ${sec(b.nominal)}. "failed items" are input items without a successful output item (all of them when the node fails); "duplicates" are sandbox records beyond the first with the same name and data. The HTTP Request node posts to \`{baseUrl}/api/qr/add\` with the same credential (*Authentication → Predefined Credential Type → Link Management API*), a JSON body, and Retry On Fail at the editor's maximum (${HTTP_RETRY.maxTries} tries, ${HTTP_RETRY.waitBetweenTries} ms apart); "batching" is *Options → Batching*, ${HTTP_BATCHING.batchSize} items per batch, ${HTTP_BATCHING.batchInterval} ms interval.`,
			'',
			bulkTable(bulk),
			'',
			"Where the time went (from the sandbox's arrival times):",
			'',
			whereTable(bulk),
			'',
		);
		for (const r of bulk)
			if (r.nodeError) out.push(`- ${r.label}: the node failed with "${r.nodeError}".`);
		if (bulk.some((r) => r.nodeError)) out.push('');
	}

	const ra = results.returnAll;
	if (ra) {
		const capped = results.returnAllCapped;
		const base = results.returnAllBaseline;
		const measured = [ra, capped].filter(Boolean);
		out.push(`## 3. Return All over ${ra.m.toLocaleString('en')} QR codes`, '');
		out.push(
			`QR Code › Get Many, Return All, with the node's default *Options → Page Size* (${RETURN_ALL.pageSize}), ${RETURN_ALL.limit} requests per ${RETURN_ALL.windowMs} ms: once against a service without a page cap (as real installations: \`limit\` has no maximum), once against one that caps pages at ${RETURN_ALL.maxLimit} (its \`perpage\` says so and the node follows it). Pages are read one after another; the floor is max((k − 1) × W − φ + r × p, pages × p) with p the bare client's median time for one page of that size (sequential, no limit: ${measured.map((r) => `${msf(r.pageMs)} for ${r.pageSize}`).join(', ')}). Peak memory: the n8n process's VmHWM (read every 25 ms from /proc until it exits), and the peak of the summed VmRSS of the \`n8n execute\` process tree (n8n and its task runner), sampled every 25 ms. The baseline is the same workflow over ${base?.m} records (one page).`,
			'',
			table(
				[
					'Records',
					'records per page',
					'requests sent',
					'ceil(M / page size)',
					'429s',
					'items out',
					'time',
					'floor for its start (φ)',
					'time / floor',
					'peak RSS n8n (VmHWM)',
					'peak RSS tree',
				],
				[...measured, base]
					.filter(Boolean)
					.map((r) => [
						r.m.toLocaleString('en'),
						r.pageSize,
						r.requests,
						r.pages,
						r.rateLimited,
						`${r.items}${r.complete ? ' (all, in order)' : ' (INCOMPLETE)'}`,
						sec(r.ms),
						r === base
							? '– (one request)'
							: `${sec(r.floor)} (${Math.round(r.analysis?.phaseMs ?? 0)} ms)`,
						r === base ? '–' : ratio(r.ms / r.floor),
						mib(r.memory.rootHwmKb),
						mib(r.memory.peakTreeRssKb),
					]),
			),
			'',
			base
				? `Memory for ${ra.m.toLocaleString('en')} records over the ${base.m}-record baseline: +${mib(ra.memory.rootHwmKb - base.memory.rootHwmKb)} (n8n process, pages of ${ra.pageSize}), i.e. about ${(((ra.memory.rootHwmKb - base.memory.rootHwmKb) * 1024) / (ra.m - base.m) / 1024).toFixed(1)} KiB per record, run data and its JSON output included.`
				: '',
			'',
		);
	}

	const o = results.overhead;
	if (o) {
		out.push(`## 4. Per-request overhead, no rate limit`, '');
		out.push(
			`Account › Get (\`GET /api/account\`) for ${o.k} items against the sandbox with its rate limit off. n8n sends a node's items concurrently, so a node's time per request is its \`executionTime\` / ${o.k}; the median of ${OVERHEAD.repeats} nodes of each kind in one execution (interleaved: Link Management 1, HTTP Request 1, Link Management 2, …). The bare client is Node's \`fetch\` in a worker thread of the bench process: ${o.k} requests one after another, and ${o.k} at once (median of ${OVERHEAD.bareRepeats} runs each).`,
			'',
			table(
				[
					'Client',
					'concurrency',
					'time per request',
					'ratio to bare fetch, same concurrency',
					'ratio to bare fetch, sequential',
				],
				[
					[
						'bare fetch, sequential',
						1,
						msf(o.bareSeqPerReq, 2) + ` (median latency ${msf(o.bareSeqLatencyMedian, 2)})`,
						'–',
						ratio(1),
					],
					[
						`bare fetch, ${o.k} at once`,
						o.k,
						msf(o.bareConcPerReq, 2),
						ratio(1),
						ratio(o.bareConcPerReq / o.bareSeqPerReq),
					],
					[
						'Link Management node',
						o.k,
						msf(o.lmPerReq, 2),
						ratio(o.lmPerReq / o.bareConcPerReq),
						ratio(o.lmPerReq / o.bareSeqPerReq),
					],
					[
						'HTTP Request node',
						o.k,
						msf(o.httpPerReq, 2),
						ratio(o.httpPerReq / o.bareConcPerReq),
						ratio(o.httpPerReq / o.bareSeqPerReq),
					],
				],
			),
			'',
			`Node times (ms, ${o.k} items): Link Management ${o.lmRuns.join(', ')}; HTTP Request ${o.httpRuns.join(', ')}. Link Management / HTTP Request: ${ratio(o.lmPerReq / o.httpPerReq)}. From the node's start to its first request (median): Link Management ${msf(o.lmStartToFirst, 0)}, HTTP Request ${msf(o.httpStartToFirst, 0)}.`,
			'',
		);
	}

	const sc = results.scaling ?? [];
	if (sc.length) {
		out.push(
			`## 5. Scaling: the bulk job at N = ${SCALING.ns.join(', ')}, ${SCALING.limit} requests per ${SCALING.windowMs} ms`,
			'',
		);
		out.push(
			`The same workflow as in 1 (Link Management node), another window: ${SCALING.limit} per ${SCALING.windowMs} ms, so that N = 30 already needs two windows and N = 3000 (${windowsNeeded(3000, SCALING.limit).k} windows) stays near two minutes. With few windows the floor for the actual start depends mostly on its phase (for k = 2 it is anything from c(r) to W + c(r)), so at N = 30 read the nominal ratio; at k ≥ 10 the two agree within W / ((k − 1) × W). The node's own cost per item is the preparation before its first request (the "where the time went" table).`,
			'',
			table(
				[
					'N',
					'windows (k)',
					'time',
					'nominal floor',
					'time / nominal floor',
					'phase φ of the start',
					'floor for that start',
					'time / that floor',
					'time − nominal floor',
					'429s',
					'failed items',
					'duplicates',
				],
				sc.map((r) => [
					r.n,
					r.k,
					sec(r.ms),
					sec(r.nominal),
					ratio(r.ms / r.nominal),
					`${Math.round(r.t0 % r.windowMs)} ms`,
					sec(r.floor),
					ratio(r.ms / r.floor),
					msf(r.ms - r.nominal, 0),
					r.rateLimited,
					r.failed,
					r.duplicates,
				]),
			),
			'',
			'Where the time went:',
			'',
			whereTable(sc),
			'',
		);
	}
	const reading = findings();
	if (reading.length) out.push('## Reading the numbers', '', ...reading.map((n) => `- ${n}`), '');
	return out.join('\n');
}

/** What the measurements of this run say, worded from the numbers (nothing here is assumed). */
function findings() {
	const notes = [];
	const bulk = results.bulk ?? [];
	const lmRuns = [...bulk.filter((r) => r.key === 'lm'), ...(results.scaling ?? [])].filter(
		(r) => r.analysis && r.fromFirst,
	);
	const each = (fn) =>
		lmRuns.map((r) => `${fn(r)} (N = ${r.n} at ${r.limit}/${r.windowMs / 1000} s)`).join(', ');
	if (lmRuns.length) {
		notes.push(
			`**Link Management node, pacing:** ${lmRuns.reduce((sum, r) => sum + r.rateLimited, 0)} answers were 429 in all these runs; windows carrying the full budget: ${each((r) => `${r.analysis.fullWindows} of ${r.k}`)}. Counted from its first request, the node took ${each((r) => ratio(r.fromFirst.ms / r.fromFirst.floor))} the floor from that moment. Each window's first request arrived a median ${each((r) => msf(r.analysis.lagMedianMs, 0))} after the window opened (the node waits for the announced reset plus a ${RESET_MARGIN_MS} ms margin), the second one ${each((r) => msf(r.analysis.probeGapMedianMs, 0))} after the first (the first request of a fresh window goes alone to learn the budget). These costs are paid once, in the last window: every window opens on the clock whatever the node did in the previous one.`,
			`**Link Management node, the rest:** before its first request the node spent ${each((r) => `${msf(r.analysis.startToFirstMs, 0)} = ${msf(r.analysis.startToFirstMs / r.n, 1)} per item`)}. n8n runs a declarative node's items by resolving the parameters and building the request of every item first, and only then lets the requests go, so this time adds to the floor instead of overlapping the waits for the next window: it is most of "time − floor" (the rest is where the start fell in its window, and the last window's costs above).`,
		);
	}
	const lm = bulk.find((r) => r.key === 'lm');
	if (lm?.analysis) {
		const perItem = lm.analysis.startToFirstMs / lm.n;
		const realFloor = (lm.k - 1) * 60_000;
		notes.push(
			`**At the service's real limit (30 per 60 s)** the same 300 items have a floor of ${(realFloor / 60_000).toFixed(0)} minutes. The per-window costs above stay in the last window, and ${msf(perItem, 1)} per item of preparation is ${sec(perItem * lm.n)} in all: about ${ratio(1 + (perItem * lm.n + (lm.analysis.lagMedianMs ?? 0) + (lm.analysis.probeGapMedianMs ?? 0)) / realFloor)} the floor. The bench's 2 s windows compress time 30-fold, which makes the fixed costs 30 times more visible.`,
		);
	}
	const batched = bulk.find((r) => r.key === 'httpBatched');
	if (batched && batched.created > batched.n && batched.rateLimited === 0 && !batched.nodeError) {
		notes.push(
			`**HTTP Request node with batching and Retry On Fail:** no 429 at all, yet ${batched.created} QR codes for ${batched.n} rows (${batched.duplicates} duplicates) in ${sec(batched.ms)}, and the execution reports success. n8n 2.41.1 counts a node run as failed, and runs the node again (all items) while tries remain, when the first output item has an \`error\` field that is not \`undefined\`, \`null\` or \`false\`; this service answers \`"error": 0\` on success, so every successful run counts as failed and the node runs ${HTTP_RETRY.maxTries} times.`,
		);
	}
	const batchOnly = bulk.find((r) => r.key === 'httpBatchOnly');
	if (batchOnly) {
		notes.push(
			`**HTTP Request node, batching only:** ${ratio(batchOnly.ms / batchOnly.nominal)} the nominal floor (${ratio(batchOnly.ms / batchOnly.floor)} the floor for its start), ${batchOnly.rateLimited} 429s, ${batchOnly.duplicates} duplicates. n8n waits ${HTTP_BATCHING.batchInterval} ms after preparing a batch before it prepares the next, so consecutive batches are more than one window apart and never share a window (hence no 429), but each interval is stretched by a batch's preparation, the batches drift against the windows (${batchOnly.analysis?.windowsSpanned} windows spanned for ${batchOnly.k} needed), and the part of the first window left at the start (φ) is never used.`,
		);
	}
	const naive = bulk.find((r) => r.key === 'httpNaive');
	if (naive) {
		notes.push(
			`**HTTP Request node without batching:** all ${naive.n} requests at once; ${naive.rateLimited} of ${naive.requests} answers were 429. Retry On Fail runs the whole node again after ${HTTP_RETRY.waitBetweenTries} ms, items that had succeeded included, so ${naive.created} QR codes were created (${naive.duplicates} duplicates) and ${naive.nodeError ? `the node still failed ("${naive.nodeError}")` : 'the node ended'}.`,
		);
	}
	const o = results.overhead;
	if (o) {
		notes.push(
			`**Without a rate limit** the Link Management node costs ${msf(o.lmPerReq, 2)} per request and the HTTP Request node ${msf(o.httpPerReq, 2)} (${ratio(o.lmPerReq / o.httpPerReq)}), against ${msf(o.bareConcPerReq, 2)} for bare \`fetch\` at the same concurrency: nearly all of it is n8n's per-item work, not the network.`,
		);
	}
	const ra = results.returnAll;
	if (ra) {
		notes.push(
			`**Return All** over ${ra.m.toLocaleString('en')} records sent ${ra.requests} requests without a page cap (${ra.rateLimited} 429s, ${ratio(ra.ms / ra.floor)} its floor)${results.returnAllCapped ? ` and ${results.returnAllCapped.requests} with pages capped at ${results.returnAllCapped.pageSize} (${ratio(results.returnAllCapped.ms / results.returnAllCapped.floor)})` : ''}.`,
		);
	}
	return notes;
}

// ----------------------------------------------------------------------------- exit paths

stopOnExitPaths({
	log,
	timeoutMs: TIMEOUT_MS,
	onTimeout: () => console.error(`[bench] timed out after ${fmtSec(TIMEOUT_MS)}`),
});

let code = 0;
try {
	await main();
	const text = SINGLE ? report() : '';
	const version = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')).version;
	const queueText = results.queue && queueSection(results.queue, { ...results, version });
	console.log(`\n${[text, queueText].filter(Boolean).join('\n\n')}`);
	const old = fs.existsSync(DOC) ? fs.readFileSync(DOC, 'utf8') : '';
	if (SINGLE && WRITE) {
		// the queue-mode section is kept when this run did not measure it
		const doc = withQueueSection(text, queueText || queueSectionOf(old));
		fs.writeFileSync(DOC, `${doc.trimEnd()}\n`);
		log(`written to ${path.relative(REPO, DOC)}`);
	} else if (queueText && (!QUEUE_TRIMMED || WRITE)) {
		fs.writeFileSync(DOC, `${withQueueSection(old, queueText).trimEnd()}\n`);
		log(`queue-mode section written to ${path.relative(REPO, DOC)}`);
	} else log(`BENCH_ONLY is set: ${path.relative(REPO, DOC)} left alone (BENCH_WRITE=1 writes it)`);
} catch (error) {
	console.error('[bench] failed:', error?.stack || error);
	code = 1;
} finally {
	await cleanup();
	if (KEEP && n8n) log(`kept ${n8n.userFolder}`);
}
process.exit(code);
