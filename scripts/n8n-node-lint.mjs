// Runs `n8n-node lint` (@n8n/node-cli, n8n's CLI for community nodes) over what the package is
// made of: package.json, eslint.config.mjs, tsconfig.json, nodes/, credentials/ and icons/, copied into
// a temporary folder. The package is in n8n's strict mode ("strict": true in package.json), so
// n8n-node lint first checks that eslint.config.mjs is n8n's default, then runs ESLint with it
// on every file of the folder it runs in; in the repository that would include test/, whose
// harness, sandbox and suites use what node code must not (Node's http, process, timers).
// The files it checks here are the ones n8n's scanner lints in a package's source.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const tools = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The package to lint: this one, or the folder given (the tests lint made-up packages).
const root = path.resolve(process.argv[2] ?? tools);
const PARTS = [
	'package.json',
	'eslint.config.mjs',
	'tsconfig.json',
	'.npmrc',
	'nodes',
	'credentials',
	'icons',
];

const stage = mkdtempSync(path.join(tmpdir(), 'n8n-node-lint-'));
let status = 1;
try {
	for (const part of PARTS) {
		const from = path.join(root, part);
		if (existsSync(from)) cpSync(from, path.join(stage, part), { recursive: true });
	}
	symlinkSync(path.join(tools, 'node_modules'), path.join(stage, 'node_modules'), 'dir');
	const result = spawnSync(path.join(tools, 'node_modules', '.bin', 'n8n-node'), ['lint'], {
		cwd: stage,
		encoding: 'utf8',
	});
	// Name the files where they are, not where they were linted.
	const shown = (text) => (text ?? '').split(stage).join(root);
	process.stdout.write(shown(result.stdout));
	process.stderr.write(shown(result.stderr));
	if (result.error) console.error(result.error.message);
	status = result.status ?? 1;
} finally {
	rmSync(stage, { recursive: true, force: true });
}
process.exitCode = status;
