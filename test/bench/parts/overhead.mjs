// Part 4 of the benchmark (BENCH_ONLY=overhead), run first since it waits for no window: the
// time per request of the Link Management node and of n8n's HTTP Request node (Account › Get,
// GET /api/account, for 200 items, no rate limit), against the bare client sequential and at
// the same concurrency. Sets results.overhead.
import { bareRepeated } from '../bare-client.mjs';
import { execute } from '../execute.mjs';
import { median, msf } from '../measure.mjs';
import { log, OVERHEAD } from '../settings.mjs';

/** `ctx` is the single-n8n context (single-n8n.mjs). */
export async function overheadPart({ n8n, s, wf, results }) {
	const { free } = s;
	free.reset();
	const seq = await bareRepeated(
		free,
		{ method: 'GET', path: '/api/account', count: OVERHEAD.k, mode: 'sequential' },
		OVERHEAD.bareRepeats,
	);
	const conc = await bareRepeated(
		free,
		{ method: 'GET', path: '/api/account', count: OVERHEAD.k, mode: 'concurrent' },
		OVERHEAD.bareRepeats,
	);
	log(
		`overhead: n8n execute (${OVERHEAD.repeats} × Link Management, ${OVERHEAD.repeats} × HTTP Request, ${OVERHEAD.k} items each) ...`,
	);
	const res = await execute(n8n, wf.overhead, `LM account get 1`, {
		sandbox: free,
		recorder: free.recorder,
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
