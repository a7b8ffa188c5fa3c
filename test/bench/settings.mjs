// What the benchmark measures with: the sizes and rate-limit budgets of each part, and the
// BENCH_* variables (which parts run, whether docs/maintainers/benchmark.md is written, the time limit).
// See README.md.
import path from 'node:path';

import { TARGETS } from '../e2e/lib/install.mjs';
import { REPO } from '../e2e/lib/sandbox.mjs';

export const BULK = { n: 300, limit: 30, windowMs: 2000 };
/** The HTTP Request node at its best: one window's budget per batch, one window per interval. */
export const HTTP_BATCHING = { batchSize: 30, batchInterval: 2000 };
/** Retry On Fail at the editor's maximum. */
export const HTTP_RETRY = { maxTries: 5, waitBetweenTries: 5000 };
/**
 * Return All over M records: against a service without a page cap (the node's default page
 * size of 1,000 applies) and against one that caps pages at `cap` (the node follows perpage).
 */
export const RETURN_ALL = {
	m: 10_000,
	baselineM: 100,
	limit: 30,
	windowMs: 2000,
	maxLimit: 100,
	pageSize: 1000,
	uncapped: 100_000,
};
export const OVERHEAD = { k: 200, repeats: 5, bareRepeats: 5 };
/** 25 per 1000 ms: even N = 30 needs two windows, and N = 3000 (120 windows) takes about 2 minutes. */
export const SCALING = { ns: [30, 300, 3000], limit: 25, windowMs: 1000 };
/**
 * Create or Update: a sheet of n rows run again and again at 30 requests per 2 s; a re-run with
 * `changed` rows changed and `added` rows new; a sheet whose n rows repeat `names` names.
 */
export const UPSERT = {
	n: 300,
	changed: 10,
	added: 5,
	names: 30,
	/** The row at which the stopped run's outage starts. */
	stopAt: 151,
	limit: 30,
	windowMs: 2000,
};
/** The trigger's polls: list sizes, and how many records are new at each poll after the first. */
export const TRIGGER = {
	sizes: [100, 5000, 50_000],
	news: [0, 3, 1500],
	durableSizes: [5000, 50_000],
};
/** A big sheet in a running n8n (each node `repeats` times), and one execution of `queueN` in queue mode. */
export const SHEET = { n: 3000, repeats: 2, queueN: 5000 };
/** Runs of the bare client per c(r), the time of the last window's r requests. */
export const C_REPEATS = 5;

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
/** Clicks narrowed by BENCH_CLICKS_*: written only with BENCH_WRITE=1. */
export const CLICKS_TRIMMED = ['SETUPS', 'ENGINES', 'N', 'RATES'].some(
	(k) => process.env[`BENCH_CLICKS_${k}`],
);

/**
 * Answer times of webhook nodes (part 10): `single` clicks one at a time, `n` clicks notified at
 * `perSecond` a second, and bursts of each of `bursts` at once, to the Link Management Webhook Trigger and
 * to n8n's own Webhook node in turn, in each setup (regular mode, `n8n start`; queue mode with a
 * webhook process) and each expression engine (n8n's defaults; lazy isolates; a pool of 8).
 * Then the capacity: clicks at each of `capacityRates` a second for `capacitySeconds`, until the
 * p95 of a node's answers passes `capacityP95Ms` (or a click is not answered 2xx).
 */
export const CLICKS = {
	setups: list(process.env.BENCH_CLICKS_SETUPS, ['regular', 'queue']),
	engines: list(process.env.BENCH_CLICKS_ENGINES, ['default', 'lazy', 'pool']),
	n: Number(process.env.BENCH_CLICKS_N || 150),
	perSecond: 10,
	/** clicks one at a time: far enough apart that each is answered before the next */
	single: 60,
	singlePerSecond: 2,
	bursts: [15, 30],
	/** rounds of bursts of each size, each node's burst once per round, in turn */
	burstRounds: Number(process.env.BENCH_CLICKS_BURST_ROUNDS || 12),
	capacityRates: list(process.env.BENCH_CLICKS_RATES, [
		'5',
		'10',
		'20',
		'30',
		'40',
		'60',
		'80',
	]).map(Number),
	capacitySeconds: 10,
	capacityP95Ms: 100,
	/**
	 * clicks each node is sent before the measured loads, then a burst of the largest size (not
	 * counted): the first burst grows n8n's database connection pools, whoever it goes to
	 */
	warmUp: 10,
	/** the queue-mode setup's worker */
	concurrency: 10,
	/** how long a load's executions may take to end before the next load starts anyway */
	settleMs: 120_000,
};

export const PARTS = [
	'bulk',
	'http',
	'returnAll',
	'overhead',
	'scaling',
	'upsert',
	'trigger',
	'sheet',
	'queue',
	'clicks',
	'jobs',
];
export const ONLY = process.env.BENCH_ONLY
	? process.env.BENCH_ONLY.split(',').map((s) => s.trim())
	: process.argv.includes('--queue')
		? ['queue']
		: PARTS;
/** Parts that start n8n processes of their own and write their own section of docs/maintainers/benchmark.md. */
export const OWN_SECTION = ['queue', 'clicks', 'jobs'];
/** The parts that run in one n8n through `n8n execute` (all but queue, clicks and jobs). */
export const SINGLE = ONLY.some((p) => !OWN_SECTION.includes(p));
for (const p of ONLY)
	if (!PARTS.includes(p))
		throw new Error(`BENCH_ONLY: unknown part "${p}" (parts: ${PARTS.join(', ')})`);
export const WRITE = ONLY === PARTS || process.env.BENCH_WRITE === '1';
export const KEEP = process.env.BENCH_KEEP === '1';
export const TIMEOUT_MS = Number(
	process.env.BENCH_TIMEOUT_MS ||
		((ONLY.includes('queue') ? 75 : 30) + (ONLY.includes('clicks') ? 75 : 0)) * 60_000,
);
/** Part 11, one key, many jobs: "before" is measured on this commit, the last before fair turns. */
export const JOBS = { before: process.env.BENCH_JOBS_BEFORE || 'db9af58' };
export const DOC = path.join(REPO, 'docs', 'maintainers', 'benchmark.md');
export const ARTIFACTS = path.join(REPO, 'test', 'artifacts', 'bench');
/** n8n 2.41.1 on Node 24, from the e2e cache. */
export const target = TARGETS[2];

export const log = (...args) => console.log('[bench]', ...args);
