// Part 11 of the benchmark, its measurement (run by parts/many-jobs.mjs, in a process of its own:
// `ts-node --transpile-only test/bench/many-jobs.ts`): one key, many jobs. The node runs on n8n's
// engine (test/harness.ts) against the sandbox at 30 requests per 2-s window (the service's minute
// compressed 30-fold, windows on whole 2-s marks), in real time, one process as in one n8n. Three
// cases, each from a window's mark with a fresh sandbox and a fresh budget: a one-link execution
// (Link › Create) 1 s into a run of 300 QR codes; ten of them, one every 0.5 s; a run of 60 started
// 1 s after a run of 300. Prints one line of JSON: what each job took.
import '../setup-env';
import { runNode } from '../harness';
import { forgetBudgets } from '../../nodes/LinkManagement/transport/budget';
import type { Sandbox } from '../sandbox/server';
import { startSandbox } from '../sandbox/server';

export const LIMIT = 30;
export const WINDOW_MS = 2000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Job {
	label: string;
	requests: number;
	/** ms from the case's start */
	askedAt: number;
	endedAt: number;
	failed: number;
}

const credentialsOf = (sandbox: Sandbox) => ({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });

async function job(sandbox: Sandbox, t0: number, label: string, delayMs: number, rows: number) {
	await sleep(delayMs);
	const askedAt = Date.now() - t0;
	const items = Array.from({ length: rows }, (_, i) => ({
		json: { url: `https://example.com/${label}/${i}` },
	}));
	const parameters =
		rows === 1
			? { resource: 'link', operation: 'create', url: '={{ $json.url }}' }
			: {
					resource: 'qrCode',
					operation: 'create',
					type: 'link',
					data: '={{ $json.url }}',
					additionalFields: { name: '={{ $json.url }}' },
				};
	const result = await runNode({
		credentials: credentialsOf(sandbox),
		parameters,
		items,
		continueOnFail: true,
	});
	const failed = result.error ? rows : result.items.filter((item) => item.json.error).length;
	return { label, requests: rows, askedAt, endedAt: Date.now() - t0, failed } satisfies Job;
}

/** Runs one case from a window's mark: its jobs, and the sandbox's count of requests and 429s. */
async function measured(name: string, jobs: Array<[string, number, number]>) {
	forgetBudgets();
	const sandbox = await startSandbox({ rateLimit: LIMIT, rateWindowMs: WINDOW_MS, seed: 0 });
	try {
		await sleep(WINDOW_MS - (Date.now() % WINDOW_MS));
		const t0 = Date.now();
		const perWindow: number[] = [];
		sandbox.setFaults({
			decide: () => {
				const window = Math.floor((Date.now() - t0) / WINDOW_MS);
				perWindow[window] = (perWindow[window] ?? 0) + 1;
				return null;
			},
		});
		const done = await Promise.all(
			jobs.map(([label, delayMs, rows]) => job(sandbox, t0, label, delayMs, rows)),
		);
		return {
			name,
			jobs: done,
			/** requests that reached the service in each window of the case */
			perWindow: Array.from(perWindow, (count) => count ?? 0),
			requests: sandbox.stats.requests,
			rateLimited: sandbox.stats.rateLimited,
			records: sandbox.store.qr.created + sandbox.store.links.created,
		};
	} finally {
		await sandbox.stop();
	}
}

async function main() {
	const oneLinks = Array.from({ length: 10 }, (_, i): [string, number, number] => [
		`one-${i + 1}`,
		500 * (i + 1),
		1,
	]);
	const cases = [
		await measured('one link asked 1 s into a run of 300', [
			['bulk-300', 0, 300],
			['one-link', 1000, 1],
		]),
		await measured('ten one-link executions, one every 0.5 s, during a run of 300', [
			['bulk-300', 0, 300],
			...oneLinks,
		]),
		await measured('a run of 60 started 1 s after a run of 300', [
			['bulk-300', 0, 300],
			['bulk-60', 1000, 60],
		]),
	];
	console.log(JSON.stringify({ limit: LIMIT, windowMs: WINDOW_MS, cases }));
}

main().then(
	() => process.exit(0),
	(error) => {
		console.error(error);
		process.exit(1);
	},
);
