// The install's steps as the one who waits sees them: what each does and how long it usually
// takes (INSTALL_TIME, measured), a line every 30 s while it runs, and the command run with its
// output kept for the error.
import { spawn } from 'node:child_process';

import { stopChild, track } from './cleanup.mjs';
import { fmtElapsed } from './util.mjs';

export function log(...args) {
	console.log('[e2e]', ...args);
}

export function fmtSec(ms) {
	return `${(ms / 1000).toFixed(1)} s`;
}

/**
 * Runs a command, streams its output only when verbose, and fails on a non-zero exit. The command
 * leads its own process group and is tracked, so stopping the caller (cleanup.mjs) stops it
 * and whatever it started (npm's scripts, the sqlite3 build).
 */
export function run(cmd, args, { cwd, env, timeoutMs = 20 * 60_000, quiet = true, label } = {}) {
	return new Promise((resolve, reject) => {
		const child = track(
			spawn(cmd, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] }),
		);
		let out = '';
		const keep = (chunk) => {
			out += chunk.toString();
			if (out.length > 200_000) out = out.slice(-100_000);
			if (!quiet) process.stdout.write(chunk);
		};
		child.stdout.on('data', keep);
		child.stderr.on('data', keep);
		const timer = setTimeout(() => {
			stopChild(child, 2000);
			reject(
				new Error(`${label || cmd} timed out after ${fmtSec(timeoutMs)}\n${out.slice(-4000)}`),
			);
		}, timeoutMs);
		child.on('error', (err) => {
			clearTimeout(timer);
			reject(err);
		});
		child.on('close', (code) => {
			clearTimeout(timer);
			if (code === 0) resolve(out);
			else
				reject(
					new Error(
						`${label || `${cmd} ${args.join(' ')}`} exited with ${code}\n${out.slice(-6000)}`,
					),
				);
		});
	});
}

/**
 * How long the first install takes, said up front and per step. Measured on 2 cores shared with
 * other work (load 2-5), from the committed lockfiles: warm npm cache 3m41s (2.41.1: npm ci 131 s,
 * sqlite3 86 s, Node 24 4 s) and 4m02s (1.123.81: npm ci 145 s, sqlite3 97 s); empty npm cache
 * 5m12s (2.41.1: npm ci 191 s, sqlite3 116 s) and 3m10s (1.123.81: npm ci 88 s, sqlite3 102 s, on
 * a quieter machine). Over an earlier install of the same tree: 14 s. Resolving afresh instead (no lockfile) took
 * 160-250 s of npm install before 20 November, and 22 minutes without finishing after it.
 */
export const INSTALL_TIME = {
	total: 'about 4 minutes, 5 with an empty npm cache',
	node: 'a few seconds',
	npmInstall: 'usually 2-3 minutes',
	npmResolve: 'minutes to much longer: resolving n8n afresh once took over 20 minutes',
	sqlite3: '1-2 minutes',
};

/**
 * Runs one install step: says what it does and how long it usually takes, then every 30 s that
 * it is still at it, and at the end how long it took. Returns the milliseconds it took.
 */
export async function step({ what, name, detail, installStarted }, fn) {
	log(`  ${what}: ${name} (${detail}) ...`);
	const t0 = Date.now();
	const ticker = setInterval(
		() =>
			log(
				`  ${what}: still at ${name} ... ${fmtElapsed(Date.now() - t0)} (install so far ${fmtElapsed(Date.now() - installStarted)})`,
			),
		30_000,
	);
	try {
		await fn();
	} finally {
		clearInterval(ticker);
	}
	const ms = Date.now() - t0;
	log(`  ${what}: ${name} done in ${fmtElapsed(ms)}`);
	return ms;
}
