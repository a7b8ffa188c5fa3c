// The benchmark's "bare HTTP client" as the bench calls it: Node's fetch in a worker thread
// (bare-client-thread.mjs), so that it does not share an event loop with the sandbox it calls.
// It gives the floors their c(r), the time of the last window's r requests, and the per-request
// times the nodes are compared with.
import { Worker } from 'node:worker_threads';

import { stopAtCleanup } from '../e2e/lib/cleanup.mjs';
import { median } from './measure.mjs';

let worker;
let taskId = 0;
const pending = new Map();

/** Starts the worker thread once (terminated by cleanup()). */
export function startBareClient() {
	if (worker) return;
	worker = new Worker(new URL('./bare-client-thread.mjs', import.meta.url));
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

/**
 * `repeats` batches of `spec` ({ method, path, body?, count, mode: 'sequential' | 'concurrent' };
 * `{i}` in the path and body is the request's number); fails unless every answer was 200.
 */
export async function bareRepeated(sandbox, spec, repeats) {
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

/**
 * c(r) for each r of `sizes`: the median time of r concurrent `POST /api/qr/add` against
 * `sandbox` (one without a limit) over `repeats` runs; `reset` resets the sandbox before each r.
 * Returns a Map r → ms.
 */
export async function lastWindowTimes(sandbox, sizes, { repeats, reset = false }) {
	const cOf = new Map();
	for (const r of sizes) {
		if (reset) sandbox.reset();
		const runs = await bareRepeated(
			sandbox,
			{
				method: 'POST',
				path: '/api/qr/add',
				body: { type: 'link', data: 'https://example.com/c/{i}', name: 'c {i}' },
				count: r,
				mode: 'concurrent',
			},
			repeats,
		);
		cOf.set(r, median(runs.map((x) => x.totalMs)));
	}
	return cOf;
}
