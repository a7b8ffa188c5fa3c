// The checks `npm test` runs besides Jest fail when they find a problem: n8n's scanner on the
// sources and the packed tarball, `n8n-node lint`, and actionlint on the workflows. Each runs
// here on a made-up package with one known fault.
import { spawnSync } from 'child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import path from 'path';

const repo = path.resolve(__dirname, '../..');
const script = (name: string) => path.join(repo, 'scripts', name);

function run(name: string, folder: string) {
	const result = spawnSync(process.execPath, [script(name), folder], { encoding: 'utf8' });
	return {
		status: result.status,
		output: `${result.stdout}${result.stderr}`.replace(/\x1b\[[0-9;]*m/g, ''),
	};
}

function write(folder: string, file: string, text: string) {
	mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
	writeFileSync(path.join(folder, file), text);
}

/** A community package whose node waits with setTimeout, which n8n forbids in node code. */
function packageWithTimer(): string {
	const folder = mkdtempSync(path.join(tmpdir(), 'n8n-nodes-fixture-'));
	write(
		folder,
		'package.json',
		JSON.stringify({
			name: 'n8n-nodes-fixture',
			version: '0.0.1',
			license: 'MIT',
			keywords: ['n8n-community-node-package'],
			files: ['dist'],
			n8n: { n8nNodesApiVersion: 1, strict: true, nodes: ['dist/nodes/Fixture/Fixture.node.js'] },
			peerDependencies: { 'n8n-workflow': '*' },
		}),
	);
	write(
		folder,
		'eslint.config.mjs',
		"import { config } from '@n8n/node-cli/eslint';\n\nexport default config;\n",
	);
	write(folder, 'tsconfig.json', JSON.stringify({ include: ['nodes/**/*'] }));
	write(
		folder,
		'nodes/Fixture/Fixture.node.ts',
		'export const pause = () => new Promise((resolve) => setTimeout(resolve, 1));\n',
	);
	write(
		folder,
		'dist/nodes/Fixture/Fixture.node.js',
		'"use strict";\nexports.pause = () => new Promise((resolve) => setTimeout(resolve, 1));\n',
	);
	return folder;
}

const folders: string[] = [];
const fixture = () => {
	const folder = packageWithTimer();
	folders.push(folder);
	return folder;
};
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

describe("n8n's community package scanner (npm run test:scan)", () => {
	test('fails on a forbidden global in the sources and the tarball, naming both files', () => {
		const { status, output } = run('scan-package.mjs', fixture());
		expect(status).toBe(1);
		expect(output).toMatch(/❌ sources .*ESLint violations found/);
		expect(output).toMatch(/nodes\/Fixture\/Fixture\.node\.ts\n.*no-restricted-globals/);
		expect(output).toMatch(/❌ tarball n8n-nodes-fixture-0\.0\.1\.tgz: ESLint violations found/);
		expect(output).toMatch(
			/package\/dist\/nodes\/Fixture\/Fixture\.node\.js\n.*no-restricted-globals/,
		);
	});

	test('fails when the build the package names is missing, instead of scanning nothing', () => {
		const folder = fixture();
		rmSync(path.join(folder, 'dist'), { recursive: true });
		const { status, output } = run('scan-package.mjs', folder);
		expect(status).toBe(1);
		expect(output).toContain(
			'Not built (run npm run build first): dist/nodes/Fixture/Fixture.node.js',
		);
	});
});

describe('n8n-node lint (npm run lint:n8n)', () => {
	test('fails on a forbidden global in a node, naming the file where it is', () => {
		const folder = fixture();
		const { status, output } = run('n8n-node-lint.mjs', folder);
		expect(status).toBe(1);
		expect(output).toContain(path.join(folder, 'nodes/Fixture/Fixture.node.ts'));
		expect(output).toMatch(/restricted global 'setTimeout'.*no-restricted-globals/);
	});

	test("fails in strict mode when eslint.config.mjs is not n8n's default", () => {
		const folder = fixture();
		write(folder, 'eslint.config.mjs', 'export default [];\n');
		const { status, output } = run('n8n-node-lint.mjs', folder);
		expect(status).toBe(1);
		expect(output).toContain('Strict mode violation');
	});
});

describe('the workflows (npm run lint:workflows)', () => {
	const withWorkflows = (change: (name: string, text: string) => string) => {
		const folder = mkdtempSync(path.join(tmpdir(), 'workflows-'));
		folders.push(folder);
		cpSync(path.join(repo, '.github'), path.join(folder, '.github'), { recursive: true });
		for (const name of ['ci.yml', 'publish.yml']) {
			const file = path.join(folder, '.github/workflows', name);
			writeFileSync(file, change(name, readFileSync(file, 'utf8')));
		}
		return folder;
	};

	test('pass as they are', () => {
		const { status, output } = run(
			'check-workflows.mjs',
			withWorkflows((_name, text) => text),
		);
		expect(output).toContain('✓ ci.yml, publish.yml');
		expect(status).toBe(0);
	});

	test('fail on what actionlint finds: a misspelt action input, broken YAML', () => {
		const folder = withWorkflows((name, text) =>
			name === 'ci.yml'
				? text.replace('node-version:', 'node-versoin:')
				: `${text}  broken: [unclosed\n`,
		);
		const { status, output } = run('check-workflows.mjs', folder);
		expect(status).toBe(1);
		expect(output).toContain(
			'input "node-versoin" is not defined in action "actions/setup-node@v4"',
		);
		expect(output).toContain('could not parse as YAML');
	});

	test('fail when publish.yml no longer publishes with provenance from an OIDC token', () => {
		const folder = withWorkflows((name, text) =>
			name === 'publish.yml'
				? text.replace('npm publish --provenance', 'npm publish').replace('id-token: write', '')
				: text,
		);
		const { status, output } = run('check-workflows.mjs', folder);
		expect(status).toBe(1);
		expect(output).toContain('publish.yml no longer has permissions id-token: write');
		expect(output).toContain('publish.yml no longer runs npm publish --provenance');
	});
});

describe('the links of the documentation (scripts/check-links.mjs)', () => {
	test('every relative link of the repository leads to a file, and an anchor to its heading', () => {
		const { status, output } = run('check-links.mjs', repo);
		expect(output).toMatch(/✓ \d+ relative links in \d+ pages/);
		expect(status).toBe(0);
	});

	test('fail on a missing file and a missing heading, not on links inside code', () => {
		const folder = mkdtempSync(path.join(tmpdir(), 'links-'));
		folders.push(folder);
		write(
			folder,
			'README.md',
			[
				'# Title',
				'## Return All and pagination',
				'See [lists](docs/lists.md#return-all), [here](#return-all-and-pagination),',
				'[gone](docs/gone.md) and [no such part](#rate-limit).',
				'`[in code](docs/none.md)`',
				'```',
				'[in a block](docs/none.md)',
				'```',
			].join('\n'),
		);
		write(folder, 'docs/lists.md', '# Lists\n\n## Return All\n\n[Back](../README.md#title)\n');
		const { status, output } = run('check-links.mjs', folder);
		expect(status).toBe(1);
		expect(output).toContain('README.md:4: docs/gone.md — no file docs/gone.md');
		expect(output).toContain('README.md:4: #rate-limit — README.md has no heading #rate-limit');
		expect(output).not.toContain('none.md');
		expect(output).toContain('✖ 2 broken link(s)');
	});
});
