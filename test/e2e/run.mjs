#!/usr/bin/env node
// End-to-end suite: the packed package in a real n8n (2.41.1 on Node 24, 1.123.x on Node 20),
// driven headless against the in-memory sandbox. See test/e2e/README.md.
//
//   npm run test:e2e                      both majors (installs n8n into the cache on first use)
//   N8N_E2E_MAJOR=2 npm run test:e2e      one major (1, 2 or both)
//   E2E_BROWSER=0                         skip the editor check in chromium
//   E2E_ONLY=<text>[,<text>…]              only the cases whose name or file contains one of them
//   E2E_KEEP=1                            keep the n8n user folders (paths are printed)
//   E2E_UPDATE_README_IMAGE=1             rewrite docs/images/node-in-editor.png and id-picker.png (else only when missing)
//   N8N_E2E_CACHE=<dir>                   where n8n is installed (default ~/.cache/n8n-nodes-link-management)
//
// This file: the order of it all (coverage, install, build and pack, the two sandboxes, each major
// in major.mjs, the npm run dev stop check) and its exit paths; the record and summary are in
// report.mjs, the settings in settings.mjs, the cases in cases.mjs.
import crypto from 'node:crypto';
import path from 'node:path';

import { CASES, checkCoverage, checkExamplesRun, SEED, selected, SERVER_CASES } from './cases.mjs';
import { TEMPLATE_CASES } from './cases/templates.mjs';
import { cleanup, makeTempDir, removeTempDir, stopOnExitPaths } from './lib/cleanup.mjs';
import { CACHE_ROOT, ensureN8n, TARGETS } from './lib/install.mjs';
import { buildAndPack } from './lib/package.mjs';
import { startSandbox } from './lib/sandbox.mjs';
import { fmtSec } from './lib/util.mjs';
import { runDurable } from './durable.mjs';
import { runMajor } from './major.mjs';
import { log, results, summary, test, timed, timings } from './report.mjs';
import { BROWSER, MAJORS, MAJORS_ARG, ONLY, SUITE_TIMEOUT_MS } from './settings.mjs';

async function main() {
	const suiteStarted = Date.now();
	log(
		`n8n majors: ${MAJORS.join(', ')}; cache: ${CACHE_ROOT}; browser check: ${BROWSER ? 'on' : 'off'}`,
	);
	for (const m of MAJORS)
		if (!TARGETS[m]) throw new Error(`N8N_E2E_MAJOR must be 1, 2 or both (got ${MAJORS_ARG})`);

	await test('coverage: every example is run by a case', () =>
		checkExamplesRun([...CASES, ...SERVER_CASES]));
	await test('coverage: the workflows use all 50 operations', () =>
		checkCoverage([...CASES, ...TEMPLATE_CASES]));

	// Install what is missing (in parallel: mostly network and disk), then build and pack.
	const installs = await timed('n8n install (cache)', () =>
		Promise.allSettled(MAJORS.map((m) => ensureN8n(TARGETS[m]))),
	);
	installs.forEach((r, i) => {
		const t = TARGETS[MAJORS[i]];
		if (r.status === 'rejected')
			results.push({ name: `install n8n ${t.n8nVersion}`, ok: false, ms: 0, error: r.reason });
		else if (!r.value.reused)
			for (const [step, ms] of Object.entries(r.value))
				timings.push([`n8n ${t.n8nVersion} install: ${step}`, ms]);
	});
	const workDir = makeTempDir('lm-e2e-pack-');
	let tgz;
	await test('build and npm pack', async () => {
		tgz = await timed('npm run build + npm pack', () => buildAndPack(workDir));
		return { note: path.basename(tgz) };
	});

	const apiKey = `e2e-${crypto.randomBytes(12).toString('hex')}`;
	const sandbox = await startSandbox({
		port: 0,
		apiKey,
		rateLimit: 30,
		rateWindowMs: 2000,
		seed: SEED,
		maxLimit: 100,
	});
	log(`sandbox at ${sandbox.url} (30 requests per 2000 ms)`);
	// The bulk and Return All cases: as real installations answer (no page cap, rate limit in
	// the body, windows from the key's first request, system domains, orphaned channel items,
	// newest first); the cases compare lists in the order the sandbox lists them.
	const family = await startSandbox({
		port: 0,
		apiKey,
		profile: 'family',
		rateLimit: 30,
		rateWindowMs: 2000,
		seed: SEED,
	});
	log(`family sandbox at ${family.url} (30 requests per 2000 ms)`);
	try {
		if (tgz) {
			for (const [i, m] of MAJORS.entries()) {
				if (installs[i].status !== 'fulfilled') continue;
				await runMajor(m, { sandbox, family, tgz, apiKey });
			}
			// The trigger's polls in a running n8n: on 2.x's durable scheduler, then on n8n's default
			// scheduler in each major.
			const schedulers = selected(
				[
					{ name: 'durable scheduler', file: 'durable', major: 2, durable: true },
					{
						name: 'durable scheduler on PostgreSQL',
						file: 'durable',
						major: 2,
						durable: true,
						onPostgres: true,
					},
					{ name: 'default scheduler 2.x', file: 'durable', major: 2, durable: false },
					{ name: 'default scheduler 1.x', file: 'durable', major: 1, durable: false },
				],
				ONLY,
			);
			for (const { name, major, durable, onPostgres } of schedulers) {
				const i = MAJORS.indexOf(major);
				if (i < 0 || installs[i].status !== 'fulfilled') continue;
				await timed(`the trigger's polls, ${name}`, () =>
					runDurable({ test, tgz, log, major, durable, onPostgres }),
				);
			}
		}
	} finally {
		await sandbox.stop();
		await family.stop();
		removeTempDir(workDir);
	}
	// npm run dev (n8n 2.x) stopped through npm, as `kill <pid of npm>` does: nothing of it may stay.
	const devStops = 'npm run dev: SIGTERM to npm leaves no process and no port behind';
	const v2 = MAJORS.indexOf(2);
	const stopCheck = selected([{ name: devStops, file: '' }], ONLY).length > 0;
	if (v2 >= 0 && installs[v2].status === 'fulfilled' && stopCheck)
		await test(devStops, async () => {
			const { checkDevStops } = await import('./dev-stops.mjs');
			return await timed('npm run dev until ready, then SIGTERM to npm', () => checkDevStops());
		});
	timings.push(['suite total', Date.now() - suiteStarted]);
}

let finished = false;
// Before anything is printed: signals, the time limit and, run by npm, npm or its shell going away
// (SIGTERM to npm reaches its shell only; without the watch the suite would run on, orphaned).
const exitPaths = stopOnExitPaths({
	log,
	watchParent: Boolean(process.env.npm_lifecycle_event),
	timeoutMs: SUITE_TIMEOUT_MS,
	onTimeout: () =>
		results.push({
			name: `suite finished within ${fmtSec(SUITE_TIMEOUT_MS)}`,
			ok: false,
			error: new Error('suite timeout'),
		}),
	afterTimeout: summary,
});

try {
	if (exitPaths.stopping()) await new Promise(() => {}); // npm is gone: the exit path ends it
	await main();
} catch (error) {
	results.push({ name: 'suite ran to its end', ok: false, error });
	console.error(error);
} finally {
	await cleanup();
	finished = true;
}
const ok = finished && summary();
process.exit(ok ? 0 : 1);
