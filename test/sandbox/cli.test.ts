// The CLI: argument parsing, and a real process that prints its URL and stops on SIGTERM.

import { ChildProcess, spawn } from 'child_process';
import { readdirSync } from 'fs';
import { join } from 'path';

import { procStat } from './lifetime';
import { parseSandboxArgs } from './server';

describe('parseSandboxArgs', () => {
	test('defaults: port 4010 and nothing else', () => {
		expect(parseSandboxArgs([], {})).toEqual({ port: 4010 });
	});

	test('flags in both forms, over env vars', () => {
		const options = parseSandboxArgs(
			[
				'--port',
				'0',
				'--rate-limit=off',
				'--reset-format',
				'http-date',
				'--fault-5xx',
				'0.25',
				'--apply-then-fault',
				'--seed',
				'3',
				'--link-search',
				'off',
				'--plan-lacks',
				'geotarget, alias,geotarget',
			],
			{
				SANDBOX_PORT: '5000',
				SANDBOX_API_KEY: 'from-env',
				SANDBOX_MAX_LIMIT: '50',
				SANDBOX_ERROR_STATUS: '200',
				SANDBOX_LINK_DETAILS: 'id',
				SANDBOX_PLAN_LACKS: 'none',
			},
		);
		expect(options).toEqual({
			port: 0,
			apiKey: 'from-env',
			rateLimit: 0,
			resetFormat: 'http-date',
			seed: 3,
			maxLimit: 50,
			errorStatus: 200,
			faults: { rate5xx: 0.25, applyThenFault: true },
			linkSearch: false,
			linkDetails: 'id',
			planLacks: ['geotarget', 'alias'],
		});
	});

	test('--scoped-keys: KEY=scope,scope entries, over the env var, added to when given again', () => {
		const options = parseSandboxArgs(
			['--scoped-keys', 'qr-key=qr  both=links,qr', '--scoped-keys=every=all,qr'],
			{ SANDBOX_SCOPED_KEYS: 'env-key=cta' },
		);
		expect(options.scopedKeys).toEqual({
			'env-key': ['cta'],
			'qr-key': ['qr'],
			both: ['links', 'qr'],
			every: 'all',
		});
	});

	test.each(['qr-key=qrcodes', 'qr-key', 'qr-key=', '=qr'])(
		'--scoped-keys %j is refused, naming the scopes',
		(entry) => {
			expect(() => parseSandboxArgs(['--scoped-keys', entry], {})).toThrow(
				/--scoped-keys expects KEY=scope,scope entries \(scopes: account, domains, .*qr, all\)/,
			);
		},
	);

	test('--fault-slow-ms alone makes every request slow', () => {
		expect(parseSandboxArgs(['--fault-slow-ms', '500'], {}).faults).toEqual({
			slowMs: 500,
			rateSlow: 1,
		});
		expect(parseSandboxArgs(['--fault-slow-ms', '500', '--fault-slow', '0.1'], {}).faults).toEqual({
			slowMs: 500,
			rateSlow: 0.1,
		});
	});

	test.each([
		[['--port', 'x']],
		[['--fault-drop', '2']],
		[['--reset-format', 'iso']],
		[['--error-status', '500']],
		[['--nope']],
		[['--api-key']],
		[['stray']],
	])('refuses %j', (argv) => {
		expect(() => parseSandboxArgs(argv, {})).toThrow();
	});
});

describe('cli.ts process', () => {
	let child: ChildProcess | undefined;
	afterAll(() => {
		if (child && child.exitCode === null) child.kill('SIGKILL');
	});

	test('prints a parseable JSON line, serves requests and exits 0 on SIGTERM', async () => {
		const tsNode = require.resolve('ts-node/dist/bin.js');
		const proc = spawn(
			process.execPath,
			[tsNode, '--transpile-only', join(__dirname, 'cli.ts'), '--port', '0'],
			{
				env: { ...process.env, SANDBOX_API_KEY: 'cli-key' },
				stdio: ['ignore', 'pipe', 'pipe'],
			},
		);
		child = proc;
		const info = await new Promise<{ url: string; apiKey: string }>((resolve, reject) => {
			let out = '';
			proc.stdout?.on('data', (chunk: Buffer) => {
				out += chunk.toString();
				const line = out.split('\n').find((l) => l.startsWith('{'));
				if (line) resolve(JSON.parse(line));
			});
			proc.on('exit', (code) => reject(new Error(`cli exited early with ${code}: ${out}`)));
		});
		expect(info.apiKey).toBe('cli-key');
		expect(info.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

		const res = await fetch(`${info.url}/api/account`, {
			headers: { Authorization: 'Bearer cli-key' },
		});
		expect(res.status).toBe(200);

		const exit = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
		proc.kill('SIGTERM');
		expect(await exit).toBe(0);
	}, 15_000);
});

/** The processes below `pid` (from /proc). */
function descendants(pid: number): number[] {
	const parents = new Map<number, number>();
	for (const entry of readdirSync('/proc')) {
		const stat = /^\d+$/.test(entry) ? procStat(Number(entry)) : undefined;
		if (stat) parents.set(Number(entry), stat.ppid);
	}
	const found: number[] = [];
	for (let frontier = [pid]; frontier.length;) {
		const children = [...parents].filter(([, ppid]) => frontier.includes(ppid)).map(([p]) => p);
		found.push(...children);
		frontier = children;
	}
	return found;
}

describe('npm run sandbox ends with npm', () => {
	let npm: ChildProcess | undefined;
	afterEach(() => {
		if (npm?.pid && npm.exitCode === null && npm.signalCode === null)
			process.kill(-npm.pid, 'SIGKILL');
	});

	// npm hands SIGTERM to its `sh -c` only, which dies without passing it on; killed with SIGKILL
	// npm leaves the shell behind. Either way the sandbox sees its parent (or npm) go and stops.
	test.each(['SIGTERM', 'SIGKILL'] as const)(
		'%s to the npm process leaves no process and frees the port',
		async (signal) => {
			const proc = spawn('npm', ['run', 'sandbox', '--', '--port', '0'], {
				cwd: join(__dirname, '..', '..'),
				detached: true, // its own process group, as a job in a terminal
				stdio: ['ignore', 'pipe', 'pipe'],
			});
			npm = proc;
			const info = await new Promise<{ url: string }>((resolve, reject) => {
				let out = '';
				proc.stdout?.on('data', (chunk: Buffer) => {
					out += chunk.toString();
					const line = out.split('\n').find((l) => l.startsWith('{'));
					if (line) resolve(JSON.parse(line));
				});
				proc.on('exit', (code) => reject(new Error(`npm exited early with ${code}: ${out}`)));
			});
			const tree = descendants(proc.pid!);
			expect(tree.length).toBeGreaterThanOrEqual(2); // sh -c and the sandbox (node)

			const exited = new Promise((resolve) => proc.on('exit', resolve));
			process.kill(proc.pid!, signal);
			await exited;
			for (let i = 0; i < 100 && tree.some((pid) => procStat(pid)); i++)
				await new Promise((resolve) => setTimeout(resolve, 100));
			expect(tree.filter((pid) => procStat(pid))).toEqual([]);
			await expect(fetch(`${info.url}/api/account`)).rejects.toThrow();
		},
		20_000,
	);
});
