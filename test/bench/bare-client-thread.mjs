// The worker thread of the benchmark's "bare HTTP client" (bare-client.mjs starts and calls it):
// Node's fetch in a thread of the bench process, so that it does not share an event loop with the
// sandbox it calls (the sandbox runs in the bench's main thread, as n8n calls it from another
// process).
//
// Messages: { id, url, apiKey, method, path, body?, count, mode: 'sequential' | 'concurrent' }
// Answers:  { id, totalMs, latencies: number[] (ms, per request), statuses: { [status]: count } }
import { parentPort } from 'node:worker_threads';

async function one({ url, apiKey, method, path, body }) {
	const started = performance.now();
	const res = await fetch(`${url}${path}`, {
		method,
		headers: {
			Authorization: `Bearer ${apiKey}`,
			Accept: 'application/json',
			...(body ? { 'Content-Type': 'application/json' } : {}),
		},
		body: body ? JSON.stringify(body) : undefined,
	});
	await res.arrayBuffer();
	return { ms: performance.now() - started, status: res.status };
}

parentPort.on('message', async (task) => {
	try {
		const specs = Array.from({ length: task.count }, (_, i) => ({
			...task,
			path: task.path.replace('{i}', String(i + 1)),
			body: task.body
				? JSON.parse(JSON.stringify(task.body).replaceAll('{i}', String(i + 1)))
				: undefined,
		}));
		const started = performance.now();
		let results;
		if (task.mode === 'sequential') {
			results = [];
			for (const spec of specs) results.push(await one(spec));
		} else {
			results = await Promise.all(specs.map(one));
		}
		const totalMs = performance.now() - started;
		const statuses = {};
		for (const r of results) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
		parentPort.postMessage({ id: task.id, totalMs, latencies: results.map((r) => r.ms), statuses });
	} catch (error) {
		parentPort.postMessage({ id: task.id, error: String(error?.stack || error) });
	}
});
