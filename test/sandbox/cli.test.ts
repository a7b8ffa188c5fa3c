// The CLI: argument parsing, and a real process that prints its URL and stops on SIGTERM.

import { ChildProcess, spawn } from 'child_process';
import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';

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

/** The processes whose command line holds `token`. */
function processesWith(token: string): number[] {
	return readdirSync('/proc')
		.filter((entry) => /^\d+$/.test(entry))
		.filter((pid) => {
			try {
				return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(token);
			} catch {
				return false;
			}
		})
		.map(Number);
}

/** How often each way of stopping npm is tried below (SANDBOX_RACE_ROUNDS=50 for a long run). */
const ROUNDS = Number(process.env.SANDBOX_RACE_ROUNDS ?? 2);

/**
 * `npm run sandbox` started as in a terminal (its own process group), and `signal` sent to npm
 * the instant `line` (a line of output starting so) appears. Resolves with the sandbox's URL
 * when it printed one, once npm has exited.
 */
async function stopNpmAt(
	line: string,
	signal: NodeJS.Signals,
	token: string,
	children: ChildProcess[],
): Promise<string | undefined> {
	const proc = spawn('npm', ['run', 'sandbox', '--', '--port', '0', '--api-key', token], {
		cwd: join(__dirname, '..', '..'),
		detached: true,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	children.push(proc);
	let out = '';
	let sent = false;
	proc.stdout?.on('data', (chunk: Buffer) => {
		out += chunk.toString();
		if (!sent && out.split('\n').some((l) => l.startsWith(line))) {
			sent = true;
			process.kill(proc.pid!, signal);
		}
	});
	await new Promise((resolve) => proc.on('exit', resolve));
	if (!sent) throw new Error(`npm exited before "${line}": ${out}`);
	const ready = out.split('\n').find((l) => l.startsWith('{'));
	return ready ? (JSON.parse(ready) as { url: string }).url : undefined;
}

describe('npm run sandbox ends with npm', () => {
	const children: ChildProcess[] = [];
	afterEach(() => {
		for (const proc of children.splice(0))
			if (proc.pid && proc.exitCode === null && proc.signalCode === null)
				process.kill(-proc.pid, 'SIGKILL');
	});

	// npm hands SIGTERM to its `sh -c` only, which dies without passing it on; killed with SIGKILL
	// npm leaves the shell behind. Either way the sandbox sees its parent (or npm) go and stops, also
	// when that happens the instant it says it is ready, or before it watches them at all.
	describe.each(['SIGTERM', 'SIGKILL'] as const)('%s to the npm process', (signal) => {
		test(
			`the instant the ready line appears (${ROUNDS} times in a row): no process stays, the port is freed`,
			async () => {
				for (let round = 1; round <= ROUNDS; round++) {
					const token = `race-${process.pid}-${signal}-${round}`;
					const url = await stopNpmAt('{', signal, token, children);
					await expectGone(token);
					await expect(fetch(`${url}/api/account`)).rejects.toThrow();
				}
			},
			20_000 * ROUNDS,
		);

		test('as npm announces the script, before the sandbox starts: no process stays', async () => {
			const token = `early-${process.pid}-${signal}`;
			await stopNpmAt('> n8n-nodes-link-management', signal, token, children);
			await expectGone(token);
		}, 20_000);
	});
});

/** Waits (up to 10 s) until no process holds `token` in its command line. */
async function expectGone(token: string): Promise<void> {
	for (let i = 0; i < 100 && processesWith(token).length > 0; i++)
		await new Promise((resolve) => setTimeout(resolve, 100));
	expect(processesWith(token)).toEqual([]);
}
