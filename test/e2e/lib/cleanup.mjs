// What a script started, and how all of it is stopped on every exit path: the normal end, an
// error, a whole-run time limit, SIGINT, SIGTERM or SIGHUP (a second one kills at once), the
// parent going away (npm run dev only), and the process exiting without having stopped them.
// The e2e suite, npm run dev, the n8n install, the queue suite and the benchmark all use it.
//
//   child processes   track(child) when spawned detached: each leads its own process group (n8n
//                     starts task runners, npm its scripts), so stopping one stops its group
//   servers etc.      stopAtCleanup({ stop }) for what is not a child process (a sandbox, a
//                     cluster, a worker thread); stopped last first
//   temporary dirs    makeTempDir(prefix); removed unless kept
//   exit paths        stopOnExitPaths({ ... }) once, at the start; cleanup() at the normal end
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { sandboxFile } from './sandbox.mjs';

// ------------------------------------------------------------------------- child processes

/** Child processes started by this process, so that every exit path can stop them. */
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
function killAllChildren() {
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

async function stopAllChildren() {
	await Promise.all([...children].map((child) => stopChild(child)));
}

// ------------------------------------------------------------- servers, temporary folders

/** Things with a stop() that are not child processes (sandboxes, clusters, worker threads). */
const toStop = [];

/** Has cleanup() stop `thing` (its stop(), errors ignored), after what was registered later. */
export function stopAtCleanup(thing) {
	toStop.push(thing);
	return thing;
}

/** Temporary folders, removed by cleanup(). */
const tempDirs = new Set();

export function makeTempDir(prefix) {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
	tempDirs.add(dir);
	return dir;
}

/** cleanup() leaves `dir` in place (E2E_KEEP, BENCH_KEEP: the caller prints its path). */
export function keepTempDir(dir) {
	tempDirs.delete(dir);
}

export function removeTempDir(dir) {
	fs.rmSync(dir, { recursive: true, force: true });
	tempDirs.delete(dir);
}

/** What stopOnExitPaths() was told: how to print, whether every temporary folder stays. */
const settings = { log: () => {}, keepTempDirs: false };

let cleaning;

/**
 * Stops the registered things (last first), then every child process group still running, then
 * removes the temporary folders (or, with keepTempDirs, prints them). Runs once: later calls wait
 * for the first.
 */
export function cleanup() {
	cleaning ??= (async () => {
		while (toStop.length) {
			const thing = toStop.pop();
			await Promise.resolve()
				.then(() => thing.stop())
				.catch(() => {});
		}
		await stopAllChildren();
		if (settings.keepTempDirs) settings.log(`kept ${[...tempDirs].join(' ')}`);
		else for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
		tempDirs.clear();
	})();
	return cleaning;
}

// -------------------------------------------------------------------------------- exit paths

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * Installs the exit paths other than the normal end (which calls cleanup() itself):
 *
 * - SIGINT, SIGTERM, SIGHUP: prints "<signal>: <stopping>", cleanup(), exit with `signalExitCode`;
 *   another signal while that runs prints "<signal> again: killing what is left", SIGKILLs every
 *   child process group and exits at once;
 * - `watchParent`: the same also when the parent process (or npm, under npm) goes away, at once
 *   when it is gone already, and writes to a closed terminal are ignored (test/sandbox/lifetime.ts;
 *   npm run dev, npm run test:e2e);
 * - `timeoutMs`: after that long, onTimeout() (say so, record the failure), cleanup(),
 *   afterTimeout() (the summary), exit 1.
 *
 * `log` prints one line as the caller does; `keepTempDirs` keeps every temporary folder and prints
 * their paths instead. Call it before printing anything a parent may act on. Returns
 * { stopAndExit(code, reason), stopping() }: the same stop for the caller's own fatal error
 * ("<stopping>" without a reason), and whether one of these exits has begun (the parent may be
 * gone before the call returns). Only the first of these exits runs; a later one waits for it.
 */
export function stopOnExitPaths({
	log = () => {},
	stopping = 'stopping',
	signalExitCode = 130,
	watchParent = false,
	timeoutMs,
	onTimeout = () => {},
	afterTimeout = () => {},
	keepTempDirs = false,
} = {}) {
	Object.assign(settings, { log, keepTempDirs });
	/** The one way out once it has begun: later calls wait for it. */
	let exiting;
	const stopAndExit = (code, reason) =>
		(exiting ??= (async () => {
			log(`${reason ? `${reason}: ` : ''}${stopping}`);
			try {
				await cleanup();
			} finally {
				process.exit(code);
			}
		})());
	const onStop = (reason) => {
		if (!exiting)
			return stopAndExit(
				signalExitCode,
				reason === 'parent gone' ? 'the parent process is gone' : reason,
			);
		if (reason === 'parent gone') return;
		log(`${reason} again: killing what is left`);
		killAllChildren();
		process.exit(signalExitCode || 130);
	};
	if (watchParent) sandboxFile('lifetime.ts').stopWithParent(onStop);
	else for (const signal of SIGNALS) process.on(signal, () => onStop(signal));
	if (timeoutMs !== undefined) {
		const watchdog = setTimeout(
			() =>
				(exiting ??= (async () => {
					await onTimeout();
					await cleanup();
					await afterTimeout();
					process.exit(1);
				})()),
			timeoutMs,
		);
		watchdog.unref();
	}
	return { stopAndExit, stopping: () => exiting !== undefined };
}
