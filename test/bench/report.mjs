// The markdown of parts 1–5 of docs/maintainers/benchmark.md: the machine and what was measured, how times
// and floors are defined, a table per part and where the time went; the closing "Reading the
// numbers" is findings.mjs's. Parts 6 and 7 are parts/upsert.mjs's and parts/trigger.mjs's; the
// queue-mode section (part 9) is queue-report.mjs's.
import fs from 'node:fs';
import path from 'node:path';

import { REPO } from '../e2e/lib/sandbox.mjs';
import { fmtSec } from '../e2e/lib/util.mjs';
import { findings } from './findings.mjs';
import { bigSheetSection } from './parts/big-sheet.mjs';
import { triggerSection } from './parts/trigger.mjs';
import { upsertSection } from './parts/upsert.mjs';
import { mib, msf, ratio, sec, table, windowsNeeded } from './measure.mjs';
import {
	BULK,
	C_REPEATS,
	HTTP_BATCHING,
	HTTP_RETRY,
	OVERHEAD,
	RETURN_ALL,
	SCALING,
} from './settings.mjs';

/** The columns of a paced run's time against its floors (a bulk or scaling run). */
const FLOOR_HEADERS = [
	'time',
	'nominal floor',
	'time / nominal floor',
	'phase φ of the start',
	'floor for that start',
	'time / that floor',
];
const floorCells = (r) => [
	sec(r.ms),
	sec(r.nominal),
	ratio(r.ms / r.nominal),
	`${Math.round(r.t0 % r.windowMs)} ms`,
	sec(r.floor),
	ratio(r.ms / r.floor),
];

/** The markdown of parts 1–5 and what they say, from `results` (run.mjs). */
export function report(results) {
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
			['Run', 'N', ...FLOOR_HEADERS, '429s', 'requests', 'failed items', 'created', 'duplicates'],
			rows.map((r) => [
				r.label,
				r.n,
				...floorCells(r),
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
					...FLOOR_HEADERS,
					'time − nominal floor',
					'429s',
					'failed items',
					'duplicates',
				],
				sc.map((r) => [
					r.n,
					r.k,
					...floorCells(r),
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
	if (results.upsert?.length) out.push(upsertSection(results.upsert));
	if (results.trigger?.length) out.push(triggerSection(results.trigger, results.triggerDurable));
	if (results.sheet?.runs.length) out.push(bigSheetSection(results.sheet));
	const reading = findings(results);
	if (reading.length) out.push('## Reading the numbers', '', ...reading.map((n) => `- ${n}`), '');
	return out.join('\n');
}
