// The CLI: argument parsing, and a real process that prints its URL and stops on SIGTERM.

import { ChildProcess, spawn } from 'child_process';
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
			],
			{
				SANDBOX_PORT: '5000',
				SANDBOX_API_KEY: 'from-env',
				SANDBOX_MAX_LIMIT: '50',
				SANDBOX_ERROR_STATUS: '200',
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
		});
	});

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
