// How a long-running development process (`npm run sandbox`, `npm run dev`) ends together with
// whoever started it.
//
// npm runs a script as `npm → sh -c "<script>" → node`. npm passes SIGINT and SIGTERM on to the
// shell only: the shell dies of SIGTERM without passing it on (the script is merely reparented),
// and ignores SIGINT. Killed with SIGHUP or SIGKILL, npm passes nothing on and the shell outlives
// it, so the script's parent does not even change. Ctrl-C and a closing terminal signal the whole
// foreground process group, the script included. Hence: the signals themselves, plus a watch on
// the parent and, under npm, on the parent's parent (npm).
//
// Install it first, before the process announces anything (a ready line, a URL): whoever reads
// that line may stop npm at once. A process whose parent went before it was watched has been
// reparented (to init, or its shell has), so it takes itself as orphaned and stops at once.
import { readFileSync } from 'fs';

export type StopReason = 'SIGINT' | 'SIGTERM' | 'SIGHUP' | 'parent gone';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

interface Watched {
	pid: number;
	/** Start time from /proc (clock ticks since boot), to tell a reused pid apart. */
	start?: string;
}

/** Parent pid, state and start time of a process from /proc (Linux); undefined when it is gone. */
export function procStat(pid: number): { ppid: number; state: string; start: string } | undefined {
	try {
		const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
		// "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read after the last ')'
		const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
		return { state: fields[0], ppid: Number(fields[1]), start: fields[19] };
	} catch {
		return undefined;
	}
}

const SHELLS = ['sh', 'bash', 'dash', 'zsh'];
/** What may run as pid 1 and start this process itself (a container's init, npm, a shell). */
const LAUNCHERS = [...SHELLS, 'node', 'tini', 'dumb-init', 'docker-init'];

/** The command name of a process (/proc/<pid>/comm), '' when unknown. */
function commandName(pid: number): string {
	try {
		return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
	} catch {
		return '';
	}
}

/** Whether `pid` is init, which adopts orphans (not a container's pid 1 that starts processes). */
function isInit(pid: number | undefined): boolean {
	if (pid !== 1) return false;
	const name = commandName(1);
	return !name.startsWith('npm') && !LAUNCHERS.includes(name);
}

/**
 * Whether this process lost whoever started it before it could watch them: it has been
 * reparented to init, or, run by npm through a shell, that shell has.
 */
export function alreadyOrphaned(
	ppid = process.ppid,
	underNpm = Boolean(process.env.npm_lifecycle_event),
): boolean {
	if (isInit(ppid)) return true;
	return underNpm && SHELLS.includes(commandName(ppid)) && isInit(procStat(ppid)?.ppid);
}

function isAlive({ pid, start }: Watched): boolean {
	const stat = procStat(pid);
	if (stat) return stat.start === start && stat.state !== 'Z' && stat.state !== 'X';
	if (start !== undefined) return false; // it was in /proc and is not any more
	try {
		process.kill(pid, 0); // no /proc: at least the pid
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}

/**
 * Calls `onStop` on SIGINT, SIGTERM and SIGHUP (each time one arrives, so a second Ctrl-C can
 * force), and once when the parent process goes away (or, when run by npm, npm itself); at once,
 * before returning, when it is gone already (alreadyOrphaned()). Writes to a closed terminal are
 * ignored, so stopping can finish after the terminal is gone. Returns a function that removes the
 * handlers.
 */
export function stopWithParent(
	onStop: (reason: StopReason) => void,
	{ intervalMs = 500 }: { intervalMs?: number } = {},
): () => void {
	const handlers = SIGNALS.map((signal) => {
		const handler = (): void => onStop(signal);
		process.on(signal, handler);
		return [signal, handler] as const;
	});
	const ignore = (): void => {};
	process.stdout.on('error', ignore);
	process.stderr.on('error', ignore);

	const ppid = process.ppid;
	const stop = (): void => {
		clearInterval(timer);
		onStop('parent gone');
	};
	const watched: Watched[] = [{ pid: ppid, start: procStat(ppid)?.start }];
	const grandparent = procStat(ppid)?.ppid;
	if (process.env.npm_lifecycle_event && grandparent && grandparent > 1)
		watched.push({ pid: grandparent, start: procStat(grandparent)?.start });
	const timer = setInterval(() => {
		if (process.ppid !== ppid || !watched.every(isAlive)) stop();
	}, intervalMs);
	timer.unref(); // the watch alone does not keep the process running
	if (alreadyOrphaned(ppid)) stop();

	return () => {
		clearInterval(timer);
		for (const [signal, handler] of handlers) process.removeListener(signal, handler);
		process.stdout.removeListener('error', ignore);
		process.stderr.removeListener('error', ignore);
	};
}
