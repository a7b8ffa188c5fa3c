// The real n8n the end-to-end suite, `npm run dev`, the queue suite and the benchmark run is
// installed from the lockfiles committed here, one folder per version (test/n8n/<version>/).
// `node test/e2e/lib/install.mjs --check` holds them against the versions and overrides of
// TARGETS (test/e2e/lib/targets.mjs); an install runs the same check before it starts.
import { spawnSync } from 'child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import path from 'path';

const repo = path.resolve(__dirname, '../..');
const lockRoot = __dirname;
const versions = readdirSync(lockRoot, { withFileTypes: true })
	.filter((entry) => entry.isDirectory())
	.map((entry) => entry.name);

function check(root?: string) {
	const env = { ...process.env };
	delete env.N8N_E2E_V1_VERSION;
	delete env.N8N_E2E_V2_VERSION;
	const args = [path.join(repo, 'test/e2e/lib/install.mjs'), '--check', ...(root ? [root] : [])];
	const result = spawnSync(process.execPath, args, { encoding: 'utf8', env });
	return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const copies: string[] = [];
/** A copy of the committed lockfiles, changed by `edit(file, json)` for one version's file. */
function copyWith(version: string, file: string, edit: (json: Json) => void): string {
	const root = mkdtempSync(path.join(tmpdir(), 'n8n-lockfiles-'));
	copies.push(root);
	for (const v of versions) cpSync(path.join(lockRoot, v), path.join(root, v), { recursive: true });
	const target = path.join(root, version, file);
	const json = JSON.parse(readFileSync(target, 'utf8'));
	edit(json);
	writeFileSync(target, JSON.stringify(json, null, 2));
	return root;
}
afterAll(() => copies.forEach((root) => rmSync(root, { recursive: true, force: true })));

const lockOf = (version: string): Json =>
	JSON.parse(readFileSync(path.join(lockRoot, version, 'package-lock.json'), 'utf8'));
/** The version whose lockfile has an override applied in it (linkedom in n8n 2.x). */
const withLinkedom = versions.find((v) => lockOf(v).packages['node_modules/linkedom']);

describe('the lockfiles n8n is installed from (test/n8n/<version>/)', () => {
	test('each committed lockfile installs the n8n version TARGETS runs, with its overrides', () => {
		const { status, output } = check();
		expect(output).toContain('n8n lockfiles fit TARGETS');
		expect(status).toBe(0);
		const named = [...output.matchAll(/n8n (\d+\.\d+\.\d+) \(/g)].map((m) => m[1]);
		expect(named.sort()).toEqual([...versions].sort());
	});

	test('each lockfile pins n8n at its folder’s version, at the root and in node_modules', () => {
		for (const version of versions) {
			const lock = lockOf(version);
			expect(lock.packages[''].dependencies).toEqual({ n8n: version });
			expect(lock.packages['node_modules/n8n'].version).toBe(version);
		}
	});

	test('fails when a lockfile installs another n8n than its version', () => {
		const version = versions[0];
		const root = copyWith(version, 'package-lock.json', (lock) => {
			lock.packages['node_modules/n8n'].version = '0.0.1';
		});
		const { status, output } = check(root);
		expect(status).toBe(1);
		expect(output).toContain(`installs n8n 0.0.1, not ${version}`);
	});

	test('fails when a lockfile was made for another n8n than its version', () => {
		const version = versions[0];
		const root = copyWith(version, 'package-lock.json', (lock) => {
			lock.packages[''].dependencies = { n8n: '^0.0.1' };
		});
		const { status, output } = check(root);
		expect(status).toBe(1);
		expect(output).toContain(`was made for {"n8n":"^0.0.1"}, not n8n ${version}`);
	});

	test('fails when the overrides of the package.json differ from TARGETS', () => {
		const version = versions[0];
		const root = copyWith(version, 'package.json', (pkg) => {
			pkg.overrides = { ...pkg.overrides, 'left-pad': '1.0.0' };
		});
		const { status, output } = check(root);
		expect(status).toBe(1);
		expect(output).toMatch(/package\.json overrides .*left-pad.*, TARGETS /);
	});

	test('fails when the lockfile did not apply an override of TARGETS', () => {
		expect(withLinkedom).toBeDefined();
		const root = copyWith(withLinkedom!, 'package-lock.json', (lock) => {
			lock.packages['node_modules/linkedom'].version = '0.18.15';
		});
		const { status, output } = check(root);
		expect(status).toBe(1);
		expect(output).toContain('node_modules/linkedom 0.18.15, TARGETS override it to');
	});

	test('fails when an override of TARGETS pins a package the lockfile does not hold', () => {
		expect(withLinkedom).toBeDefined();
		const root = copyWith(withLinkedom!, 'package-lock.json', (lock) => {
			delete lock.packages['node_modules/linkedom'];
		});
		const { status, output } = check(root);
		expect(status).toBe(1);
		expect(output).toContain('package-lock.json holds no linkedom, which TARGETS override to');
	});

	test('fails when a version TARGETS runs has no lockfile, or a folder is for no such version', () => {
		const version = versions[0];
		const root = copyWith(version, 'package.json', () => {});
		cpSync(path.join(root, version), path.join(root, '0.0.1'), { recursive: true });
		rmSync(path.join(root, version), { recursive: true });
		const { status, output } = check(root);
		expect(status).toBe(1);
		expect(output).toContain(`n8n ${version} (TARGETS[`);
		expect(output).toContain('has no lockfile');
		expect(output).toContain('is for n8n 0.0.1, which TARGETS does not run');
	});
});
