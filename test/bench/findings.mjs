// "Reading the numbers", the close of docs/maintainers/benchmark.md's parts 1–5: what this run's measurements
// say about the Link Management node's pacing and its own costs, the HTTP Request node with and
// without batching and retries, the overhead without a limit, and Return All; every sentence is
// worded from the numbers.
import { msf, ratio, sec } from './measure.mjs';
import { HTTP_BATCHING, HTTP_RETRY } from './settings.mjs';

/** What the measurements of this run say, worded from the numbers (nothing here is assumed). */
export function findings(results) {
	const notes = [];
	const bulk = results.bulk ?? [];
	const lmRuns = [...bulk.filter((r) => r.key === 'lm'), ...(results.scaling ?? [])].filter(
		(r) => r.analysis && r.fromFirst,
	);
	const each = (fn) =>
		lmRuns.map((r) => `${fn(r)} (N = ${r.n} at ${r.limit}/${r.windowMs / 1000} s)`).join(', ');
	if (lmRuns.length) {
		notes.push(
			`**Link Management node, pacing:** ${lmRuns.reduce((sum, r) => sum + r.rateLimited, 0)} answers were 429 in all these runs; windows carrying the full budget: ${each((r) => `${r.analysis.fullWindows} of ${r.k}`)}. Counted from its first request, the node took ${each((r) => ratio(r.fromFirst.ms / r.fromFirst.floor))} the floor from that moment. Each window's first request arrived a median ${each((r) => msf(r.analysis.lagMedianMs, 0))} after the window opened (the node waits for the announced reset plus a ${results.resetMarginMs} ms margin), the second one ${each((r) => msf(r.analysis.probeGapMedianMs, 0))} after the first (the first request of a fresh window goes alone to learn the budget). These costs are paid once, in the last window: every window opens on the clock whatever the node did in the previous one.`,
			`**Link Management node, the rest:** before its first request the node spent ${each((r) => `${msf(r.analysis.startToFirstMs, 0)} = ${msf(r.analysis.startToFirstMs / r.n, 1)} per item`)}: the node reads its Resource, Operation and credential once, and hands each item's request on as soon as that item is read, so the preparation of the next items overlaps the waits for the budget instead of adding to the floor (part 8 shows it at 3,000 rows in a running n8n). Most of "time − floor" is where the start fell in its window, and the last window's costs above.`,
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
