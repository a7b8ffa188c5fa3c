// Runs n8n's community package scanner (@n8n/scan-community-package) on this package before it
// is published: the scanner itself only takes a package name and downloads the published
// version from npm, its provenance attestation and the attested source from GitHub. Here it
// analyses what it would analyse, from this checkout: the package's sources (package.json,
// nodes/, credentials/: the scanner's source leg) and the tarball `npm pack` makes of the
// build (its compiled .js and package.json: the scanner's tarball leg), with the scanner's own
// analysePackage and rule set. The provenance check needs a published version: the publish
// workflow (.github/workflows/publish.yml) is what provides it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The package to scan: this one, or the folder given (the tests scan made-up packages).
const root = path.resolve(
	process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'),
);
const work = mkdtempSync(path.join(tmpdir(), 'n8n-scan-'));
// The scanner makes a temporary folder when it loads: make it inside ours, removed below.
process.env.TMPDIR = work;

function run(command, args, cwd) {
	const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
	if (result.status !== 0) {
		throw new Error(`${command} ${args.join(' ')} failed:\n${result.stderr || result.stdout}`);
	}
	return result.stdout;
}

let failed = false;
try {
	const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
	const shipped = [...(manifest.n8n?.nodes ?? []), ...(manifest.n8n?.credentials ?? [])];
	const missingBuild = shipped.filter((file) => !existsSync(path.join(root, file)));
	if (missingBuild.length > 0) {
		throw new Error(`Not built (run npm run build first): ${missingBuild.join(', ')}`);
	}

	const packed = JSON.parse(
		run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], root),
	);
	const tarball = path.join(work, packed[0].filename);
	const packageDir = path.join(work, 'package');
	mkdirSync(packageDir);
	run('tar', ['-xzf', tarball, '-C', packageDir, '--strip-components=1'], work);
	const missing = shipped.filter((file) => !existsSync(path.join(packageDir, file)));
	if (missing.length > 0) {
		throw new Error(`The tarball lacks files package.json names: ${missing.join(', ')}`);
	}

	const { analyzePackage, SOURCE_FILE_PATTERNS } =
		await import('@n8n/scan-community-package/scanner/scanner.mjs');
	const legs = [
		{
			what: 'sources (package.json, nodes/, credentials/)',
			dir: root,
			patterns: SOURCE_FILE_PATTERNS,
		},
		{
			what: `tarball ${packed[0].filename}`,
			dir: packageDir,
			patterns: ['**/*.js', 'package.json'],
		},
	];
	for (const { what, dir, patterns } of legs) {
		const result = await analyzePackage(dir, patterns);
		// "No files found" passes in the scanner; here it means the scan looked at nothing.
		if (result.passed && result.message) {
			failed = true;
			console.log(`❌ ${what}: ${result.message}`);
		} else if (result.passed) {
			console.log(`✅ ${what}: passed the scanner's checks`);
		} else {
			failed = true;
			console.log(`❌ ${what}: ${result.message}`);
			if (result.details) console.log(result.details);
		}
	}
} catch (error) {
	failed = true;
	console.error(`❌ ${error.message}`);
} finally {
	rmSync(work, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
