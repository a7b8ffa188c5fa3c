// Part 10 of the benchmark (BENCH_ONLY=clicks): how long the service waits for n8n's answer to a
// click's notification (it redirects the visitor only then), for the Link Management Webhook
// Trigger and for n8n's own Webhook node (Respond Immediately; at its current type version and at
// version 1, the trigger's) under the same load, in two
// setups: regular mode (`n8n start`, SQLite: n8n's main receives the calls and runs the
// executions) and queue mode with a webhook process (`n8n webhook` receives the calls, a worker
// runs them; the queue suite's set-up). Each node's workflow is that node alone. Steady clicks
// and bursts go to the nodes in turn (A B C C B A), so a machine busy with other work weighs on
// all alike. Sets results.clicks.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { makeTempDir } from '../../e2e/lib/cleanup.mjs';
import { N8n } from '../../e2e/lib/n8n.mjs';
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
import { otherN8nProcesses } from '../measure.mjs';
import { ARTIFACTS, CLICKS, log, target } from '../settings.mjs';

export const KINDS = ['trigger', 'webhook', 'webhookV1'];

/** Regular mode: one `n8n start` (SQLite) with the package; it receives and runs everything. */
async function startRegular(tgz) {
	const n8n = new N8n(target, makeTempDir('lm-bench-clicks-'));
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
async function startQueue(tgz) {
	await ensurePackages();
	const cluster = await startQueueMode({
		target,
		tgz,
		workers: 1,
		concurrency: CLICKS.concurrency,
		webhooks: 1,
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
 * The loads, in order: clicks one at a time A B C C B A (what one call costs, nothing queued),
 * steady clicks A B C C B A, then bursts A B C, C B A, A B C, …
 */
function plan() {
	const there = [...KINDS];
	const back = [...KINDS].reverse();
	const single = [...there, ...back].map((kind) => ({ load: 'single', kind }));
	const steady = [...there, ...back].map((kind) => ({ load: 'steady', kind }));
	const bursts = [];
	for (let round = 0; round < CLICKS.burstRounds; round++)
		for (const kind of round % 2 ? back : there) bursts.push({ load: 'burst', kind });
	return [...single, ...steady, ...bursts];
}

export async function clicksPart({ tgz, results }) {
	const started = Date.now();
	const apiKey = `bench-clicks-${crypto.randomBytes(8).toString('hex')}`;
	const sandbox = await startSandbox({ port: 0, apiKey, rateLimit: 0 });
	const shortUrl = sandbox.store.links.get(1).shorturl;
	const loads = [];
	const executions = [];
	const busyBefore = otherN8nProcesses();
	try {
		for (const setup of CLICKS.setups) {
			log(`clicks: ${setup} mode ...`);
			const n8n = setup === 'queue' ? await startQueue(tgz) : await startRegular(tgz);
			try {
				const flows = {};
				for (const kind of KINDS)
					flows[kind] = await deployClickWorkflow(n8n.api, n8n.receiverUrl, kind, {
						name: `Bench clicks: ${kind}`,
					});
				const sent = Object.fromEntries(KINDS.map((kind) => [kind, []]));
				const send = async (kind, count, perSecond, tag) => {
					sandbox.notifications.set({ clicked: flows[kind].url });
					const done = await clicks(sandbox, shortUrl, { count, perSecond, tag });
					// a click answered otherwise (n8n's 5xx) started nothing, rightly
					sent[kind].push(
						...done.deliveries.filter((d) => d.status >= 200 && d.status < 300).map((d) => d.city),
					);
					return done;
				};
				// Let the previous load's executions end before the next load starts.
				const settle = async () => {
					for (const kind of KINDS)
						await endedExecutions(n8n.api, flows[kind].id, sent[kind].length, {
							withData: false,
							timeoutMs: CLICKS.settleMs,
						});
				};
				for (const kind of KINDS)
					await send(kind, CLICKS.warmUp, CLICKS.perSecond, `${setup} warm-up ${kind}`);
				await settle();
				for (const [i, { load, kind }] of plan().entries()) {
					const [count, perSecond] = {
						single: [CLICKS.single, CLICKS.singlePerSecond],
						steady: [CLICKS.n, CLICKS.perSecond],
						burst: [CLICKS.burst, 0],
					}[load];
					const others = otherN8nProcesses().length;
					const cpu = cpuTicks();
					const t0 = Date.now();
					const done = await send(kind, count, perSecond, `${setup} ${load} ${kind} ${i}`);
					const after = cpuTicks();
					loads.push({
						setup,
						load,
						kind,
						ms: Date.now() - t0,
						deliveries: done.deliveries,
						machineBusy: (after.busy - cpu.busy) / Math.max(1, after.total - cpu.total),
						others,
					});
					const answers = done.deliveries.map((d) => d.ms).sort((a, b) => a - b);
					const ok = done.deliveries.filter((d) => d.status >= 200 && d.status < 300).length;
					log(
						`  ${setup} ${load} → ${kind}: ${ok} of ${done.deliveries.length} answered 2xx, median ${answers[Math.floor(answers.length / 2)]} ms, max ${answers.at(-1)} ms`,
					);
					await settle();
					await sleep(1000);
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
					executions.push({
						setup,
						kind,
						sent: sent[kind].length,
						executions: runs.length,
						lost: sent[kind].filter((city) => !perCity.has(city)).length,
						twice: [...perCity.values()].filter((n) => n > 1).length,
						failed: runs.filter((r) => r.status !== 'success').length,
					});
				}
			} finally {
				const dir = path.join(ARTIFACTS, `clicks-${setup}`);
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
		loads,
		executions,
		totalMs: Date.now() - started,
		othersBefore: busyBefore,
		othersAfter: otherN8nProcesses(),
	};
}
