// One process installs into a folder at a time: `<folder>.lock` holds the installer's pid, others
// wait for it and then use what it installed; a lock whose process is gone is taken over.
import fs from 'node:fs';
import os from 'node:os';

import { log } from './installSteps.mjs';
import { fmtElapsed, sleep } from './util.mjs';

/** Start time of a process from /proc (Linux), to tell a reused pid apart; undefined when unknown. */
function procStart(pid) {
	try {
		const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
		return text.slice(text.lastIndexOf(')') + 2).split(' ')[19];
	} catch {
		return undefined;
	}
}

/** Whether the process that wrote a lock still runs (a different host: assumed so). */
function ownerAlive(owner) {
	if (!Number.isInteger(owner?.pid)) return false;
	if (owner.host && owner.host !== os.hostname()) return true;
	const start = procStart(owner.pid);
	if (start !== undefined) return owner.start === undefined || owner.start === start;
	if (fs.existsSync('/proc/self/stat')) return false; // /proc works and has no such process
	try {
		process.kill(owner.pid, 0);
		return true;
	} catch (error) {
		return error.code === 'EPERM';
	}
}

function readLock(file) {
	try {
		return JSON.parse(fs.readFileSync(file, 'utf8'));
	} catch (error) {
		return error.code === 'ENOENT' ? null : {}; // {}: unreadable, treated as stale
	}
}

/** Lock files this process holds; removed when it exits, however it exits short of SIGKILL. */
const heldLocks = new Set();
process.on('exit', () => {
	for (const file of heldLocks) fs.rmSync(file, { force: true });
});

/**
 * Runs `fn` holding `<file>` (created atomically with the owner's pid, start time, host and
 * command). While another live process holds it, waits and says so every 30 s; a lock whose
 * process is gone is taken over.
 */
export async function withLock(file, what, fn) {
	const waitStarted = Date.now();
	let announced = 0;
	for (;;) {
		const mine = {
			pid: process.pid,
			start: procStart(process.pid),
			host: os.hostname(),
			command: process.argv.slice(1).join(' '),
			since: new Date().toISOString(),
		};
		const tmp = `${file}.${process.pid}.tmp`;
		fs.writeFileSync(tmp, JSON.stringify(mine, null, 2));
		try {
			fs.linkSync(tmp, file); // atomic: fails if the lock exists
			heldLocks.add(file);
			break;
		} catch (error) {
			if (error.code !== 'EEXIST') throw error;
		} finally {
			fs.rmSync(tmp, { force: true });
		}
		const owner = readLock(file);
		if (owner === null) continue; // released meanwhile
		if (!ownerAlive(owner)) {
			// Move it aside first (atomic), so that of two waiters only one removes it; should that
			// have moved a fresh lock of a third process instead, it is put back.
			const aside = `${file}.stale-${process.pid}`;
			try {
				fs.renameSync(file, aside);
			} catch {
				continue;
			}
			const moved = readLock(aside);
			if (moved && ownerAlive(moved)) {
				try {
					fs.linkSync(aside, file);
				} catch {
					/* taken meanwhile */
				}
			} else {
				log(
					`${what}: the process that was installing (pid ${owner.pid ?? '?'}) is gone; taking over`,
				);
			}
			fs.rmSync(aside, { force: true });
			continue;
		}
		const waited = Date.now() - waitStarted;
		if (announced === 0 || waited - announced >= 30_000) {
			const since = Date.parse(owner.since);
			log(
				announced === 0
					? `${what}: another process is installing it (pid ${owner.pid}: ${owner.command ?? '?'}${Number.isNaN(since) ? '' : `, for ${fmtElapsed(Date.now() - since)}`}); waiting for it to finish ...`
					: `${what}: still waiting for pid ${owner.pid} ... ${fmtElapsed(waited)}`,
			);
			announced = waited || 1;
		}
		await sleep(1000);
	}
	try {
		return await fn();
	} finally {
		fs.rmSync(file, { force: true });
		heldLocks.delete(file);
	}
}
