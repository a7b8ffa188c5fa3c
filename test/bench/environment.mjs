// What a benchmark run measured on, for the report's first table: the machine (nproc, CPU,
// memory, load), the n8n and Node versions of the installed n8n, and the commit of the package
// (read-only git; "unknown" outside a git checkout).
import fs from 'node:fs';
import path from 'node:path';

import { REPO } from '../e2e/lib/sandbox.mjs';
import { exec } from '../e2e/lib/util.mjs';
import { machine } from './measure.mjs';

/** { machine, commit } for `n8n` (an N8n of the e2e library). */
export async function environmentOf(n8n) {
	const nproc = (await exec('nproc', [])).stdout.trim();
	const nodeVersion = (await exec(n8n.paths.nodeExe, ['--version'])).stdout.trim();
	const n8nVersion = JSON.parse(
		fs.readFileSync(path.join(n8n.paths.n8nDir, 'node_modules', 'n8n', 'package.json'), 'utf8'),
	).version;
	// Which code was measured (read-only git; "unknown" outside a git checkout).
	const head = await exec('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO }).catch(
		() => undefined,
	);
	const dirty = await exec('git', ['status', '--porcelain', '--', 'nodes', 'credentials'], {
		cwd: REPO,
	}).catch(() => undefined);
	return {
		machine: machine({ nproc, n8nVersion, n8nNodeVersion: nodeVersion }),
		commit:
			head?.code === 0
				? `${head.stdout.trim()}${dirty?.stdout.trim() ? ' with uncommitted changes in nodes/ or credentials/' : ''}`
				: 'unknown',
	};
}
