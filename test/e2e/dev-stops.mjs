#!/usr/bin/env node
// `npm run dev` ends with npm: started as a user starts it (its own process group, on free ports,
// with a fresh user folder), stopped with SIGTERM to the npm process once the editor is ready.
// Afterwards no process of its tree (npm, sh, the dev script, n8n, n8n's task runner) is left and
// none of the ports they listened on. Part of npm run test:e2e; on its own, also with other ways
// of stopping it (a signal to npm, to its whole process group as Ctrl-C or a closing terminal
// sends it, or to the dev script):
//   node test/e2e/dev-stops.mjs [SIGTERM|SIGINT|SIGHUP|SIGKILL] [npm|group|script]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { stopChild, track } from './lib/cleanup.mjs';
import { REPO, sandboxFile } from './lib/sandbox.mjs';
import { freePort, sleep } from './lib/util.mjs';

const { procStat } = sandboxFile('lifetime.ts');

/** The processes below `pid`, each with its start time (to tell a reused pid apart). */
function treeOf(pid) {
	const parents = new Map();
	for (const entry of fs.readdirSync('/proc')) {
		const stat = /^\d+$/.test(entry) ? procStat(Number(entry)) : undefined;
		if (stat) parents.set(Number(entry), stat);
	}
	const found = [];
	for (let frontier = [pid]; frontier.length;) {
		const children = [...parents].filter(([, s]) => frontier.includes(s.ppid)).map(([p]) => p);
		found.push(...children.map((p) => ({ pid: p, start: parents.get(p).start, cmd: cmdline(p) })));
		frontier = children;
	}
	return found;
}

function cmdline(pid) {
	try {
		return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
	} catch {
		return '';
	}
}

/** Listening TCP ports (from /proc/net/tcp, tcp6) with the socket inode of each. */
function listening() {
	const ports = new Map(); // inode -> port
	for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
		let text = '';
		try {
			text = fs.readFileSync(file, 'utf8');
		} catch {
			continue;
		}
		for (const line of text.split('\n').slice(1)) {
			const f = line.trim().split(/\s+/);
			if (f[3] === '0A') ports.set(f[9], parseInt(f[1].split(':')[1], 16)); // 0A: LISTEN
		}
	}
	return ports;
}

/** The ports the given processes listen on. */
function portsOf(pids) {
	const byInode = listening();
	const ports = new Set();
	for (const pid of pids) {
		let fds = [];
		try {
			fds = fs.readdirSync(`/proc/${pid}/fd`);
		} catch {
			continue;
		}
		for (const fd of fds) {
			let link = '';
			try {
				link = fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
			} catch {
				continue;
			}
			const inode = link.match(/^socket:\[(\d+)\]$/)?.[1];
			if (inode && byInode.has(inode)) ports.add(byInode.get(inode));
		}
	}
	return [...ports].sort((a, b) => a - b);
}

const alive = ({ pid, start }) => procStat(pid)?.start === start && procStat(pid)?.state !== 'Z';

export async function checkDevStops({
	signal = 'SIGTERM',
	to = 'npm',
	readyTimeoutMs = 300_000,
	log = () => {},
} = {}) {
	const n8nPort = await freePort();
	const sandboxPort = await freePort();
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-e2e-dev-'));
	let out = '';
	const npm = track(
		spawn('npm', ['run', 'dev', '--', '--port', String(sandboxPort)], {
			cwd: REPO,
			detached: true, // its own process group, as a job in a terminal
			stdio: ['ignore', 'pipe', 'pipe'],
			env: { ...process.env, N8N_PORT: String(n8nPort), DEV_USER_FOLDER: userFolder },
		}),
	);
	npm.stdout.on('data', (c) => (out += c));
	npm.stderr.on('data', (c) => (out += c));
	const exited = new Promise((resolve) => npm.once('exit', resolve));
	try {
		const deadline = Date.now() + readyTimeoutMs;
		while (!out.includes('n8n editor')) {
			if (npm.exitCode !== null || Date.now() > deadline)
				throw new Error(`npm run dev did not get ready\n${out.slice(-3000)}`);
			await sleep(250);
		}
		const tree = [
			{ pid: npm.pid, start: procStat(npm.pid)?.start, cmd: cmdline(npm.pid) },
			...treeOf(npm.pid),
		];
		const ports = portsOf(tree.map((p) => p.pid));
		const missing = [n8nPort, sandboxPort].filter((port) => !ports.includes(port));
		if (missing.length)
			throw new Error(`the dev tree does not listen on ${missing.join(', ')}: ${ports.join(', ')}`);
		if (!tree.some((p) => p.cmd.includes('task-runner')))
			throw new Error(`no task runner in the tree:\n${tree.map((p) => p.cmd).join('\n')}`);
		log(`tree: ${tree.length} processes, listening on ${ports.join(', ')}; ${signal} to ${to}`);

		const stopped = Date.now();
		const script = tree.find((p) => /^node \S*dev\.mjs/.test(p.cmd));
		process.kill({ npm: npm.pid, group: -npm.pid, script: script?.pid }[to], signal);
		await exited;
		let left = tree.filter(alive);
		for (let i = 0; i < 120 && left.length; i++) {
			await sleep(250);
			left = tree.filter(alive);
		}
		if (left.length)
			throw new Error(
				`left running after ${signal} to ${to}:\n${left.map((p) => `${p.pid} ${p.cmd}`).join('\n')}`,
			);
		const still = portsOf(
			fs
				.readdirSync('/proc')
				.filter((e) => /^\d+$/.test(e))
				.map(Number),
		).filter((port) => ports.includes(port));
		if (still.length) throw new Error(`ports still listening: ${still.join(', ')}`);
		return {
			note: `${tree.length} processes (npm, sh, dev script, n8n, task runner) and ports ${ports.join(', ')} gone ${((Date.now() - stopped) / 1000).toFixed(1)} s after ${signal} to ${to}`,
		};
	} finally {
		await stopChild(npm, 2000);
		fs.rmSync(userFolder, { recursive: true, force: true });
	}
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const [signal = 'SIGTERM', to = 'npm'] = process.argv.slice(2);
	const result = await checkDevStops({
		signal,
		to,
		log: (...a) => console.log('[dev-stops]', ...a),
	});
	console.log(`[dev-stops] ok: ${result.note}`);
}
