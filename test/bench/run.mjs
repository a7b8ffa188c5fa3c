#!/usr/bin/env node
// npm run bench: what users feel, measured on the e2e suite's real n8n 2.41.1 against the sandbox.
// Prints the tables and writes them to docs/maintainers/benchmark.md. See test/bench/README.md.
//
//   BENCH_ONLY=bulk,http,returnAll,overhead,scaling   run only these parts (docs/maintainers/benchmark.md is
//                                                     then left alone unless BENCH_WRITE=1)
//   BENCH_ONLY=queue (or npm run bench -- --queue)     the queue-mode grid alone (parts/queue.mjs);
//                                                     it rewrites its own section of docs/maintainers/benchmark.md
//   BENCH_ONLY=clicks                                 the webhook nodes' answer times (parts/clicks.mjs),
//                                                     and capacity, regular and queue mode, both
//                                                     expression engines; its own section too
//   BENCH_KEEP=1                                      keep the n8n user folder (path printed)
//   BENCH_TIMEOUT_MS                                  whole-run limit, default 30 minutes
//   N8N_E2E_CACHE                                     where n8n is installed (as for the e2e suite)
//
// This file: the order of it all (n8n and the package, the set-up the single-n8n parts share, each
// part in parts/, the report) and its exit paths. Settings: settings.mjs; the report: report.mjs,
// findings.mjs, queue-report.mjs; what is written where: doc.mjs.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { cleanup, keepTempDir, makeTempDir, stopOnExitPaths } from '../e2e/lib/cleanup.mjs';
import { ensureN8n } from '../e2e/lib/install.mjs';
import { N8n } from '../e2e/lib/n8n.mjs';
import { buildAndPack, installPackage } from '../e2e/lib/package.mjs';
import { REPO } from '../e2e/lib/sandbox.mjs';
import { fmtSec } from '../e2e/lib/util.mjs';
import { printAndWrite } from './doc.mjs';
import { environmentOf } from './environment.mjs';
import { otherN8nProcesses } from './measure.mjs';
import { bulkPart, httpPart } from './parts/bulk.mjs';
import { manyJobsPart } from './parts/many-jobs.mjs';
import { overheadPart } from './parts/overhead.mjs';
import { bigSheetPart } from './parts/big-sheet.mjs';
import { clicksPart } from './parts/clicks.mjs';
import { queuePart } from './parts/queue.mjs';
import { returnAllPart } from './parts/return-all.mjs';
import { scalingPart } from './parts/scaling.mjs';
import { triggerPart } from './parts/trigger.mjs';
import { upsertPart } from './parts/upsert.mjs';
import { ARTIFACTS, KEEP, log, ONLY, SINGLE, target, TIMEOUT_MS } from './settings.mjs';
import { setUpSingleN8n } from './single-n8n.mjs';

/**
 * What the run measured, filled in by main() and the parts and read by the report. The node's
 * margin after an announced reset comes from the build the bench installs (read after the build).
 */
const results = { resetMarginMs: '?' };
let n8n;

async function main() {
	const started = Date.now();
	fs.mkdirSync(ARTIFACTS, { recursive: true });

	const others = otherN8nProcesses();
	results.otherN8n = others;
	if (others.length)
		log(
			`WARNING: other n8n processes are running; the numbers will be skewed:\n  ${others.join('\n  ')}`,
		);

	await ensureN8n(target);
	const workDir = makeTempDir('lm-bench-pack-');
	log('npm run build + npm pack ...');
	const tgz = await buildAndPack(workDir);
	results.resetMarginMs = createRequire(import.meta.url)(
		path.join(REPO, 'dist', 'nodes', 'LinkManagement', 'transport', 'budget.js'),
	).RESET_MARGIN_MS;
	const userFolder = makeTempDir('lm-bench-n8n-');
	if (KEEP) keepTempDir(userFolder);
	n8n = new N8n(target, userFolder);
	log(`installing ${path.basename(tgz)} into ${userFolder}/.n8n/nodes ...`);
	await installPackage(n8n, tgz);
	Object.assign(results, await environmentOf(n8n));

	// The queue-mode and clicks parts run their own n8n processes: alone, they need nothing of what
	// follows.
	if (SINGLE) {
		const ctx = await setUpSingleN8n(n8n, results);
		if (ONLY.includes('overhead')) await overheadPart(ctx); // first: no waits
		results.bulk = [];
		if (ONLY.includes('bulk')) await bulkPart(ctx);
		if (ONLY.includes('http')) await httpPart(ctx);
		if (ONLY.includes('returnAll')) await returnAllPart(ctx);
		results.scaling = [];
		if (ONLY.includes('scaling')) await scalingPart(ctx);
		if (ONLY.includes('upsert')) await upsertPart(ctx);
		if (ONLY.includes('trigger')) await triggerPart(ctx);
		// Last of the single-n8n parts: it runs `n8n start`, which `n8n execute` cannot run beside.
		if (ONLY.includes('sheet')) await bigSheetPart({ ...ctx, tgz });
	}
	if (ONLY.includes('queue')) await queuePart({ tgz, results });
	if (ONLY.includes('clicks')) await clicksPart({ tgz, results });
	if (ONLY.includes('jobs')) await manyJobsPart({ results });
	results.totalMs = Date.now() - started;
	if (SINGLE) results.othersAfter = otherN8nProcesses();
}

stopOnExitPaths({
	log,
	timeoutMs: TIMEOUT_MS,
	onTimeout: () => console.error(`[bench] timed out after ${fmtSec(TIMEOUT_MS)}`),
});

let code = 0;
try {
	await main();
	printAndWrite(results);
} catch (error) {
	console.error('[bench] failed:', error?.stack || error);
	code = 1;
} finally {
	await cleanup();
	if (KEEP && n8n) log(`kept ${n8n.userFolder}`);
}
process.exit(code);
