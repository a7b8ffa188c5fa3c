import { spawn } from 'node:child_process';
import net from 'node:net';

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

/** Child processes started by the suite, so that every exit path can stop them. */
const children = new Set();

export function track(child) {
	children.add(child);
	child.on('exit', () => children.delete(child));
	return child;
}

/** Sends `sig` to a child's process group (detached children lead their own), else to the child. */
function signalGroup(child, sig) {
	try {
		process.kill(-child.pid, sig); // detached: its own process group (n8n starts task runners)
	} catch {
		try {
			child.kill(sig);
		} catch {
			/* gone */
		}
	}
}

/**
 * SIGKILL to the process group of every child still running; synchronous, so it also runs when
 * this process exits without having stopped them (an error, a second Ctrl-C).
 */
export function killAllChildren() {
	for (const child of children)
		if (child.exitCode === null && child.signalCode === null) signalGroup(child, 'SIGKILL');
}
process.on('exit', killAllChildren);

/** Stops one child (its whole process group) with SIGTERM, then SIGKILL after `graceMs`. */
export async function stopChild(child, graceMs = 10_000) {
	if (!child || child.exitCode !== null || child.signalCode !== null) return;
	const exited = new Promise((resolve) => child.once('exit', resolve));
	const signal = (sig) => signalGroup(child, sig);
	signal('SIGTERM');
	const timer = setTimeout(() => signal('SIGKILL'), graceMs);
	await Promise.race([exited, sleep(graceMs + 5000)]);
	clearTimeout(timer);
	// The rest of its group (a task runner, a script still stopping what it started) gets another
	// grace period, then SIGKILL.
	const groupAlive = () => {
		try {
			process.kill(-child.pid, 0);
			return true;
		} catch {
			return false;
		}
	};
	for (const deadline = Date.now() + graceMs; groupAlive() && Date.now() < deadline;)
		await sleep(100);
	if (groupAlive()) signal('SIGKILL');
}

export async function stopAllChildren() {
	await Promise.all([...children].map((child) => stopChild(child)));
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
