// The worker thread that watches whether n8n answers while a big sheet runs (parts/big-sheet.mjs):
// it asks GET <url> every `everyMs`, each request waiting for its answer, in a thread of its own so
// that the sandbox in the bench's main thread cannot delay it.
//
// Messages: { url, everyMs } starts; 'stop' ends and answers { longestMs, asked, failed }, where
// longestMs is the longest time one question went unanswered (or until 'stop', if it still is).
import { parentPort } from 'node:worker_threads';

let watching = false;
const pending = new Set();
let longestMs = 0;
let asked = 0;
let failed = 0;

async function ask(url) {
	const started = performance.now();
	pending.add(started);
	asked++;
	try {
		const res = await fetch(url, { signal: AbortSignal.timeout(600_000) });
		await res.arrayBuffer();
		if (res.status !== 200) failed++;
	} catch {
		failed++;
	} finally {
		pending.delete(started);
		longestMs = Math.max(longestMs, performance.now() - started);
	}
}

parentPort.on('message', async (message) => {
	if (message === 'stop') {
		watching = false;
		const now = performance.now();
		for (const started of pending) longestMs = Math.max(longestMs, now - started);
		parentPort.postMessage({ longestMs, asked, failed });
		return;
	}
	watching = true;
	longestMs = 0;
	asked = 0;
	failed = 0;
	while (watching) {
		void ask(message.url);
		await new Promise((resolve) => setTimeout(resolve, message.everyMs));
	}
});
