// Part 5 of the benchmark (BENCH_ONLY=scaling): the bulk job of part 1 (Link Management node) at
// N = 30, 300 and 3,000 against another window, 25 requests per 1,000 ms. Sets results.scaling.
import { SCALING } from '../settings.mjs';
import { bulkRun } from './bulk.mjs';

/** `ctx` is the single-n8n context (single-n8n.mjs). */
export async function scalingPart(ctx) {
	const { wf, s, results } = ctx;
	for (const n of SCALING.ns) {
		results.scaling.push(
			await bulkRun(
				ctx,
				{
					key: `scale${n}`,
					label: `Link Management node, N = ${n}`,
					workflow: wf[`scale${n}`],
					nodeName: 'Link Management: create QR codes',
					sandbox: s.scale,
				},
				{ n, limit: SCALING.limit, windowMs: SCALING.windowMs },
			),
		);
	}
}
