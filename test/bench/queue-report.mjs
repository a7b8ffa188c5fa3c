// The queue-mode section of docs/maintainers/benchmark.md (part 9): its markdown from the grid's rows, and
// finding or replacing it between its HTML comment markers, so that a queue-only run rewrites it
// and a run of the other parts keeps it.
import { waitLimits } from '../queue/workload.mjs';
import { markedSection, msf, pct, ratio, sec, table } from './measure.mjs';
import { QUEUE } from './settings.mjs';

const START = '<!-- queue-mode section: written by `BENCH_ONLY=queue npm run bench` -->';
const END = '<!-- end of the queue-mode section -->';

const SECTION = markedSection(START, END);
/** The queue-mode section of a benchmark.md text ('' when it has none). */
export const queueSectionOf = SECTION.of;
/** `doc` with its queue-mode section replaced by `section` (appended when it has none). */
export const withQueueSection = SECTION.within;

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
		`## 9. Queue mode: workers sharing one key`,
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
			`- **Goal of the queue grid** (2 workers, N = 1,200, wait limits ${r.kind}): ${goal.map(([what, ok, got]) => `${what} ${ok ? 'met' : 'not met'} (${got})`).join('; ')}.`,
		);
	}
	return notes;
}
