// Part 10 of the benchmark (BENCH_ONLY=clicks): how long the service waits for n8n's answer to a
// click's notification (it redirects the visitor only then), for the Link Management Webhook
// Trigger and for n8n's own Webhook node (Respond Immediately), each as the editor adds it, under
// the same load, in two setups: regular mode (`n8n start`, SQLite: n8n's main receives the calls
// and runs the executions) and queue mode with a webhook process (`n8n webhook` receives the
// calls, a worker runs them; the queue suite's set-up); each with n8n's default expression engine,
// with lazy isolates (N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true) and with a pool of 8 warm isolates
// (N8N_EXPRESSION_ENGINE_POOL_SIZE=8). Each node's workflow is that
// node alone. Clicks and bursts go to the nodes in turn (A B B A), so a machine busy with other
// work weighs on both alike; then rising rates find the clicks a second each node answers within
// the capacity's p95. Sets results.clicks.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { makeTempDir } from '../../e2e/lib/cleanup.mjs';
import { LAZY_ISOLATES, N8n } from '../../e2e/lib/n8n.mjs';
import { installPackage } from '../../e2e/lib/package.mjs';
import { startSandbox } from '../../e2e/lib/sandbox.mjs';
import { sleep } from '../../e2e/lib/util.mjs';
import {
	cityOf,
	clicks,
	deployClickWorkflow,
	endedExecutions,
	TRIGGER_NODE,
	WEBHOOK_NODE,
} from '../../queue/clicks.mjs';
import { createApiKey, publicApi, saveLogs, startQueueMode } from '../../queue/cluster.mjs';
import { ensurePackages } from '../../queue/services.mjs';
import { percentile } from '../clicks-report.mjs';
import { otherN8nProcesses } from '../measure.mjs';
import { ARTIFACTS, CLICKS, log, target } from '../settings.mjs';

export const KINDS = ['trigger', 'webhook'];
/**
 * Each expression engine measured: n8n's settings, and whether its capacity is measured too (the
 * bigger eager pool is there for the bursts only).
 */
export const ENGINES = {
	default: { env: {}, capacity: true },
	lazy: { env: LAZY_ISOLATES, capacity: true },
	pool: { env: { N8N_EXPRESSION_ENGINE_POOL_SIZE: '8' }, capacity: false },
};

/** Regular mode: one `n8n start` (SQLite) with the package; it receives and runs everything. */
async function startRegular(tgz, env) {
	const n8n = new N8n(target, makeTempDir('lm-bench-clicks-'), env);
	await installPackage(n8n, tgz);
	await n8n.start({ timeoutMs: 300_000 });
	await n8n.setupOwnerAndLogin();
	const apiKey = await createApiKey(n8n);
	return {
		api: (method, urlPath, body) => publicApi(n8n, apiKey, method, urlPath, body),
		receiverUrl: n8n.baseUrl,
		logs: () => ({ main: n8n.serverLog }),
		stop: () => n8n.stop(),
	};
}

/** Queue mode: main, one worker and one webhook process, which receives the calls. */
async function startQueue(tgz, env) {
	await ensurePackages();
	const cluster = await startQueueMode({
		target,
		tgz,
		workers: 1,
		concurrency: CLICKS.concurrency,
		webhooks: 1,
		env,
		makeTempDir,
	});
	return {
		api: cluster.api,
		receiverUrl: cluster.webhooks[0].baseUrl,
		saveLogs: (dir) => saveLogs(cluster, dir),
		stop: () => cluster.stop(),
	};
}

/** The machine's CPU time so far (all cores, from /proc/stat): { busy, total } in ticks. */
function cpuTicks() {
	const [, ...fields] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
	const ticks = fields.map(Number);
	const total = ticks.reduce((a, b) => a + b, 0);
	const idle = ticks[3] + (ticks[4] ?? 0);
	return { busy: total - idle, total };
}

/**
 * The loads, in order: clicks one at a time A B B A (what one call costs, nothing queued), steady
 * clicks A B B A, then bursts of each size A B, B A, A B, …
 */
function plan() {
	const there = [...KINDS];
	const back = [...KINDS].reverse();
	const single = [...there, ...back].map((kind) => ({ load: 'single', kind }));
	const steady = [...there, ...back].map((kind) => ({ load: 'steady', kind }));
	const bursts = [];
	for (const size of CLICKS.bursts)
		for (let round = 0; round < CLICKS.burstRounds; round++)
			for (const kind of round % 2 ? back : there) bursts.push({ load: `burst${size}`, kind });
	return [...single, ...steady, ...bursts];
}

const answered = (d) => d.status >= 200 && d.status < 300;

/** One n8n (a setup with an engine): the workflows, the loads, the capacity, the executions. */
async function measureOne(n8n, sandbox, shortUrl, { setup, engine }, into) {
	const flows = {};
	for (const kind of KINDS)
		flows[kind] = await deployClickWorkflow(n8n.api, n8n.receiverUrl, kind, {
			name: `Bench clicks: ${kind}`,
		});
	const sent = Object.fromEntries(KINDS.map((kind) => [kind, []]));
	/** `count` clicks at `perSecond` (0: at once) to `kind`'s workflow, measured. */
	const send = async (kind, count, perSecond, tag) => {
		sandbox.notifications.set({ clicked: flows[kind].url });
		const others = otherN8nProcesses().length;
		const cpu = cpuTicks();
		const t0 = Date.now();
		const done = await clicks(sandbox, shortUrl, { count, perSecond, tag });
		const after = cpuTicks();
		// a click answered otherwise (n8n's 5xx) started nothing, rightly
		sent[kind].push(...done.deliveries.filter(answered).map((d) => d.city));
		const answers = done.deliveries.map((d) => d.ms).sort((a, b) => a - b);
		log(
			`  ${tag}: ${done.deliveries.filter(answered).length} of ${done.deliveries.length} answered 2xx, median ${percentile(answers, 0.5)} ms, p95 ${percentile(answers, 0.95)} ms`,
		);
		return {
			setup,
			engine,
			kind,
			ms: Date.now() - t0,
			deliveries: done.deliveries,
			machineBusy: (after.busy - cpu.busy) / Math.max(1, after.total - cpu.total),
			others,
		};
	};
	// Let the previous load's executions end before the next load starts.
	const settle = async () => {
		for (const kind of KINDS)
			await endedExecutions(n8n.api, flows[kind].id, sent[kind].length, {
				withData: false,
				timeoutMs: CLICKS.settleMs,
			});
		await sleep(1000);
	};
	const label = `${setup} ${engine}`;
	const warmUpBurst = Math.max(...CLICKS.bursts);
	for (const kind of KINDS) {
		await send(kind, CLICKS.warmUp, CLICKS.perSecond, `${label} warm-up ${kind}`);
		await send(kind, warmUpBurst, 0, `${label} warm-up burst ${kind}`);
		await settle();
	}
	for (const [i, { load, kind }] of plan().entries()) {
		const [count, perSecond] = {
			single: [CLICKS.single, CLICKS.singlePerSecond],
			steady: [CLICKS.n, CLICKS.perSecond],
		}[load] ?? [Number(load.slice('burst'.length)), 0];
		into.loads.push({
			load,
			...(await send(kind, count, perSecond, `${label} ${load} ${kind} ${i}`)),
		});
		await settle();
	}
	// Capacity: rising rates, the nodes in turn, each until its p95 passes the mark.
	const within = new Set(ENGINES[engine].capacity ? KINDS : []);
	for (const [step, rate] of CLICKS.capacityRates.entries()) {
		for (const kind of step % 2 ? [...KINDS].reverse() : KINDS) {
			if (!within.has(kind)) continue;
			const measured = await send(
				kind,
				rate * CLICKS.capacitySeconds,
				rate,
				`${label} capacity ${rate}/s ${kind}`,
			);
			into.capacity.push({ rate, ...measured });
			const ms = measured.deliveries.map((d) => d.ms).sort((a, b) => a - b);
			if (!measured.deliveries.every(answered) || percentile(ms, 0.95) > CLICKS.capacityP95Ms)
				within.delete(kind);
			await settle();
		}
		if (within.size === 0) break;
	}
	for (const kind of KINDS) {
		const nodeName = kind === 'trigger' ? TRIGGER_NODE : WEBHOOK_NODE;
		const runs = await endedExecutions(n8n.api, flows[kind].id, sent[kind].length, {
			timeoutMs: CLICKS.settleMs,
		});
		const perCity = new Map();
		for (const run of runs) {
			const city = cityOf(run, nodeName);
			perCity.set(city, (perCity.get(city) ?? 0) + 1);
		}
		into.executions.push({
			setup,
			engine,
			kind,
			sent: sent[kind].length,
			executions: runs.length,
			lost: sent[kind].filter((city) => !perCity.has(city)).length,
			twice: [...perCity.values()].filter((n) => n > 1).length,
			failed: runs.filter((r) => r.status !== 'success').length,
		});
	}
}

export async function clicksPart({ tgz, results }) {
	const started = Date.now();
	const apiKey = `bench-clicks-${crypto.randomBytes(8).toString('hex')}`;
	const sandbox = await startSandbox({ port: 0, apiKey, rateLimit: 0 });
	const shortUrl = sandbox.store.links.get(1).shorturl;
	const into = { loads: [], capacity: [], executions: [] };
	const busyBefore = otherN8nProcesses();
	try {
		for (const setup of CLICKS.setups)
			for (const engine of CLICKS.engines) {
				log(`clicks: ${setup} mode, expression engine ${engine} ...`);
				const { env } = ENGINES[engine];
				const n8n = setup === 'queue' ? await startQueue(tgz, env) : await startRegular(tgz, env);
				try {
					await measureOne(n8n, sandbox, shortUrl, { setup, engine }, into);
				} finally {
					const dir = path.join(ARTIFACTS, `clicks-${setup}-${engine}`);
					if (n8n.saveLogs) n8n.saveLogs(dir);
					else {
						fs.mkdirSync(dir, { recursive: true });
						fs.writeFileSync(path.join(dir, 'main.log'), n8n.logs().main ?? '');
					}
					await n8n.stop();
				}
			}
	} finally {
		await sandbox.stop();
	}
	results.clicks = {
		...into,
		totalMs: Date.now() - started,
		othersBefore: busyBefore,
		othersAfter: otherN8nProcesses(),
	};
}
