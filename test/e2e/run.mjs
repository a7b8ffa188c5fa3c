#!/usr/bin/env node
// End-to-end suite: the packed package in a real n8n (2.41.1 on Node 24, 1.123.x on Node 20),
// driven headless against the in-memory sandbox. See test/e2e/README.md.
//
//   npm run test:e2e                      both majors (installs n8n into the cache on first use)
//   N8N_E2E_MAJOR=2 npm run test:e2e      one major (1, 2 or both)
//   E2E_BROWSER=0                         skip the editor check in chromium
//   E2E_ONLY=<text>                       only the cases whose name contains <text>
//   E2E_KEEP=1                            keep the n8n user folders (paths are printed)
//   E2E_UPDATE_README_IMAGE=1             rewrite docs/images/node-in-editor.png and id-picker.png (else only when missing)
//   N8N_E2E_CACHE=<dir>                   where n8n is installed (default ~/.cache/n8n-nodes-link-management)
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { CASES, OPERATIONS, SEED, SERVER_CASES } from './cases.mjs';
import { triggerCase } from './trigger.mjs';
import {
	cleanup,
	keepTempDir,
	makeTempDir,
	removeTempDir,
	stopOnExitPaths,
} from './lib/cleanup.mjs';
import { CACHE_ROOT, ensureN8n, TARGETS } from './lib/install.mjs';
import { N8n, tail } from './lib/n8n.mjs';
import { REPO, startSandbox } from './lib/sandbox.mjs';
import { buildAndPack, installPackage } from './lib/package.mjs';
import { fmtSec } from './lib/util.mjs';
import {
	CREDENTIAL_TYPE,
	loadWorkflow,
	operationsOf,
	PACKAGE_NODE_TYPE,
	PACKAGE_TOOL_NODE_TYPE,
	prepareWorkflow,
} from './lib/workflows.mjs';

const ARTIFACTS = path.join(REPO, 'test', 'artifacts', 'e2e');
const majorsArg = (process.env.N8N_E2E_MAJOR || 'both').trim();
const MAJORS = majorsArg === 'both' ? [2, 1] : majorsArg.split(',').map(Number);
const BROWSER = process.env.E2E_BROWSER !== '0';
const ONLY = process.env.E2E_ONLY;
const KEEP = process.env.E2E_KEEP === '1';
// Named as in the example files, so that importing them through the editor finds it by name.
const CREDENTIAL = { id: 'lmE2eSandboxCred', name: 'Link Management account' };
/** For the cases marked `profile: 'family'`: the sandbox that answers as real installations do. */
const FAMILY_CREDENTIAL = { id: 'lmE2eFamilyCred', name: 'Link Management family' };
const README_IMAGE = path.join(REPO, 'docs', 'images', 'node-in-editor.png');
const PICKER_IMAGE = path.join(REPO, 'docs', 'images', 'id-picker.png');
const TRIGGER_IMAGE = path.join(REPO, 'docs', 'images', 'trigger-in-editor.png');
const UPDATE_README_IMAGE = process.env.E2E_UPDATE_README_IMAGE === '1';
const SUITE_TIMEOUT_MS = Number(process.env.E2E_TIMEOUT_MS || 60 * 60_000);

const results = []; // { name, ok, ms, error?, note? }
const timings = []; // [label, ms]

function log(...args) {
	console.log('[e2e]', ...args);
}

async function test(name, fn) {
	const started = Date.now();
	try {
		const note = await fn();
		const ms = Date.now() - started;
		results.push({ name, ok: true, ms });
		log(`  ✔ ${name} (${fmtSec(ms)})${note?.note ? ` — ${note.note}` : ''}`);
		return true;
	} catch (error) {
		const ms = Date.now() - started;
		results.push({ name, ok: false, ms, error });
		log(`  ✘ ${name} (${fmtSec(ms)})\n${indent(error?.stack || String(error))}`);
		return false;
	}
}

const indent = (text) =>
	String(text)
		.split('\n')
		.slice(0, 40)
		.map((line) => `      ${line}`)
		.join('\n');

async function timed(label, fn) {
	const started = Date.now();
	try {
		return await fn();
	} finally {
		const ms = Date.now() - started;
		timings.push([label, ms]);
		log(`${label}: ${fmtSec(ms)}`);
	}
}

// ------------------------------------------------------------------------------------------- steps

/** Which of the 28 operations the cases' workflow files use; fails if one is missing. */
function checkCoverage(cases) {
	const seen = new Set();
	for (const c of cases)
		for (const { resource, operation } of operationsOf(loadWorkflow(c.file)))
			seen.add(`${resource}.${operation}`);
	const all = Object.entries(OPERATIONS).flatMap(([resource, ops]) =>
		ops.map((op) => `${resource}.${op}`),
	);
	const missing = all.filter((op) => !seen.has(op));
	if (all.length !== 28)
		throw new Error(`expected 28 operations in OPERATIONS, found ${all.length}`);
	if (missing.length) throw new Error(`operations no workflow runs: ${missing.join(', ')}`);
	return { note: `${all.length} operations in ${cases.length} workflows` };
}

/** The output items (json) of a node in n8n's run data, and helpers for the checks. */
function outputOf(run) {
	const runData = run?.data?.resultData?.runData ?? {};
	const taskOf = (node) => {
		const tasks = runData[node];
		if (!tasks?.length)
			throw new Error(`node "${node}" did not run (ran: ${Object.keys(runData).join(', ')})`);
		if (tasks.length !== 1) throw new Error(`node "${node}" ran ${tasks.length} times`);
		return tasks[0];
	};
	return {
		out(node) {
			const task = taskOf(node);
			if (task.error) throw new Error(`node "${node}" failed: ${task.error.message}`);
			return (task.data?.main?.[0] ?? []).map((item) => item.json);
		},
		itemPairing(node) {
			return (taskOf(node).data?.main?.[0] ?? []).map((item) => item.pairedItem?.item);
		},
		ranNodes: Object.keys(runData),
	};
}

async function runMajor(major, { sandbox, family, tgz, apiKey }) {
	const target = TARGETS[major];
	const label = `n8n ${target.n8nVersion}`;
	log(`---------------------------------------------------------------- ${label}`);
	const userFolder = makeTempDir(`lm-e2e-n8n${major}-`);
	const artifacts = path.join(ARTIFACTS, `n8n-${target.n8nVersion}`);
	fs.rmSync(artifacts, { recursive: true, force: true });
	fs.mkdirSync(artifacts, { recursive: true });
	const n8n = new N8n(target, userFolder);
	const majorStarted = Date.now();
	try {
		const ready = await test(`${label} › package installs as a community package`, async () => {
			await timed(`${label}: npm install <tgz> into .n8n/nodes`, () => installPackage(n8n, tgz));
		});
		if (!ready) return;
		const imported = await test(`${label} › import credential and workflows`, async () => {
			await timed(`${label}: import:credentials`, () =>
				n8n.importCredentials([
					{ ...CREDENTIAL, type: CREDENTIAL_TYPE, data: { baseUrl: sandbox.url, apiKey } },
					{ ...FAMILY_CREDENTIAL, type: CREDENTIAL_TYPE, data: { baseUrl: family.url, apiKey } },
				]),
			);
			const dir = path.join(userFolder, 'workflows');
			fs.mkdirSync(dir, { recursive: true });
			const files = [...selectedCases(), ...selectedServerCases()].flatMap((c) => [
				c.file,
				...(c.files ?? []),
			]);
			const familyFiles = new Set(familyCases().map((c) => c.file));
			for (const file of files) {
				const credential = familyFiles.has(file) ? FAMILY_CREDENTIAL : CREDENTIAL;
				const wf = prepareWorkflow(loadWorkflow(file), { credential });
				fs.writeFileSync(path.join(dir, path.basename(file)), JSON.stringify(wf, null, 2));
			}
			const res = await timed(`${label}: import:workflow (${files.length} files)`, () =>
				n8n.cliOk(['import:workflow', '--separate', `--input=${dir}`]),
			);
			if (!/Successfully imported/i.test(res.stdout + res.stderr))
				throw new Error(tail(res.stdout + res.stderr));
		});
		if (!imported) return;

		const casesStarted = Date.now();
		for (const c of selectedCases()) {
			const wf = loadWorkflow(c.file);
			const caseSandbox = c.profile === 'family' ? family : sandbox;
			const profile = c.profile === 'family' ? ' [family]' : '';
			await test(`${label} › ${c.name}${profile}`, async () => {
				caseSandbox.reset();
				const res = await n8n.execute(wf.id);
				fs.writeFileSync(
					path.join(artifacts, `${path.basename(c.file, '.json')}.log`),
					`${res.stdout}\n--- stderr\n${res.stderr}`,
				);
				if (res.stdout.includes(apiKey) || res.stderr.includes(apiKey))
					throw new Error('the API key appears in the output of n8n execute');
				if (!c.expectFailure) {
					if (res.code !== 0 || !res.run) {
						const error = res.run?.data?.resultData?.error;
						throw new Error(
							`n8n execute exited with ${res.code}${error ? `: ${error.message}` : ''}\n${tail(res.stdout + res.stderr, 3000)}`,
						);
					}
					if (res.run.status && res.run.status !== 'success')
						throw new Error(`execution status ${res.run.status}`);
					// every Link Management node of the workflow ran
					const helpers = outputOf(res.run);
					const notRun = wf.nodes.filter(
						(n) => n.type === PACKAGE_NODE_TYPE && !helpers.ranNodes.includes(n.name),
					);
					if (notRun.length)
						throw new Error(`nodes that did not run: ${notRun.map((n) => n.name).join(', ')}`);
				}
				const ctx = {
					...outputOf(res.run),
					sandbox: caseSandbox,
					code: res.code,
					stdout: res.stdout,
					stderr: res.stderr,
					ms: res.ms,
				};
				const note = await c.check(ctx);
				return { note: [`execute ${fmtSec(res.ms)}`, note?.note].filter(Boolean).join('; ') };
			});
		}
		timings.push([
			`${label}: ${selectedCases().length} workflows executed`,
			Date.now() - casesStarted,
		]);

		// ------------------------------------------------------------ the running server
		const started = await test(`${label} › n8n start, owner setup, login`, async () => {
			await timed(`${label}: n8n start until ready`, () => n8n.start());
			await n8n.setupOwnerAndLogin();
			// The family credential served `n8n execute` only. With two credentials of the type the
			// editor would pick one for a new node by itself; leave it the reference's one.
			const dropped = await n8n.rest('DELETE', `/rest/credentials/${FAMILY_CREDENTIAL.id}`);
			if (dropped.status !== 200)
				throw new Error(`DELETE of the family credential answered ${dropped.status}`);
		});
		if (started) {
			await test(`${label} › credential test (good key, bad key, saved credential)`, () =>
				credentialTest(n8n, sandbox, apiKey));
			for (const c of selectedServerCases()) {
				await test(`${label} › ${c.name}`, async () => {
					sandbox.reset();
					const workflow = prepareWorkflow(loadWorkflow(c.file), { credential: CREDENTIAL });
					return await c.check({ n8n, sandbox, apiKey, credential: CREDENTIAL, workflow });
				});
			}
			if (major === 2 && BROWSER) {
				const aiExample = selectedServerCases().find((c) => c.file === AI_EXAMPLE);
				await test(`${label} › editor in chromium: every resource and operation, the 5 ID pickers, an imported example`, async () => {
					const { checkEditor, idPickerNames } = await import('./browser.mjs');
					sandbox.reset();
					const res = await timed(`${label}: browser check`, () =>
						checkEditor({
							baseUrl: n8n.baseUrl,
							profileDir: makeTempDir('lm-e2e-chromium-'),
							artifactsDir: path.join(REPO, 'test', 'artifacts', 'browser'),
							readmeImage:
								UPDATE_README_IMAGE || !fs.existsSync(README_IMAGE) ? README_IMAGE : undefined,
							importExample: {
								file: 'examples/bulk-qr-codes-from-list.json',
								node: 'Create QR code',
								credentialName: CREDENTIAL.name,
								items: 6,
							},
							pickerNames: idPickerNames(sandbox.store),
							pickerImage:
								UPDATE_README_IMAGE || !fs.existsSync(PICKER_IMAGE) ? PICKER_IMAGE : undefined,
							openWorkflow: aiExample && toolNodesOf(loadWorkflow(aiExample.file)),
							openTrigger: selectedServerCases().includes(triggerCase) && {
								id: loadWorkflow(triggerCase.file).id,
								node: 'New QR code',
								subtitle: 'On New QR Code',
								// read when the browser gets there: the imported example adds QR codes first
								get latest() {
									return sandbox.store.qr.list().at(-1).name;
								},
							},
							triggerImage:
								UPDATE_README_IMAGE || !fs.existsSync(TRIGGER_IMAGE) ? TRIGGER_IMAGE : undefined,
						}),
					);
					if (sandbox.store.qr.created !== 6)
						throw new Error(
							`the example run in the editor created ${sandbox.store.qr.created} QR codes, not 6`,
						);
					const pickers = res.pickers
						.map((p) => `${p.field} ${p.listed}→${p.filtered}→ID ${p.id}`)
						.join(', ');
					return {
						note: `${res.resources} resources, ${res.operations} operations${res.triggerTest ? `; trigger: Fetch Test Event ${res.triggerTest} item` : ''}; ID pickers (listed→filtered→picked): ${pickers}; Execute step: ${res.executedItems} items; imported example: ${res.imported} QR codes${res.aiTools ? `; AI example: ${res.aiTools} tool nodes without issues` : ''}`,
					};
				});
			}
		}
	} finally {
		await n8n.stop();
		if (n8n.serverLog) fs.writeFileSync(path.join(artifacts, 'n8n-start.log'), n8n.serverLog);
		timings.push([`${label}: total`, Date.now() - majorStarted]);
		if (KEEP) {
			keepTempDir(userFolder);
			log(`kept ${userFolder}`);
		} else removeTempDir(userFolder);
	}
}

/**
 * POST /rest/credentials/test, as the editor's "Test" / "Retry" does: the saved credential's id, the
 * form's data, secrets left as n8n's blanking value unless the user typed a new one (n8n fills those
 * in from the stored credential).
 */
async function credentialTest(n8n, sandbox, apiKey) {
	const assert = (await import('node:assert/strict')).default;
	const BLANK = '__n8n_BLANK_VALUE_e5362baf-c777-4d57-a609-6eaf1f9e87f6';
	const testWith = async (data) => {
		const res = await n8n.rest('POST', '/rest/credentials/test', {
			credentials: { id: CREDENTIAL.id, name: CREDENTIAL.name, type: CREDENTIAL_TYPE, data },
		});
		assert.equal(
			res.status,
			200,
			`credentials/test answered ${res.status}: ${JSON.stringify(res.body).slice(0, 400)}`,
		);
		return res.body.data ?? res.body;
	};
	sandbox.reset();
	const saved = await testWith({ baseUrl: sandbox.url, apiKey: BLANK });
	assert.equal(saved.status, 'OK', `saved credential (good key): ${JSON.stringify(saved)}`);
	const typed = await testWith({ baseUrl: `${sandbox.url}/api/`, apiKey });
	assert.equal(
		typed.status,
		'OK',
		`good key typed in, base URL ending in /api/: ${JSON.stringify(typed)}`,
	);
	const badKey = 'wrong-key-0123456789';
	const bad = await testWith({ baseUrl: sandbox.url, apiKey: badKey });
	assert.equal(bad.status, 'Error', `bad key: ${JSON.stringify(bad)}`);
	assert.ok(!JSON.stringify(bad).includes(badKey), 'the bad key is not echoed');
	assert.ok(!JSON.stringify([saved, typed, bad]).includes(apiKey), 'the good key is not echoed');
	const unreachable = await testWith({ baseUrl: 'http://127.0.0.1:9', apiKey: BLANK });
	assert.equal(unreachable.status, 'Error', `unreachable service: ${JSON.stringify(unreachable)}`);
	// n8n's credential tester sends a request that got 401 once more on its own: 1 or 2 refusals
	const statuses = sandbox.stats.log.map((entry) => `${entry.method} ${entry.url} ${entry.status}`);
	assert.deepEqual(
		statuses.filter((line) => !line.endsWith(' 401')),
		['GET /api/account 200', 'GET /api/account 200'],
		`the good tests sent GET /api/account: ${statuses.join(', ')}`,
	);
	assert.ok(
		[1, 2].includes(sandbox.stats.unauthorized),
		`the bad key was refused: ${statuses.join(', ')}`,
	);
	return { note: `good key: ${saved.status}; bad key: ${bad.status} "${bad.message}"` };
}

function selectedCases() {
	return ONLY ? CASES.filter((c) => c.name.includes(ONLY) || c.file.includes(ONLY)) : CASES;
}

/** The workflow cases that run against the `family` sandbox. */
function familyCases() {
	return selectedCases().filter((c) => c.profile === 'family');
}

function selectedServerCases() {
	return ONLY
		? SERVER_CASES.filter((c) => c.name.includes(ONLY) || c.file.includes(ONLY))
		: SERVER_CASES;
}

const AI_EXAMPLE = 'examples/ai-agent-link-manager.json';
/** For the browser: the saved AI example and its Link Management tool nodes. */
function toolNodesOf(workflow) {
	return {
		id: workflow.id,
		tools: workflow.nodes
			.filter((node) => node.type === PACKAGE_TOOL_NODE_TYPE)
			.map((node) => node.name),
	};
}

// -------------------------------------------------------------------------------------------- main

async function main() {
	const suiteStarted = Date.now();
	log(
		`n8n majors: ${MAJORS.join(', ')}; cache: ${CACHE_ROOT}; browser check: ${BROWSER ? 'on' : 'off'}`,
	);
	for (const m of MAJORS)
		if (!TARGETS[m]) throw new Error(`N8N_E2E_MAJOR must be 1, 2 or both (got ${majorsArg})`);

	await test('coverage: the workflows use all 28 operations', () => checkCoverage(CASES));

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
	// the body, windows from the key's first request, system domains, orphaned channel items).
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
		}
	} finally {
		await sandbox.stop();
		await family.stop();
		removeTempDir(workDir);
	}
	// npm run dev (n8n 2.x) stopped through npm, as `kill <pid of npm>` does: nothing of it may stay.
	const devStops = 'npm run dev: SIGTERM to npm leaves no process and no port behind';
	const v2 = MAJORS.indexOf(2);
	if (v2 >= 0 && installs[v2].status === 'fulfilled' && (!ONLY || devStops.includes(ONLY)))
		await test(devStops, async () => {
			const { checkDevStops } = await import('./dev-stops.mjs');
			return await timed('npm run dev until ready, then SIGTERM to npm', () => checkDevStops());
		});
	timings.push(['suite total', Date.now() - suiteStarted]);
}

function summary() {
	const passed = results.filter((r) => r.ok).length;
	const failed = results.filter((r) => !r.ok);
	console.log('\n[e2e] timings');
	for (const [labelText, ms] of timings)
		console.log(`  ${labelText.padEnd(58)} ${fmtSec(ms).padStart(9)}`);
	if (failed.length) {
		console.log('\n[e2e] failed:');
		for (const f of failed)
			console.log(`  ✘ ${f.name}: ${String(f.error?.message ?? f.error).split('\n')[0]}`);
	}
	console.log(`\ne2e: ${passed} passed, ${failed.length} failed`);
	return failed.length === 0 && passed > 0;
}

let finished = false;
stopOnExitPaths({
	log,
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
