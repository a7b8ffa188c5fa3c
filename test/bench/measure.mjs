// Arithmetic and sampling of the benchmark: rate-limit floors, what happened in each window,
// the memory of a process tree, the machine, and markdown tables.
import fs from 'node:fs';
import os from 'node:os';

// ------------------------------------------------------------------------------------ floors

/** Windows needed for n requests at `limit` per window, and the requests in the last one. */
export function windowsNeeded(n, limit) {
	const k = Math.ceil(n / limit);
	return { k, r: n - (k - 1) * limit };
}

/**
 * The least time in which n requests fit, `limit` per fixed window of `windowMs` aligned to the
 * epoch, with a full budget at the start:
 *
 *   nominal (start exactly at a window boundary):  (k − 1) × W + c(r)
 *   for a start at t0 (phase φ = t0 mod W):        (k − 1) × W − φ + c(r)   (k ≥ 2; k = 1: c(n))
 *
 * k = ceil(n / limit), r = n − (k − 1) × limit, c(r) = time for the last window's r requests
 * to complete (measured with the bare client against the same sandbox without a limit).
 * The best possible client sends `limit` requests at t0 and `limit` more at each window start,
 * so its last request goes out at the start of window k and is answered c(r) later.
 */
export function floorMs({ n, limit, windowMs, lastMs, t0 }) {
	const { k } = windowsNeeded(n, limit);
	if (k <= 1) return lastMs;
	const phase = t0 === undefined ? 0 : t0 % windowMs;
	return (k - 1) * windowMs - phase + lastMs;
}

// --------------------------------------------------------------- requests seen by the sandbox

/**
 * Records when each request reached the sandbox (ms since epoch), through the sandbox's fault
 * decider hook, which it asks once per request and which here never injects anything.
 */
export function recordArrivals(sandbox) {
	const arrivals = [];
	let fault = () => null;
	sandbox.setFaults({
		decide: (req) => {
			arrivals.push({ n: req.n, at: Date.now(), method: req.method, path: req.path });
			return fault(req);
		},
	});
	return {
		arrivals,
		clear: () => (arrivals.length = 0),
		/** A fault decider for the requests from now on (the sandbox's `decide`); none without one. */
		setFault: (decide) => (fault = decide ?? (() => null)),
	};
}

const median = (values) => {
	if (!values.length) return undefined;
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
export { median };

/**
 * Where the time of a paced run went: requests per window, how late after each window's start
 * its first request arrived, the gap from that first request to the second (the node sends the
 * first request of a fresh window alone and waits for its answer), and the time before the first
 * request and after the last one. `statusOf(n)` gives the status the sandbox answered.
 */
export function windowAnalysis({ arrivals, windowMs, limit, t0, t1, statusOf }) {
	const accepted = arrivals.filter((a) => statusOf(a.n) !== 429);
	if (!arrivals.length) return undefined;
	const byWindow = new Map();
	for (const a of arrivals) {
		const w = Math.floor(a.at / windowMs);
		if (!byWindow.has(w)) byWindow.set(w, []);
		byWindow.get(w).push(a);
	}
	const windows = [...byWindow.keys()].sort((a, b) => a - b);
	const first = windows[0];
	const last = windows[windows.length - 1];
	const lags = [];
	const probeGaps = [];
	const counts = [];
	for (const w of windows) {
		const list = byWindow.get(w).sort((a, b) => a.at - b.at);
		const ok = list.filter((a) => statusOf(a.n) !== 429).length;
		counts.push(ok);
		if (w !== first) lags.push(list[0].at - w * windowMs);
		if (w !== first && list.length > 1) probeGaps.push(list[1].at - list[0].at);
	}
	const inner = counts.slice(1, -1);
	return {
		windowsSpanned: last - first + 1,
		windowsWithRequests: windows.length,
		fullWindows: counts.filter((c) => c >= limit).length,
		/** Windows other than the first and last that carried fewer than `limit` accepted requests. */
		underfilledInner: inner.filter((c) => c < limit).length,
		firstWindowCount: counts[0],
		lastWindowCount: counts[counts.length - 1],
		/** Node start → first request. */
		startToFirstMs: arrivals[0].at - t0,
		firstAt: arrivals[0].at,
		/** Phase of the node's start in its window. */
		phaseMs: t0 % windowMs,
		/** Window start → its first request (windows after the first). */
		lagMedianMs: median(lags),
		lagMaxMs: lags.length ? Math.max(...lags) : undefined,
		/** First → second request of a window (windows after the first). */
		probeGapMedianMs: median(probeGaps),
		probeGapMaxMs: probeGaps.length ? Math.max(...probeGaps) : undefined,
		/** Last request → node end (its answer, and n8n finishing the node). */
		lastToEndMs: t1 - arrivals[arrivals.length - 1].at,
		acceptedRequests: accepted.length,
	};
}

// ------------------------------------------------------------------------------------ memory

function readProc(file) {
	try {
		return fs.readFileSync(file, 'utf8');
	} catch {
		return undefined;
	}
}

/** pid → ppid of every process (from /proc/<pid>/stat; comm may hold spaces and parentheses). */
function processTable() {
	const table = new Map();
	for (const entry of fs.readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		const stat = readProc(`/proc/${entry}/stat`);
		if (!stat) continue;
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		table.set(Number(entry), Number(fields[1]));
	}
	return table;
}

/** The pid and all its descendants. */
export function processTree(pid) {
	const table = processTable();
	const tree = [pid];
	for (let i = 0; i < tree.length; i++) {
		for (const [child, parent] of table) if (parent === tree[i]) tree.push(child);
	}
	return tree;
}

function statusKb(pid, field) {
	const status = readProc(`/proc/${pid}/status`);
	const match = status && new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
	return match ? Number(match[1]) : undefined;
}

/**
 * Samples a process tree every `intervalMs`: the peak of the sum of VmRSS over the tree, and
 * the high-water mark (VmHWM) of the root process as last read before it exited.
 */
export function sampleMemory(pid, intervalMs = 25) {
	const result = { peakTreeRssKb: 0, rootHwmKb: 0, maxProcesses: 0, samples: 0 };
	const tick = () => {
		const tree = processTree(pid);
		let sum = 0;
		let alive = 0;
		for (const p of tree) {
			const rss = statusKb(p, 'VmRSS');
			if (rss !== undefined) {
				sum += rss;
				alive++;
			}
		}
		const hwm = statusKb(pid, 'VmHWM');
		if (hwm !== undefined) result.rootHwmKb = Math.max(result.rootHwmKb, hwm);
		result.peakTreeRssKb = Math.max(result.peakTreeRssKb, sum);
		result.maxProcesses = Math.max(result.maxProcesses, alive);
		result.samples++;
	};
	tick();
	const timer = setInterval(tick, intervalMs);
	return {
		result,
		stop() {
			clearInterval(timer);
			return result;
		},
	};
}

/** Other n8n processes on the machine (not started by this process), as "pid command" lines. */
export function otherN8nProcesses() {
	const mine = new Set(processTree(process.pid));
	const found = [];
	for (const entry of fs.readdirSync('/proc')) {
		if (!/^\d+$/.test(entry) || mine.has(Number(entry))) continue;
		const cmdline = readProc(`/proc/${entry}/cmdline`);
		if (!cmdline) continue;
		const command = cmdline.split('\0').filter(Boolean).join(' ');
		if (/(^|\/)n8n(\s|$)|node_modules\/n8n\/bin\/n8n|@n8n\/task-runner/.test(command))
			found.push(`${entry} ${command.slice(0, 160)}`);
	}
	return found;
}

// ----------------------------------------------------------------------------------- machine

export function machine({ nproc, n8nVersion, n8nNodeVersion }) {
	const cpuinfo = readProc('/proc/cpuinfo') ?? '';
	const model =
		/^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim() ?? os.cpus()[0]?.model ?? 'unknown';
	const memKb = Number(/^MemTotal:\s+(\d+) kB/m.exec(readProc('/proc/meminfo') ?? '')?.[1] ?? 0);
	return {
		nproc,
		cpu: model,
		memory: `${(memKb / 1024 / 1024).toFixed(1)} GiB`,
		node: process.version,
		n8nNode: n8nNodeVersion,
		n8n: n8nVersion,
		kernel: `${os.type()} ${os.release()}`,
		loadavg: os
			.loadavg()
			.map((l) => l.toFixed(2))
			.join(' '),
		date: new Date().toISOString(),
	};
}

// ------------------------------------------------------------------------------------ tables

/** A markdown table; numbers are printed as given (format them first). */
export function table(headers, rows) {
	const cells = [headers, ...rows].map((row) => row.map((cell) => String(cell ?? '')));
	const widths = headers.map((_, i) => Math.max(3, ...cells.map((row) => row[i].length)));
	const line = (row) => `| ${row.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
	return [
		line(cells[0]),
		`| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`,
		...cells.slice(1).map(line),
	].join('\n');
}

export const sec = (ms) =>
	ms === undefined || ms === null || Number.isNaN(ms) ? '–' : `${(ms / 1000).toFixed(2)} s`;
export const msf = (ms, digits = 1) =>
	ms === undefined || ms === null || Number.isNaN(ms) ? '–' : `${ms.toFixed(digits)} ms`;
export const ratio = (value) =>
	value === undefined || !Number.isFinite(value) ? '–' : `${value.toFixed(3)}×`;
export const mib = (kb) => (kb ? `${(kb / 1024).toFixed(0)} MiB` : '–');
export const pct = (share) => `${(share * 100).toFixed(1)}%`;

/**
 * A section of docs/maintainers/benchmark.md between HTML comment markers of its own, which a run of its part
 * alone rewrites and a run of the other parts keeps: `of(doc)` is the section ('' when the text
 * has none), `within(doc, section)` the text with it replaced by `section` (appended when it has
 * none; the text unchanged when `section` is empty).
 */
export function markedSection(start, end) {
	const of = (doc) => {
		const a = doc.indexOf(start);
		const b = doc.indexOf(end);
		return a >= 0 && b > a ? doc.slice(a, b + end.length) : '';
	};
	const within = (doc, section) => {
		const old = of(doc);
		if (!section) return doc;
		if (old) return doc.replace(old, section);
		return `${doc.trimEnd()}\n\n${section}\n`;
	};
	return { of, within };
}
