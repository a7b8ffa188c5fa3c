// Everything the e2e suite checks in one n8n major, in order: the packed package installed as a
// community package, the credentials and workflows imported, every workflow case run with
// `n8n execute`, then the running server: the credential test, the server cases and (n8n 2.x)
// the editor in chromium. The user folder is removed afterwards unless E2E_KEEP=1.
import fs from 'node:fs';
import path from 'node:path';

import { editorCheck, EDITOR_CHECK } from './browser-case.mjs';
import { CASES, selected, SERVER_CASES } from './cases.mjs';
import { credentialTest } from './credential-test.mjs';
import { keepTempDir, makeTempDir, removeTempDir } from './lib/cleanup.mjs';
import { TARGETS } from './lib/install.mjs';
import { N8n, tail } from './lib/n8n.mjs';
import { outputOf } from './lib/output.mjs';
import { installPackage } from './lib/package.mjs';
import { checkExamplesAsRead, withServicesOff } from './lib/templates.mjs';
import { fmtSec } from './lib/util.mjs';
import {
	CREDENTIAL_TYPE,
	loadWorkflow,
	PACKAGE_NODE_TYPE,
	prepareWorkflow,
} from './lib/workflows.mjs';
import { log, test, timed, timings } from './report.mjs';
import { ARTIFACTS, BROWSER, CREDENTIAL, FAMILY_CREDENTIAL, KEEP, ONLY } from './settings.mjs';

/** `sandbox` answers as the reference does, `family` as real installations; one key for both. */
export async function runMajor(major, { sandbox, family, tgz, apiKey }) {
	const target = TARGETS[major];
	const label = `n8n ${target.n8nVersion}`;
	log(`---------------------------------------------------------------- ${label}`);
	const userFolder = makeTempDir(`lm-e2e-n8n${major}-`);
	const artifacts = path.join(ARTIFACTS, `n8n-${target.n8nVersion}`);
	fs.rmSync(artifacts, { recursive: true, force: true });
	fs.mkdirSync(artifacts, { recursive: true });
	// One reverse proxy in front, as far as n8n knows: the caller is the last X-Forwarded-For
	// address (the webhook trigger's IP(s) Allowlist case relies on it; nothing else sends one).
	const n8n = new N8n(target, userFolder, { N8N_PROXY_HOPS: '1' });
	const majorStarted = Date.now();
	const cases = selected(CASES, ONLY);
	const serverCases = selected(SERVER_CASES, ONLY);
	try {
		// Every example with n8n's own nodes, whichever cases run (also those the suite runs only
		// published, their service nodes switched off and so unchecked by n8n): a node type or
		// version this n8n lacks, a parameter it would drop, a required one empty (lib/templates.mjs).
		await test(`${label} › n8n reads every example with its own nodes as written`, () =>
			checkExamplesAsRead(n8n.paths.n8nDir, major));
		const ready = await test(`${label} › package installs as a community package`, async () => {
			await timed(`${label}: npm install <tgz> into .n8n/nodes`, () => installPackage(n8n, tgz));
		});
		if (!ready) return;
		const imported = await test(`${label} › import credential and workflows`, () =>
			importAll({ label, n8n, userFolder, sandbox, family, apiKey, cases, serverCases }));
		if (!imported) return;

		const casesStarted = Date.now();
		for (const c of cases) {
			const profile = c.profile === 'family' ? ' [family]' : '';
			await test(`${label} › ${c.name}${profile}`, () =>
				runWorkflowCase(c, {
					n8n,
					sandbox: c.profile === 'family' ? family : sandbox,
					apiKey,
					artifacts,
				}));
		}
		timings.push([`${label}: ${cases.length} workflows executed`, Date.now() - casesStarted]);

		// ------------------------------------------------------------ the running server
		const started = await test(`${label} › n8n start, owner setup, login`, async () => {
			// A machine shared with other work has taken 110 s to get n8n ready: wait up to 5 minutes.
			await timed(`${label}: n8n start until ready`, () => n8n.start({ timeoutMs: 300_000 }));
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
			for (const c of serverCases) {
				await test(`${label} › ${c.name}`, async () => {
					sandbox.reset();
					// A case that makes its workflows itself names no file.
					const workflow =
						c.file && prepareWorkflow(loadWorkflow(c.file), { credential: CREDENTIAL });
					return await c.check({
						n8n,
						sandbox,
						family,
						apiKey,
						credential: CREDENTIAL,
						workflow,
					});
				});
			}
			if (major === 2 && BROWSER)
				await test(`${label} › ${EDITOR_CHECK}`, () =>
					editorCheck({ label, n8n, sandbox, serverCases }));
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
 * The two credentials (each pointing at its sandbox) and, in one `n8n import:workflow
 * --separate`, the workflow files of the selected cases (the family cases' with the family
 * credential; n8n's nodes for other services switched off). Template cases save their own.
 */
async function importAll({ label, n8n, userFolder, sandbox, family, apiKey, cases, serverCases }) {
	await timed(`${label}: import:credentials`, () =>
		n8n.importCredentials([
			{ ...CREDENTIAL, type: CREDENTIAL_TYPE, data: { baseUrl: sandbox.url, apiKey } },
			{ ...FAMILY_CREDENTIAL, type: CREDENTIAL_TYPE, data: { baseUrl: family.url, apiKey } },
		]),
	);
	const dir = path.join(userFolder, 'workflows');
	fs.mkdirSync(dir, { recursive: true });
	const files = [...cases, ...serverCases]
		.filter((c) => !c.savesItsWorkflow)
		.flatMap((c) => [c.file, ...(c.files ?? [])])
		.filter(Boolean);
	const familyFiles = new Set(cases.filter((c) => c.profile === 'family').map((c) => c.file));
	for (const file of files) {
		const credential = familyFiles.has(file) ? FAMILY_CREDENTIAL : CREDENTIAL;
		const wf = withServicesOff(prepareWorkflow(loadWorkflow(file), { credential }));
		fs.writeFileSync(path.join(dir, path.basename(file)), JSON.stringify(wf, null, 2));
	}
	const res = await timed(`${label}: import:workflow (${files.length} files)`, () =>
		n8n.cliOk(['import:workflow', '--separate', `--input=${dir}`]),
	);
	if (!/Successfully imported/i.test(res.stdout + res.stderr))
		throw new Error(tail(res.stdout + res.stderr));
}

/**
 * One workflow case: `n8n execute` of its imported workflow against a freshly reset sandbox, as
 * many times as the case's `runs` (default 1), without a reset between them (each log kept in
 * `artifacts`); unless the case expects a failure, each run succeeded and every Link Management
 * node ran; then the case's own checks, given the last run's output and, under `runs`, each
 * run's output and the sandbox's log of the requests made during it. No output may hold the API
 * key.
 */
async function runWorkflowCase(c, { n8n, sandbox, apiKey, artifacts }) {
	const wf = loadWorkflow(c.file);
	sandbox.reset();
	const runs = [];
	let res;
	for (let i = 1; i <= (c.runs ?? 1); i++) {
		const before = sandbox.stats.requests;
		const log = path.join(
			artifacts,
			`${path.basename(c.file, '.json')}${i > 1 ? `-${i}` : ''}.log`,
		);
		res = await executeOnce(wf, { n8n, apiKey, log, expectFailure: c.expectFailure });
		const requests = sandbox.stats.log.filter((entry) => entry.n > before);
		runs.push({ ...outputOf(res.run?.data?.resultData?.runData), requests, ms: res.ms });
	}
	const ctx = {
		...outputOf(res.run?.data?.resultData?.runData),
		runs,
		sandbox,
		code: res.code,
		stdout: res.stdout,
		stderr: res.stderr,
		ms: res.ms,
	};
	const note = await c.check(ctx);
	const times = runs.map((run) => fmtSec(run.ms)).join(' + ');
	return { note: [`execute ${times}`, note?.note].filter(Boolean).join('; ') };
}

/** One `n8n execute` of `wf`, its output kept in the file `log`. */
async function executeOnce(wf, { n8n, apiKey, log, expectFailure }) {
	const res = await n8n.execute(wf.id);
	fs.writeFileSync(log, `${res.stdout}\n--- stderr\n${res.stderr}`);
	if (res.stdout.includes(apiKey) || res.stderr.includes(apiKey))
		throw new Error('the API key appears in the output of n8n execute');
	if (!expectFailure) {
		if (res.code !== 0 || !res.run) {
			const error = res.run?.data?.resultData?.error;
			throw new Error(
				`n8n execute exited with ${res.code}${error ? `: ${error.message}` : ''}\n${tail(res.stdout + res.stderr, 3000)}`,
			);
		}
		if (res.run.status && res.run.status !== 'success')
			throw new Error(`execution status ${res.run.status}`);
		// every Link Management node of the workflow ran
		const helpers = outputOf(res.run?.data?.resultData?.runData);
		const notRun = wf.nodes.filter(
			(n) => n.type === PACKAGE_NODE_TYPE && !helpers.ranNodes.includes(n.name),
		);
		if (notRun.length)
			throw new Error(`nodes that did not run: ${notRun.map((n) => n.name).join(', ')}`);
	}
	return res;
}
