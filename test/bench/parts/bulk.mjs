// Parts 1 and 2 of the benchmark (BENCH_ONLY=bulk, http): 300 QR codes created at 30 requests
// per 2 s, by the Link Management node and by n8n's HTTP Request node (batching and Retry On Fail
// in three combinations); each run's time against its floors, its 429s, failed items and
// duplicates, and where the time went. bulkRun measures one such run (part 5 uses it too).
import { execute } from '../execute.mjs';
import { floorMs, ratio, sec, windowAnalysis, windowsNeeded } from '../measure.mjs';
import { BULK, HTTP_BATCHING, HTTP_RETRY, log } from '../settings.mjs';

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

/**
 * One bulk run of `workflow` (its create node `nodeName`) against `sandbox`: n items at `limit`
 * per `windowMs`. Returns the row the report prints.
 */
export async function bulkRun(
	{ n8n, cOf },
	{ key, label, workflow, nodeName, sandbox: s },
	{ n, limit, windowMs },
) {
	log(`${label}: ${n} items, ${limit} per ${windowMs} ms ...`);
	const res = await execute(n8n, workflow, nodeName, { sandbox: s, recorder: s.recorder });
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
}

/** Part 1: the Link Management node. `ctx` is the single-n8n context (single-n8n.mjs). */
export async function bulkPart(ctx) {
	const { wf, s, results } = ctx;
	results.bulk.push(
		await bulkRun(
			ctx,
			{
				key: 'lm',
				label: 'Link Management node',
				workflow: wf.bulkLm,
				nodeName: 'Link Management: create QR codes',
				sandbox: s.bulk,
			},
			BULK,
		),
	);
}

/** Part 2: the HTTP Request node, batching + Retry On Fail, batching only, Retry On Fail only. */
export async function httpPart(ctx) {
	const { wf, s, results } = ctx;
	const http = (key, label, workflow) =>
		bulkRun(
			ctx,
			{ key, label, workflow, nodeName: 'HTTP Request: create QR codes', sandbox: s.bulk },
			BULK,
		);
	results.bulk.push(
		await http(
			'httpBatched',
			`HTTP Request node, batching ${HTTP_BATCHING.batchSize} per ${HTTP_BATCHING.batchInterval} ms + Retry On Fail (${HTTP_RETRY.maxTries} tries, ${HTTP_RETRY.waitBetweenTries} ms)`,
			wf.bulkHttpBatched,
		),
		await http(
			'httpBatchOnly',
			`HTTP Request node, batching ${HTTP_BATCHING.batchSize} per ${HTTP_BATCHING.batchInterval} ms, no Retry On Fail`,
			wf.bulkHttpBatchOnly,
		),
		await http(
			'httpNaive',
			`HTTP Request node, Retry On Fail only (${HTTP_RETRY.maxTries} tries, ${HTTP_RETRY.waitBetweenTries} ms)`,
			wf.bulkHttpNaive,
		),
	);
}
