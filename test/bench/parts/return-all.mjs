// Part 3 of the benchmark (BENCH_ONLY=returnAll): QR Code › Get Many, Return All over 10,000
// records with the node's default page size, against a service without a page cap and one that
// caps pages at 100, and the 100-record baseline; time against the floor, requests, 429s and the
// peak memory of n8n. Sets results.returnAll, returnAllCapped and returnAllBaseline.
import { execute } from '../execute.mjs';
import { floorMs, mib, sec, windowAnalysis, windowsNeeded } from '../measure.mjs';
import { log, RETURN_ALL } from '../settings.mjs';

/** `ctx` is the single-n8n context (single-n8n.mjs); results.pageMs is set by its calibration. */
export async function returnAllPart({ n8n, s, wf, results }) {
	const one = async (workflow, sandbox, m) => {
		const pageSize = Math.min(RETURN_ALL.pageSize, sandbox.options.maxLimit);
		log(`Return All over ${m} QR codes, ${pageSize} per page ...`);
		const res = await execute(n8n, workflow, 'Link Management: all QR codes', {
			sandbox,
			recorder: sandbox.recorder,
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
	results.returnAll = await one(wf.returnAll, s.list, RETURN_ALL.m);
	results.returnAllCapped = await one(wf.returnAllCapped, s.listCapped, RETURN_ALL.m);
	results.returnAllBaseline = await one(wf.returnAllBaseline, s.listSmall, RETURN_ALL.baselineM);
}
