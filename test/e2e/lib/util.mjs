// Small helpers of the scripts: sleeping, formatting times, a free port, running a command to its
// end, and polling until something is true.
import { spawn } from 'node:child_process';
import net from 'node:net';

import { stopChild, track } from './cleanup.mjs';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function fmtSec(ms) {
	return `${(ms / 1000).toFixed(1)} s`;
}

/** Elapsed time for progress lines: "42s", "2m10s". */
export function fmtElapsed(ms) {
	const s = Math.round(ms / 1000);
	return s < 60 ? `${s}s` : `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
}

/** A free TCP port on 127.0.0.1 (closed again before returning). */
export function freePort() {
	return new Promise((resolve, reject) => {
		const server = net.createServer();
		server.unref();
		server.on('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address();
			server.close(() => resolve(port));
		});
	});
}

/**
 * Runs a command to its end; resolves { code, stdout, stderr, ms } (never rejects on exit codes).
 * The child is its own process group so a timeout kills everything it started. `onSpawn(child)` is
 * called right after the spawn (the benchmark samples the memory of the process by its pid).
 */
export function exec(cmd, args, { cwd, env, timeoutMs = 5 * 60_000, input, onSpawn } = {}) {
	return new Promise((resolve, reject) => {
		const started = Date.now();
		const child = track(
			spawn(cmd, args, { cwd, env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] }),
		);
		onSpawn?.(child);
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (c) => (stdout += c));
		child.stderr.on('data', (c) => (stderr += c));
		if (input !== undefined) child.stdin.end(input);
		else child.stdin.end();
		let timedOut = false;
		const timer = setTimeout(() => {
			timedOut = true;
			stopChild(child, 2000);
		}, timeoutMs);
		child.on('error', (err) => {
			clearTimeout(timer);
			reject(err);
		});
		child.on('close', (code, signal) => {
			clearTimeout(timer);
			resolve({
				code: timedOut ? 'timeout' : (code ?? signal),
				stdout,
				stderr,
				ms: Date.now() - started,
			});
		});
	});
}

/** Polls `check` (async, returns truthy when done) every `intervalMs` until `timeoutMs`. */
export async function waitFor(
	check,
	{ timeoutMs = 60_000, intervalMs = 250, what = 'condition' } = {},
) {
	const deadline = Date.now() + timeoutMs;
	let lastError;
	while (Date.now() < deadline) {
		try {
			const result = await check();
			if (result) return result;
		} catch (error) {
			lastError = error;
		}
		await sleep(intervalMs);
	}
	throw new Error(
		`Timed out after ${fmtSec(timeoutMs)} waiting for ${what}${lastError ? `: ${lastError.message}` : ''}`,
	);
}
