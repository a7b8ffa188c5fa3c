// n8n in queue mode: one main (`n8n start`) and workers (`n8n worker`), each with its own user
// folder holding the packed package as users install it, sharing Redis, PostgreSQL and the
// encryption key. The main gets an owner and an API key; the public API drives the rest.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { stopChild, track } from '../e2e/lib/cleanup.mjs';
import { N8n, tail } from '../e2e/lib/n8n.mjs';
import { installPackage } from '../e2e/lib/package.mjs';
import { freePort, waitFor } from '../e2e/lib/util.mjs';
import { startPostgres, startRedis } from './services.mjs';

/** What every process of the cluster shares (n8n 2.41.1's variables, @n8n/config). */
export function queueEnv({ redis, postgres }) {
	return {
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: '127.0.0.1',
		QUEUE_BULL_REDIS_PORT: String(redis.port),
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: '127.0.0.1',
		DB_POSTGRESDB_PORT: String(postgres.port),
		DB_POSTGRESDB_DATABASE: postgres.database,
		DB_POSTGRESDB_USER: postgres.user,
		DB_POSTGRESDB_PASSWORD: '',
		// Manual runs from the editor go to the workers too (webhook runs always do in queue mode).
		OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
	};
}

/** "Worker started execution 12 (job 7)", logged by n8n's job processor at level info. */
const STARTED = /Worker started execution (\d+) \(job (\d+)\)/g;

/**
 * An n8n process of the cluster other than the main (`n8n <args>`), its output kept; ready when
 * its health server answers /healthz/readiness.
 */
class ClusterProcess {
	constructor(name, n8n) {
		this.name = name;
		this.n8n = n8n;
		this.log = '';
	}

	/** Called with each chunk of output (Worker reads the executions it starts from it). */
	onOutput() {}

	async spawn(args, { env: extra, healthPort }) {
		const env = await this.n8n.env(extra);
		const { nodeExe, n8nBin } = this.n8n.paths;
		this.child = track(
			spawn(nodeExe, [n8nBin, ...args], {
				cwd: this.n8n.userFolder,
				env,
				detached: true,
				stdio: ['ignore', 'pipe', 'pipe'],
			}),
		);
		const keep = (chunk) => {
			this.log += chunk;
			if (this.log.length > 2_000_000) this.log = this.log.slice(-1_000_000);
			this.onOutput(chunk);
		};
		this.child.stdout.on('data', keep);
		this.child.stderr.on('data', keep);
		const exited = new Promise((_, reject) =>
			this.child.once('exit', (code) =>
				reject(new Error(`${this.name} exited with ${code}\n${tail(this.log)}`)),
			),
		);
		exited.catch(() => {});
		await Promise.race([
			waitFor(
				async () =>
					(await fetch(`http://127.0.0.1:${healthPort}/healthz/readiness`)).status === 200,
				{ timeoutMs: 120_000, intervalMs: 300, what: `${this.name} readiness` },
			),
			exited,
		]);
	}

	async stop() {
		await stopChild(this.child, 10_000);
	}
}

/** `n8n worker --concurrency=<n>`, its health server on a port of its own. */
class Worker extends ClusterProcess {
	constructor(name, n8n, concurrency) {
		super(name, n8n);
		this.concurrency = concurrency;
		/** execution id → job id, from the worker's log */
		this.executions = new Map();
		this.pending = '';
	}

	onOutput(chunk) {
		this.pending += chunk;
		const lines = this.pending.split('\n');
		this.pending = lines.pop();
		for (const match of lines.join('\n').matchAll(STARTED)) this.executions.set(match[1], match[2]);
	}

	async start() {
		const healthPort = await freePort();
		await this.spawn(['worker', `--concurrency=${this.concurrency}`], {
			healthPort,
			env: {
				N8N_PORT: String(await freePort()),
				QUEUE_HEALTH_CHECK_ACTIVE: 'true',
				QUEUE_HEALTH_CHECK_PORT: String(healthPort),
				N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
			},
		});
	}
}

/**
 * PostgreSQL connections of a webhook process. Each call it answers takes several queries (the
 * workflow, the new execution) before the workflow's webhook node is even called; with n8n's
 * default of 2 connections, clicks at 10 a second on a busy 2-core machine waited for a
 * connection until n8n's 20-s limit and were answered 500.
 */
const WEBHOOK_POOL_SIZE = 10;

/**
 * `n8n webhook`, n8n's webhook processor: it answers the production webhook calls (`/webhook/…`)
 * on its own port and puts their executions in the queue for the workers.
 */
class WebhookProcess extends ClusterProcess {
	constructor(name, n8n, env) {
		super(name, n8n);
		this.env = env;
	}

	async start() {
		const port = await freePort();
		this.baseUrl = `http://127.0.0.1:${port}`;
		await this.spawn(['webhook'], {
			healthPort: port,
			env: {
				...this.env,
				N8N_PORT: String(port),
				DB_POSTGRESDB_POOL_SIZE: String(WEBHOOK_POOL_SIZE),
			},
		});
	}
}

/**
 * Starts Redis, PostgreSQL, a main, `workers` workers (each `--concurrency=<concurrency>`) and
 * `webhooks` webhook processes (none unless asked), all fresh, and returns { main, workers,
 * webhooks, services, api(method, path, body), stop() }; stop() ends them in reverse order.
 * `env`: n8n settings of every process; `webhookEnv`: of the webhook processes only.
 * `makeTempDir(prefix)` gives the folders (the caller removes them).
 */
export async function startQueueMode({
	target,
	tgz,
	workers: count,
	concurrency,
	webhooks = 0,
	env = {},
	webhookEnv = {},
	makeTempDir,
}) {
	const services = {};
	const cluster = {
		main: undefined,
		workers: [],
		webhooks: [],
		services,
		stop: () => stopAll(cluster),
	};
	/** Rejects when an n8n process of the cluster exits before stop(). */
	cluster.crashed = new Promise((_, reject) => (cluster.crash = reject));
	cluster.crashed.catch(() => {});
	try {
		services.redis = await startRedis(makeTempDir('lm-queue-redis-'));
		services.postgres = await startPostgres(makeTempDir('lm-queue-pg-'));
		const settings = { env, webhookEnv };
		await startN8n(cluster, { target, tgz, count, concurrency, webhooks, settings, makeTempDir });
		return cluster;
	} catch (error) {
		await stopAll(cluster);
		throw error;
	}
}

async function startN8n(
	cluster,
	{ target, tgz, count, concurrency, webhooks, settings, makeTempDir },
) {
	const shared = { ...queueEnv(cluster.services), ...settings.env };
	/** An n8n of the cluster in a user folder of its own, named by `prefix`. */
	const n8nIn = (prefix) => new N8n(target, makeTempDir(prefix), shared);
	const main = n8nIn('lm-queue-main-');
	const workers = Array.from({ length: count }, (_, i) => {
		const n = i + 1;
		return new Worker(`worker ${n}`, n8nIn(`lm-queue-w${n}-`), concurrency);
	});
	const receivers = Array.from({ length: webhooks }, (_, i) => {
		const n = i + 1;
		return new WebhookProcess(`webhook ${n}`, n8nIn(`lm-queue-webhook${n}-`), settings.webhookEnv);
	});
	Object.assign(cluster, { main, workers, webhooks: receivers });
	const others = [...workers, ...receivers];
	await Promise.all([main, ...others.map((p) => p.n8n)].map((n) => installPackage(n, tgz)));
	// The main creates the schema in PostgreSQL; the others start once it is there.
	await main.start({ timeoutMs: 180_000 });
	await Promise.all(others.map((p) => p.start()));
	for (const [name, child] of [['main', main.server], ...others.map((p) => [p.name, p.child])])
		child.once('exit', (code, signal) => {
			if (!cluster.stopping) cluster.crash(new Error(`n8n ${name} exited (${code ?? signal})`));
		});
	await main.setupOwnerAndLogin();
	cluster.apiKey = await createApiKey(main);
	cluster.api = (method, urlPath, body) => publicApi(main, cluster.apiKey, method, urlPath, body);
}

async function stopAll(cluster) {
	const { workers, webhooks, main, services } = cluster;
	cluster.stopping = true;
	await Promise.all([...webhooks, ...workers].map((p) => p.stop()));
	await main?.stop();
	await services.postgres?.stop();
	await services.redis?.stop();
}

/** Writes the logs of every process into `dir`. */
export function saveLogs(cluster, dir) {
	fs.mkdirSync(dir, { recursive: true });
	if (cluster.main?.serverLog) fs.writeFileSync(path.join(dir, 'main.log'), cluster.main.serverLog);
	for (const p of [...cluster.workers, ...cluster.webhooks])
		fs.writeFileSync(path.join(dir, `${p.name.replace(' ', '-')}.log`), p.log);
}

/** An API key with every scope the owner may have (POST /rest/api-keys). */
export async function createApiKey(main) {
	const scopes = await main.rest('GET', '/rest/api-keys/scopes');
	if (scopes.status !== 200) throw new Error(`api-keys/scopes answered ${scopes.status}`);
	const created = await main.rest('POST', '/rest/api-keys', {
		label: 'queue suite',
		scopes: scopes.body.data,
		expiresAt: null,
	});
	const rawApiKey = created.body?.data?.rawApiKey;
	if (created.status !== 200 || !rawApiKey)
		throw new Error(
			`POST /rest/api-keys answered ${created.status}: ${JSON.stringify(created.body).slice(0, 400)}`,
		);
	return rawApiKey;
}

/** A call to n8n's public API (/api/v1); returns the parsed body, throws unless 2xx. */
export async function publicApi(main, apiKey, method, urlPath, body) {
	const res = await fetch(`${main.baseUrl}/api/v1${urlPath}`, {
		method,
		headers: {
			'X-N8N-API-KEY': apiKey,
			Accept: 'application/json',
			...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
		},
		body: body !== undefined ? JSON.stringify(body) : undefined,
	});
	const text = await res.text();
	if (!res.ok) throw new Error(`${method} /api/v1${urlPath} answered ${res.status}: ${text}`);
	return text ? JSON.parse(text) : undefined;
}

/** Which worker ran each execution id (from the workers' logs); undefined when none logged it. */
export function workerOf(cluster, executionId) {
	const ran = cluster.workers.filter((w) => w.executions.has(String(executionId)));
	if (ran.length > 1)
		throw new Error(`execution ${executionId} was started by ${ran.map((w) => w.name)}`);
	return ran[0]?.name;
}
