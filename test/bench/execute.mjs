// One measured run of an imported workflow with `n8n execute`: the node's task from the run data
// (its startTime and executionTime), what the sandbox saw (requests, 429s, each request's arrival,
// written to test/artifacts/bench/<workflow>.arrivals.tsv) and, if asked, the process's memory.
import fs from 'node:fs';
import path from 'node:path';

import { parseRawOutput, tail } from '../e2e/lib/n8n.mjs';
import { sampleMemory } from './measure.mjs';
import { ARTIFACTS } from './settings.mjs';

/**
 * Runs one imported workflow with `n8n execute --rawOutput` in `n8n` (sandbox reset first,
 * unless `reset` is false) and
 * returns the named node's task from the run data, the sandbox's view and, if asked, the memory
 * of the process.
 */
export async function execute(
	n8n,
	workflow,
	nodeName,
	{ sandbox, recorder, memory = false, reset = true },
) {
	// Without `reset`, what earlier runs made stays, and the stats count on from them.
	if (reset) sandbox.reset();
	recorder?.clear();
	let sampler;
	const res = await n8n.execute(workflow.id, {
		timeoutMs: 10 * 60_000,
		onSpawn: memory ? (child) => (sampler = sampleMemory(child.pid)) : undefined,
	});
	const mem = sampler?.stop();
	fs.writeFileSync(
		path.join(ARTIFACTS, `${workflow.id}.log`),
		`exit ${res.code}, ${res.ms} ms\n${tail(res.stdout, 200_000)}\n--- stderr\n${tail(res.stderr, 50_000)}`,
	);
	if (res.stdout.includes(sandbox.apiKey) || res.stderr.includes(sandbox.apiKey))
		throw new Error('the API key appears in the output of n8n execute');
	// A failed execution is printed by n8n's logger rather than as raw output; same JSON.
	const run = res.run ?? parseRawOutput(`${res.stdout}\n`);
	const task = run?.data?.resultData?.runData?.[nodeName]?.[0];
	if (!task)
		throw new Error(
			`no run data for "${nodeName}" (n8n execute exited with ${res.code})\n${tail(res.stdout + res.stderr, 3000)}`,
		);
	const statusByN = new Map(sandbox.stats.log.map((e) => [e.n, e.status]));
	if (recorder) {
		const lines = recorder.arrivals.map(
			(a) => `${a.at}\t${a.at - task.startTime}\t${a.method} ${a.path}\t${statusByN.get(a.n)}`,
		);
		fs.writeFileSync(
			path.join(ARTIFACTS, `${workflow.id}.arrivals.tsv`),
			`epochMs\tsinceNodeStartMs\trequest\tstatus\n${lines.join('\n')}\n`,
		);
	}
	return {
		code: res.code,
		processMs: res.ms,
		run,
		task,
		t0: task.startTime,
		ms: task.executionTime,
		items: task.data?.main?.[0] ?? [],
		nodeError: task.error?.message,
		stats: structuredClone({
			requests: sandbox.stats.requests,
			rateLimited: sandbox.stats.rateLimited,
			byStatus: sandbox.stats.byStatus,
		}),
		statusOf: (n) => statusByN.get(n),
		arrivals: recorder ? [...recorder.arrivals] : [],
		memory: mem,
	};
}
