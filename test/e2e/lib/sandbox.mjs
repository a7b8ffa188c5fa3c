// Runs the repository's TypeScript sandbox (test/sandbox/server.ts) in this process through
// ts-node, so the suite can read its store and stats directly (no HTTP endpoint exposes them).
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

let loaded;

/** test/sandbox/server.ts, compiled on the fly (transpile only). */
export function sandboxModule() {
	if (!loaded) {
		const require = createRequire(path.join(REPO, 'package.json'));
		require('ts-node').register({ transpileOnly: true, project: path.join(REPO, 'tsconfig.json') });
		loaded = require(path.join(REPO, 'test', 'sandbox', 'server.ts'));
	}
	return loaded;
}

/** @returns {Promise<import('../../sandbox/server').Sandbox>} */
export async function startSandbox(options = {}) {
	return await sandboxModule().startSandbox(options);
}
