// Runs the repository's TypeScript sandbox (test/sandbox/server.ts) in this process through
// ts-node, so the suite can read its store and stats directly (no HTTP endpoint exposes them).
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

let registered;

/** A TypeScript module of test/sandbox/ (e.g. 'server.ts'), compiled on the fly (transpile only). */
export function sandboxFile(file) {
	const require = createRequire(path.join(REPO, 'package.json'));
	if (!registered) {
		require('ts-node').register({ transpileOnly: true, project: path.join(REPO, 'tsconfig.json') });
		registered = true;
	}
	return require(path.join(REPO, 'test', 'sandbox', file));
}

/** test/sandbox/server.ts. */
export function sandboxModule() {
	return sandboxFile('server.ts');
}

/** @returns {Promise<import('../../sandbox/server').Sandbox>} */
export async function startSandbox(options = {}) {
	return await sandboxModule().startSandbox(options);
}
