// Redis and PostgreSQL for queue mode: installed from Debian's packages when missing, and run as
// this process's own children on loopback ports, with their data in a temporary folder.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

import { stopChild, track } from '../e2e/lib/cleanup.mjs';
import { exec, freePort, waitFor } from '../e2e/lib/util.mjs';

const log = (...args) => console.log('[queue]', ...args);

function redisServer() {
	return ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) => fs.existsSync(p));
}

/** The bin folder of the newest PostgreSQL under /usr/lib/postgresql, or undefined. */
function postgresBin() {
	const root = '/usr/lib/postgresql';
	if (!fs.existsSync(root)) return undefined;
	const versions = fs
		.readdirSync(root)
		.filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
		.sort((a, b) => Number(b) - Number(a));
	return versions.length ? path.join(root, versions[0], 'bin') : undefined;
}

async function mustRun(cmd, args, opts = {}) {
	const res = await exec(cmd, args, { timeoutMs: 10 * 60_000, ...opts });
	if (res.code !== 0)
		throw new Error(`${cmd} ${args.join(' ')} exited with ${res.code}\n${res.stdout}${res.stderr}`);
	return res;
}

/** apt-get installs redis-server and postgresql when they are missing; returns the ms it took. */
export async function ensurePackages() {
	const missing = [];
	if (!redisServer()) missing.push('redis-server');
	if (!postgresBin()) missing.push('postgresql');
	if (!missing.length) return 0;
	if (process.getuid() !== 0)
		throw new Error(`${missing.join(' and ')} missing; install them as root (apt-get install)`);
	const started = Date.now();
	log(`apt-get install ${missing.join(' ')} ...`);
	// Other engineers may be running apt on this machine: wait for its lock rather than fail.
	const lock = ['-o', 'DPkg::Lock::Timeout=600'];
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	await mustRun('apt-get', [...lock, 'update', '-qq'], { env });
	await mustRun(
		'apt-get',
		[...lock, 'install', '-y', '-qq', '--no-install-recommends', ...missing],
		{
			env,
		},
	);
	if (!redisServer() || !postgresBin()) throw new Error('apt-get install left a package missing');
	return Date.now() - started;
}

/** Resolves when `check` is true, or rejects when the child exits first (with its output). */
async function readyOrExit(child, output, check, what) {
	const exited = new Promise((_, reject) =>
		child.once('exit', (code) => reject(new Error(`${what} exited with ${code}\n${output()}`))),
	);
	exited.catch(() => {});
	await Promise.race([waitFor(check, { timeoutMs: 60_000, intervalMs: 200, what }), exited]);
}

function startDaemon(cmd, args, options = {}) {
	const child = track(
		spawn(cmd, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'], ...options }),
	);
	let output = '';
	const keep = (chunk) => {
		output = (output + chunk).slice(-20_000);
	};
	child.stdout.on('data', keep);
	child.stderr.on('data', keep);
	return { child, output: () => output };
}

/** One Redis PING over a fresh connection. */
function ping(port) {
	return new Promise((resolve) => {
		const socket = net.connect(port, '127.0.0.1');
		socket.setTimeout(1000);
		socket.on('connect', () => socket.write('PING\r\n'));
		socket.on('data', (data) => {
			socket.destroy();
			resolve(String(data).startsWith('+PONG'));
		});
		socket.on('error', () => resolve(false));
		socket.on('timeout', () => {
			socket.destroy();
			resolve(false);
		});
	});
}

/** redis-server on a free loopback port, no persistence; returns { port, pid, stop }. */
export async function startRedis(dir) {
	const port = await freePort();
	fs.mkdirSync(dir, { recursive: true });
	const { child, output } = startDaemon(redisServer(), [
		'--port',
		String(port),
		'--bind',
		'127.0.0.1',
		'--save',
		'',
		'--appendonly',
		'no',
		'--dir',
		dir,
		'--daemonize',
		'no',
	]);
	await readyOrExit(child, output, () => ping(port), 'redis-server');
	return { port, pid: child.pid, stop: () => stopChild(child, 5000) };
}

/** uid/gid of the `postgres` user when running as root (PostgreSQL refuses to run as root). */
async function postgresUser() {
	if (process.getuid() !== 0) return {};
	const uid = Number((await mustRun('id', ['-u', 'postgres'])).stdout.trim());
	const gid = Number((await mustRun('id', ['-g', 'postgres'])).stdout.trim());
	return { uid, gid };
}

/** [cmd, args] that run a PostgreSQL tool as the cluster's owner. */
const asOwner = (owner, cmd, args) =>
	owner.uid === undefined ? [cmd, args] : ['runuser', ['-u', 'postgres', '--', cmd, ...args]];

/**
 * A fresh PostgreSQL cluster in `dir`, an empty folder the postgres user can reach (such as a fresh
 * mkdtemp in /tmp; it is handed to that user) (initdb, trust authentication on loopback only, durability
 * off: it is thrown away), started on a free port, with an empty database `database`.
 * Returns { port, user, database, pid, stop }.
 */
export async function startPostgres(dir, database = 'n8n') {
	const bin = postgresBin();
	const owner = await postgresUser();
	fs.mkdirSync(dir, { recursive: true });
	if (owner.uid !== undefined) fs.chownSync(dir, owner.uid, owner.gid);
	const data = path.join(dir, 'data');
	const user = 'n8n';
	const options = { cwd: dir, env: { ...process.env, LC_ALL: 'C.UTF-8' } };
	const tool = (name, args) => asOwner(owner, path.join(bin, name), args);
	await mustRun(
		...tool('initdb', ['-D', data, '-U', user, '--auth=trust', '-E', 'UTF8', '--no-sync']),
		options,
	);
	const port = await freePort();
	const { child, output } = startDaemon(
		path.join(bin, 'postgres'),
		[
			'-D',
			data,
			'-p',
			String(port),
			'-k',
			dir,
			'-c',
			'listen_addresses=127.0.0.1',
			'-c',
			'fsync=off',
			'-c',
			'synchronous_commit=off',
			'-c',
			'full_page_writes=off',
		],
		{ ...options, ...owner },
	);
	const connect = ['-h', '127.0.0.1', '-p', String(port), '-U', user];
	await readyOrExit(
		child,
		output,
		async () => (await exec(...tool('pg_isready', connect), options)).code === 0,
		'postgres',
	);
	await mustRun(...tool('createdb', [...connect, database]), options);
	// SIGINT is PostgreSQL's "fast" shutdown (SIGTERM would wait for clients to leave)
	const stop = async () => {
		if (child.exitCode !== null || child.signalCode !== null) return;
		const exited = new Promise((resolve) => child.once('exit', resolve));
		try {
			process.kill(child.pid, 'SIGINT');
		} catch {
			/* gone */
		}
		const timer = setTimeout(() => stopChild(child, 1000), 15_000);
		await exited;
		clearTimeout(timer);
	};
	/** The rows of `sql` (psql as the server's owner), as JSON. */
	const query = async (sql) => {
		const res = await mustRun(
			...tool('psql', [
				...connect,
				'-d',
				database,
				'-At',
				'-c',
				`SELECT json_agg(r) FROM (${sql}) r`,
			]),
			options,
		);
		return JSON.parse(res.stdout.trim() || 'null') ?? [];
	};
	return { port, user, database, pid: child.pid, stop, query };
}
