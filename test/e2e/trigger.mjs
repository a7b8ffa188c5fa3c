// The Link Management Trigger in a running n8n (a server case of cases.mjs, both majors): the two
// trigger examples and an e2e workflow with a trigger for every other event are activated; once n8n
// has made each trigger's first poll (which records what exists and emits nothing), records are
// created and scans raised in the sandbox, and the next poll cycle — n8n polls at most once a
// minute ("Every Minute", at a random second per trigger) — must turn them into executions with the
// expected items, each record once. So the case waits about one poll cycle, at most 150 s.
import assert from 'node:assert/strict';

import { loadWorkflow } from './lib/workflows.mjs';

export const TRIGGER_EXAMPLES = [
	'examples/new-qr-code-to-sheet.json',
	'examples/qr-code-scans-message.json',
];
export const TRIGGER_EVENTS_WORKFLOW = 'test/e2e/workflows/trigger-events.json';
const POLL_CYCLE_LIMIT_MS = 150_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A request to the sandbox's API as a user of the service would send it (waits out a 429). */
async function service(sandbox, apiKey, method, path, body) {
	for (let attempt = 0; ; attempt++) {
		const res = await fetch(`${sandbox.url}/api${path}`, {
			method,
			headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const json = await res.json();
		if (res.status === 429 && attempt < 5) {
			await sleep(Number(res.headers.get('retry-after') ?? 1) * 1000);
			continue;
		}
		assert.equal(json.error, 0, `${method} ${path}: ${JSON.stringify(json)}`);
		return json;
	}
}

/** The workflow's finished executions, with their run data (GET /rest/executions, flatted data). */
async function executionsOf(n8n, workflowId) {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const list = await n8n.rest('GET', `/rest/executions?filter=${filter}&limit=100`);
	assert.equal(list.status, 200, `GET /rest/executions answered ${list.status}`);
	const results = (list.body.data ?? list.body).results ?? [];
	const { parse } = n8n.requireFromN8n('flatted');
	const executions = [];
	for (const summary of results) {
		if (!['success', 'error', 'crashed'].includes(summary.status)) continue;
		const got = await n8n.rest('GET', `/rest/executions/${summary.id}`);
		const execution = got.body.data ?? got.body;
		const data = typeof execution.data === 'string' ? parse(execution.data) : execution.data;
		executions.push({
			id: summary.id,
			status: execution.status,
			mode: execution.mode,
			raw: JSON.stringify(got.body),
			runData: data?.resultData?.runData ?? {},
		});
	}
	return executions;
}

/** The output items (json) of `node` in every execution, in execution order. */
const outputs = (executions, node) =>
	executions
		.slice()
		.sort((a, b) => Number(a.id) - Number(b.id))
		.flatMap((execution) =>
			(execution.runData[node]?.[0]?.data?.main?.[0] ?? []).map((item) => item.json),
		);

export const triggerCase = {
	name: 'trigger (examples + every event): active workflows poll the sandbox; new records and scans become executions, each once',
	file: TRIGGER_EXAMPLES[0],
	files: [TRIGGER_EXAMPLES[1], TRIGGER_EVENTS_WORKFLOW],
	async check({ n8n, sandbox, apiKey }) {
		const ids = [...TRIGGER_EXAMPLES, TRIGGER_EVENTS_WORKFLOW].map((file) => loadWorkflow(file).id);
		const polled = (route) => sandbox.stats.log.filter((entry) => entry.route === route).length;
		try {
			// Activate: n8n runs each trigger's first poll at once (it must succeed for the activation).
			for (const id of ids) {
				const saved = await n8n.rest('GET', `/rest/workflows/${id}`);
				assert.equal(saved.status, 200, `GET /rest/workflows/${id} answered ${saved.status}`);
				const { versionId } = saved.body.data ?? saved.body;
				const res = await n8n.rest('POST', `/rest/workflows/${id}/activate`, { versionId });
				assert.equal(
					res.status,
					200,
					`activating ${id}: ${JSON.stringify(res.body).slice(0, 600)}`,
				);
				assert.equal((res.body.data ?? res.body).active, true, `${id} is active`);
			}
			// n8n 1.x polls before it answers the activation; 2.x may publish it a moment later.
			const FIRST_POLLS = {
				'GET /api/qr': 3,
				'GET /api/channel/:id': 1,
				'GET /api/campaigns': 1,
				'GET /api/channels': 1,
				'GET /api/pixels': 1,
				'GET /api/domains': 1,
				'GET /api/splash': 1,
				'GET /api/overlay': 1,
			};
			const activatedBy = Date.now() + 30_000;
			while (!Object.entries(FIRST_POLLS).every(([route, count]) => polled(route) >= count)) {
				if (Date.now() > activatedBy)
					throw new Error(
						`the first polls did not come within 30 s of the activation: ${JSON.stringify(sandbox.stats.byPath)}`,
					);
				await sleep(200);
			}
			await sleep(1000); // the polls' answers are recorded
			for (const id of ids)
				assert.deepEqual(
					await executionsOf(n8n, id),
					[],
					`the first poll of ${id} emitted nothing`,
				);

			// What users of the service do meanwhile.
			const lastQr = sandbox.store.qr.list().at(-1).id;
			const created = [];
			for (const name of ['Poster A', 'Poster B'])
				created.push(
					await service(sandbox, apiKey, 'POST', '/qr/add', {
						type: 'link',
						data: `https://example.com/${name.replace(' ', '-')}`,
						name,
					}),
				);
			const scansBefore = { 5: sandbox.store.qr.get(5).scans, 7: sandbox.store.qr.get(7).scans };
			sandbox.store.qr.get(5).scans = 120; // passes the example's threshold (100)
			sandbox.store.qr.get(7).scans = 99; // grows, stays below it
			const campaign = await service(sandbox, apiKey, 'POST', '/campaign/add', {
				name: 'From the trigger',
			});
			const channel = await service(sandbox, apiKey, 'POST', '/channel/add', {
				name: 'Trigger channel',
			});
			const pixel = await service(sandbox, apiKey, 'POST', '/pixel/add', {
				type: 'qapixel',
				name: 'Trigger pixel',
				tag: 'QA-1',
			});
			const domain = await service(sandbox, apiKey, 'POST', '/domain/add', {
				domain: 'https://go.example.com',
			});
			await service(sandbox, apiKey, 'POST', '/channel/1/assign/links/999');
			const splash = sandbox.store.splash.insert((id) => ({
				id,
				name: 'Trigger splash',
				date: sandbox.store.nowTimestamp(),
			}));
			const overlay = sandbox.store.overlays.insert((id) => ({
				id,
				type: 'message',
				name: 'Trigger overlay',
				date: sandbox.store.nowTimestamp(),
			}));

			const expected = {
				campaignCreated: [{ id: campaign.id, name: 'From the trigger' }],
				channelCreated: [{ id: channel.id, name: 'Trigger channel' }],
				pixelCreated: [{ id: pixel.id, name: 'Trigger pixel', type: 'qapixel', tag: 'QA-1' }],
				domainCreated: [{ id: domain.id, domain: 'https://go.example.com' }],
				splashPageCreated: [{ id: splash.id, name: 'Trigger splash', date: splash.date }],
				overlayCreated: [{ id: overlay.id, name: 'Trigger overlay', type: 'message' }],
				channelItemAdded: [{ type: 'links', id: 999 }],
				qrCodeScanned: [
					{ id: 5, scans: 120, previousScans: scansBefore[5], newScans: 120 - scansBefore[5] },
					{ id: 7, scans: 99, previousScans: scansBefore[7], newScans: 99 - scansBefore[7] },
				],
			};
			const [rowsId, messagesId, eventsId] = ids;
			const started = Date.now();
			let seen;
			for (;;) {
				seen = {
					rows: outputs(await executionsOf(n8n, rowsId), 'Add row to sheet'),
					reached: outputs(await executionsOf(n8n, messagesId), 'QR code passes N scans'),
					messages: outputs(await executionsOf(n8n, messagesId), 'Message the team'),
					events: await executionsOf(n8n, eventsId),
				};
				const done =
					seen.rows.length >= 2 &&
					seen.messages.length >= 1 &&
					Object.entries(expected).every(
						([node, items]) => outputs(seen.events, node).length >= items.length,
					);
				if (done) break;
				if (Date.now() - started > POLL_CYCLE_LIMIT_MS)
					throw new Error(
						`after ${POLL_CYCLE_LIMIT_MS / 1000} s: ${JSON.stringify({ rows: seen.rows, messages: seen.messages, events: Object.fromEntries(Object.keys(expected).map((node) => [node, outputs(seen.events, node)])) }).slice(0, 3000)}`,
					);
				await sleep(2000);
			}
			const waited = Date.now() - started;

			// example: new QR code → a row in a sheet, one row per new QR code
			assert.deepEqual(
				seen.rows.sort((a, b) => a.ID - b.ID),
				created.map((qr, i) => ({
					'QR code': ['Poster A', 'Poster B'][i],
					ID: qr.id,
					Link: qr.link,
					Created: sandbox.store.qr.get(qr.id).date,
					Scans: 0,
				})),
			);
			assert.deepEqual(
				created.map((qr) => qr.id),
				[lastQr + 1, lastQr + 2],
			);
			// example: QR code passes N scans → a message, once, for QR code 5 only
			assert.equal(
				seen.reached.length,
				1,
				`one QR code passed 100: ${JSON.stringify(seen.reached)}`,
			);
			assert.deepEqual(
				{ ...seen.reached[0] },
				{
					id: 5,
					link: sandbox.store.qr.get(5).link,
					scans: 120,
					name: 'QR code 5',
					date: sandbox.store.qr.get(5).date,
					previousScans: scansBefore[5],
					newScans: 120 - scansBefore[5],
				},
			);
			assert.deepEqual(seen.messages, [
				{
					text: `QR code "QR code 5" has passed 100 scans: 120 so far, ${120 - scansBefore[5]} since the last check. ${sandbox.store.qr.get(5).link}`,
				},
			]);
			// every other event, each record once
			for (const [node, items] of Object.entries(expected)) {
				const got = outputs(seen.events, node);
				assert.equal(got.length, items.length, `${node} emitted ${JSON.stringify(got)}`);
				items.forEach((item, i) =>
					assert.deepEqual({ ...got[i], ...item }, got[i], `${node} item ${i}`),
				);
			}
			const all = [
				...(await executionsOf(n8n, rowsId)),
				...(await executionsOf(n8n, messagesId)),
				...seen.events,
			];
			for (const execution of all) {
				assert.equal(execution.status, 'success', `execution ${execution.id} ${execution.status}`);
				assert.equal(execution.mode, 'trigger', `execution ${execution.id} started by the trigger`);
				assert.ok(!execution.raw.includes(apiKey), `execution ${execution.id} shows the API key`);
			}
			assert.equal(sandbox.stats.rateLimited, 0, 'no request was answered 429');
			return {
				note: `${all.length} executions within ${Math.round(waited / 1000)} s of the changes: 2 rows, 1 message, ${Object.keys(expected).length} other events`,
			};
		} finally {
			for (const id of ids) await n8n.rest('POST', `/rest/workflows/${id}/deactivate`, {});
		}
	},
};
