// What the parts run in one n8n (bulk, http, returnAll, overhead, scaling, upsert) share: seven sandboxes in
// the bench process (random ports, one random key, each with its own credential and request
// recorder), the workflows, imported once into that n8n, and the bare client's times the floors
// are made of (c(r) for each last window, one page of each page size).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { stopAtCleanup } from '../e2e/lib/cleanup.mjs';
import { tail } from '../e2e/lib/n8n.mjs';
import { startSandbox } from '../e2e/lib/sandbox.mjs';
import { CREDENTIAL_TYPE } from '../e2e/lib/workflows.mjs';
import { bareRepeated, lastWindowTimes, startBareClient } from './bare-client.mjs';
import { median, recordArrivals, windowsNeeded } from './measure.mjs';
import {
	BULK,
	C_REPEATS,
	HTTP_BATCHING,
	HTTP_RETRY,
	log,
	OVERHEAD,
	RETURN_ALL,
	SCALING,
	UPSERT,
} from './settings.mjs';
import { UPSERT_RESOURCES, upsertLastWindows, upsertRunsOf } from './parts/upsert.mjs';
import {
	bulkWorkflow,
	httpCreateNode,
	lmCreateNode,
	overheadWorkflow,
	returnAllWorkflow,
	upsertWorkflow,
} from './workflows.mjs';

function credentialFor(tag) {
	return {
		id: `lmBenchCred${tag}`.padEnd(16, '0').slice(0, 16),
		name: `Link Management bench ${tag}`,
	};
}

const usedIds = new Set();
function workflowId(tag) {
	const id = `lmBench${tag}`.padEnd(16, 'X');
	if (id.length > 16 || usedIds.has(id))
		throw new Error(`workflow id ${id}: too long or used twice`);
	usedIds.add(id);
	return id;
}

/**
 * The seven sandboxes: bulk (30 per 2 s, no QR codes), list (10,000 QR codes, no page cap), list
 * capped (pages of at most 100), list small (the 100-record baseline), free (no rate limit),
 * scale (25 per 1 s) and upsert (30 per 2 s, no pixels or QR codes). Each gets `tag`,
 * `credential` and `recorder` (its request arrivals).
 */
async function startSandboxes() {
	const apiKey = `bench-${crypto.randomBytes(12).toString('hex')}`;
	const sandbox = async (tag, options) => {
		const s = await startSandbox({ port: 0, apiKey, maxLimit: RETURN_ALL.maxLimit, ...options });
		stopAtCleanup(s);
		s.tag = tag;
		s.credential = credentialFor(tag);
		s.recorder = recordArrivals(s);
		log(
			`sandbox ${tag} at ${s.url} (${options.rateLimit ? `${options.rateLimit} per ${options.rateWindowMs} ms` : 'no rate limit'})`,
		);
		return s;
	};
	/** Each sandbox: its tag, its budget per window (0: none) and its records. */
	const paced = (limit, windowMs) => ({ rateLimit: limit, rateWindowMs: windowMs });
	const uncapped = { maxLimit: RETURN_ALL.uncapped };
	const each = {
		bulk: ['Bulk', paced(BULK.limit, BULK.windowMs), { seed: { qr: 0 } }],
		list: [
			'List',
			paced(RETURN_ALL.limit, RETURN_ALL.windowMs),
			{ seed: { qr: RETURN_ALL.m }, ...uncapped },
		],
		listCapped: [
			'ListC',
			paced(RETURN_ALL.limit, RETURN_ALL.windowMs),
			{ seed: { qr: RETURN_ALL.m } },
		],
		listSmall: [
			'ListS',
			paced(RETURN_ALL.limit, RETURN_ALL.windowMs),
			{ seed: { qr: RETURN_ALL.baselineM } },
		],
		free: ['Free', { rateLimit: 0 }, { seed: { qr: RETURN_ALL.m }, ...uncapped }],
		scale: ['Scale', paced(SCALING.limit, SCALING.windowMs), { seed: { qr: 0 } }],
		// No page cap: a list of up to 1,000 records is one page, as on real installations.
		upsert: [
			'Upsert',
			paced(UPSERT.limit, UPSERT.windowMs),
			{ seed: { qr: 0, pixels: 0 }, ...uncapped },
		],
	};
	const s = {};
	for (const [key, [tag, budget, records]] of Object.entries(each)) {
		s[key] = await sandbox(tag, { ...budget, ...records });
	}
	return { apiKey, s };
}

/** Every workflow the parts run, by key; `s` are the sandboxes (for their credentials). */
function workflows(s) {
	return {
		bulkLm: bulkWorkflow(
			workflowId('BulkLm'),
			`Bench: ${BULK.n} QR codes, Link Management node`,
			BULK.n,
			lmCreateNode(s.bulk.credential),
		),
		bulkHttpBatched: bulkWorkflow(
			workflowId('HttpBR'),
			`Bench: ${BULK.n} QR codes, HTTP Request node, batching + retry`,
			BULK.n,
			httpCreateNode(s.bulk.credential, s.bulk.url, {
				batching: HTTP_BATCHING,
				retry: HTTP_RETRY,
			}),
		),
		bulkHttpBatchOnly: bulkWorkflow(
			workflowId('HttpB'),
			`Bench: ${BULK.n} QR codes, HTTP Request node, batching only`,
			BULK.n,
			httpCreateNode(s.bulk.credential, s.bulk.url, { batching: HTTP_BATCHING }),
		),
		bulkHttpNaive: bulkWorkflow(
			workflowId('HttpR'),
			`Bench: ${BULK.n} QR codes, HTTP Request node, retry only`,
			BULK.n,
			httpCreateNode(s.bulk.credential, s.bulk.url, { retry: HTTP_RETRY }),
		),
		// The node's default page size: the point is what it does by itself.
		returnAll: returnAllWorkflow(
			workflowId('RetAll'),
			`Bench: Return All over ${RETURN_ALL.m}, no page cap`,
			s.list.credential,
		),
		returnAllCapped: returnAllWorkflow(
			workflowId('RetAllC'),
			`Bench: Return All over ${RETURN_ALL.m}, pages capped at ${RETURN_ALL.maxLimit}`,
			s.listCapped.credential,
		),
		returnAllBaseline: returnAllWorkflow(
			workflowId('RetAllS'),
			`Bench: Return All over ${RETURN_ALL.baselineM}`,
			s.listSmall.credential,
		),
		overhead: overheadWorkflow(
			workflowId('Overhead'),
			'Bench: per-request overhead',
			s.free.credential,
			s.free.url,
			OVERHEAD.k,
			OVERHEAD.repeats,
		),
		...Object.fromEntries(
			SCALING.ns.map((n) => [
				`scale${n}`,
				bulkWorkflow(
					workflowId(`Scale${n}`),
					`Bench: scaling, ${n} QR codes`,
					n,
					lmCreateNode(s.scale.credential),
				),
			]),
		),
		...Object.fromEntries(
			UPSERT_RESOURCES.flatMap(({ resource, label, oneWorkflow }) =>
				oneWorkflow
					? // One workflow run again and again, as a schedule does: its static data carries over.
						[
							[
								`upsert-${resource}`,
								upsertWorkflow(
									workflowId(`Ups${resource.slice(0, 2)}All`),
									`Bench: Create or Update ${label}, run after run`,
									s.upsert.credential,
									resource,
									upsertRunsOf(resource).map((run) => run.sheet),
								),
							],
						]
					: upsertRunsOf(resource).map((run) => [
							`upsert-${resource}-${run.key}`,
							upsertWorkflow(
								workflowId(`Ups${resource.slice(0, 2)}${run.key.slice(0, 3)}`),
								`Bench: Create or Update ${label}, ${run.label}`,
								s.upsert.credential,
								resource,
								run.sheet,
							),
						]),
			),
		),
	};
}

/** The credentials of the sandboxes and the workflows, imported into `n8n` (n8n's CLI). */
async function importAll(n8n, { apiKey, s, wf }) {
	log('importing credentials and workflows ...');
	await n8n.importCredentials(
		Object.values(s).map((sandbox) => ({
			...sandbox.credential,
			type: CREDENTIAL_TYPE,
			data: { baseUrl: sandbox.url, apiKey },
		})),
	);
	const dir = path.join(n8n.userFolder, 'bench-workflows');
	fs.mkdirSync(dir, { recursive: true });
	for (const w of Object.values(wf))
		fs.writeFileSync(path.join(dir, `${w.id}.json`), JSON.stringify(w, null, 2));
	const imported = await n8n.cliOk(['import:workflow', '--separate', `--input=${dir}`]);
	if (!/Successfully imported/i.test(imported.stdout + imported.stderr))
		throw new Error(tail(imported.stdout + imported.stderr));
}

/**
 * The bare client against the free sandbox: c(r) for the last window of each bulk and scaling
 * run (results.cOf), and one page's time for each page size a Return All reads (results.pageMs).
 * Returns c(r) as a Map.
 */
async function calibrate(free, results) {
	startBareClient();
	log('bare client: c(r) for the floors, per-request times ...');
	const lastWindowSizes = new Set([
		windowsNeeded(BULK.n, BULK.limit).r,
		...SCALING.ns.map((n) => windowsNeeded(n, SCALING.limit).r),
		...upsertLastWindows(),
	]);
	const cOf = await lastWindowTimes(free, lastWindowSizes, { repeats: C_REPEATS, reset: true });
	results.cOf = Object.fromEntries(cOf);
	// One page's time, for each page size a Return All below reads.
	results.pageMs = {};
	for (const size of [RETURN_ALL.pageSize, RETURN_ALL.maxLimit]) {
		free.reset();
		const pageRuns = await bareRepeated(
			free,
			{
				method: 'GET',
				path: `/api/qr?page={i}&limit=${size}`,
				count: Math.ceil(RETURN_ALL.m / size),
				mode: 'sequential',
			},
			3,
		);
		results.pageMs[size] = median(pageRuns.flatMap((x) => x.latencies));
	}
	return cOf;
}

/**
 * Sets up everything the single-n8n parts use in `n8n` (the package installed); returns their
 * context: { n8n, s: the sandboxes, wf: the workflows, cOf: c(r) by r, results }.
 */
export async function setUpSingleN8n(n8n, results) {
	const { apiKey, s } = await startSandboxes();
	const wf = workflows(s);
	await importAll(n8n, { apiKey, s, wf });
	const cOf = await calibrate(s.free, results);
	return { n8n, s, wf, cOf, results };
}
