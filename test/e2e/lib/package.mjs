// Builds and packs the package, and installs the tarball into an n8n user folder as n8n's
// Community Nodes installer does. Used by the e2e suite (run.mjs) and the benchmark (test/bench/).
import fs from 'node:fs';
import path from 'node:path';

import { targetEnv } from './install.mjs';
import { tail } from './n8n.mjs';
import { REPO } from './sandbox.mjs';
import { exec } from './util.mjs';

/** `npm run build` and `npm pack` into `workDir`; returns the tarball's path. */
export async function buildAndPack(workDir) {
	const npmEnv = targetEnv({ env: {}, nodeSpec: null });
	const build = await exec('npm', ['run', 'build'], {
		cwd: REPO,
		env: npmEnv,
		timeoutMs: 5 * 60_000,
	});
	if (build.code !== 0)
		throw new Error(`npm run build failed\n${tail(build.stdout + build.stderr)}`);
	const pack = await exec('npm', ['pack', '--json', '--pack-destination', workDir], {
		cwd: REPO,
		env: npmEnv,
	});
	if (pack.code !== 0) throw new Error(`npm pack failed\n${tail(pack.stdout + pack.stderr)}`);
	const [info] = JSON.parse(pack.stdout.slice(pack.stdout.indexOf('[')));
	const tgz = path.join(workDir, info.filename);
	const files = info.files.map((f) => f.path);
	for (const needed of [
		'dist/nodes/LinkManagement/LinkManagement.node.js',
		'dist/credentials/LinkManagementApi.credentials.js',
		'package.json',
	]) {
		if (!files.includes(needed))
			throw new Error(`${needed} is missing from the package (${files.length} files)`);
	}
	if (files.some((f) => f.startsWith('test/') || f.includes('node_modules')))
		throw new Error('the package holds test files or node_modules');
	return tgz;
}

/** As n8n's Community Nodes installer does: npm install <tgz> in <userFolder>/.n8n/nodes. */
export async function installPackage(n8n, tgz) {
	const nodesDir = path.join(n8n.userFolder, '.n8n', 'nodes');
	fs.mkdirSync(nodesDir, { recursive: true });
	fs.writeFileSync(
		path.join(nodesDir, 'package.json'),
		JSON.stringify({ name: 'installed-nodes', private: true, dependencies: {} }, null, 2),
	);
	const res = await exec(
		'npm',
		['install', tgz, '--omit=peer', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund'],
		{
			cwd: nodesDir,
			env: targetEnv(n8n.target),
			timeoutMs: 5 * 60_000,
		},
	);
	if (res.code !== 0)
		throw new Error(`npm install of the package failed\n${tail(res.stdout + res.stderr)}`);
	const installed = path.join(nodesDir, 'node_modules', 'n8n-nodes-link-management');
	if (
		!fs.existsSync(
			path.join(installed, 'dist', 'nodes', 'LinkManagement', 'LinkManagement.node.js'),
		)
	)
		throw new Error('package not installed');
	const extra = fs
		.readdirSync(path.join(nodesDir, 'node_modules'))
		.filter((name) => !name.startsWith('.') && name !== 'n8n-nodes-link-management');
	if (extra.length)
		throw new Error(`the package pulled dependencies into the nodes folder: ${extra.join(', ')}`);
}
