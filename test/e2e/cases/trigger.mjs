// The Link Management Trigger in a running n8n (a server case, both majors): the three
// trigger examples and one workflow per other event (made from the trigger nodes of
// workflows/trigger-events.json) are activated; once n8n has made each trigger's first poll (which
// records what exists and emits nothing), records are created, scans raised and short links
// visited in the sandbox, and the next poll cycle — n8n polls at most once a minute ("Every
// Minute", at a random second per trigger) — must turn them into executions with the expected
// items, each record once. So the case waits about one poll cycle, at most 150 s.
import assert from 'node:assert/strict';

import { inOrder } from '../lib/output.mjs';
import { checkSheetWrites, checkSlackMessages, noteColumns } from '../lib/template-case.mjs';
import { writesIn } from '../lib/templates.mjs';
import { loadWorkflow, prepareWorkflow } from '../lib/workflows.mjs';
import { visit } from './sandbox-state.mjs';

/** Imported with their Google Sheets and Slack nodes switched off (lib/templates.mjs). */
export const TRIGGER_EXAMPLES = [
	'examples/new-qr-code-to-sheet.json',
	'examples/qr-code-scans-message.json',
	'examples/link-clicks-message.json',
];
/** Visits of seeded links (none has clicks yet): the example's threshold is 10. */
const VISITS = { 5: 10, 6: 12, 8: 3 };
export const TRIGGER_EVENTS_WORKFLOW = 'test/e2e/workflows/trigger-events.json';
const POLL_CYCLE_LIMIT_MS = 150_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A request to the sandbox's API as a user of the service would send it (waits out a 429). */
export async function service(sandbox, apiKey, method, path, body) {
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
export async function executionsOf(n8n, workflowId) {
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
			startedAt: execution.startedAt,
			stoppedAt: execution.stoppedAt,
			runData: data?.resultData?.runData ?? {},
			error: data?.resultData?.error,
		});
	}
	return executions;
}

/** The output items (json) of `node` in every execution, in execution order. */
export const outputs = (executions, node) =>
	inOrder(executions).flatMap((execution) =>
		(execution.runData[node]?.[0]?.data?.main?.[0] ?? []).map((item) => item.json),
	);

export const triggerCase = {
	name: 'trigger (examples + every event): active workflows poll the sandbox; new records, scans and clicks become executions, each once',
	file: TRIGGER_EXAMPLES[0],
	files: TRIGGER_EXAMPLES.slice(1),
	async check({ n8n, sandbox, apiKey, credential }) {
		// One workflow per trigger: n8n 2.41.1 hands all poll triggers of a workflow one expression
		// isolate and releases it when the first poll ends, so a second poll of the same workflow
		// running at that moment fails ("No bridge acquired for this context").
		const template = prepareWorkflow(loadWorkflow(TRIGGER_EVENTS_WORKFLOW), { credential });
		const eventIds = {};
		for (const node of template.nodes) {
			const { id } = await n8n.createWorkflow(
				`E2E trigger: ${node.name}`,
				[node],
				{},
				template.settings,
			);
			eventIds[node.name] = id;
		}
		const ids = [
			...TRIGGER_EXAMPLES.map((file) => loadWorkflow(file).id),
			...Object.values(eventIds),
		];
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
			// n8n 1.x polls before it answers the activation; 2.x may publish it a moment later, and
			// an example's first cron poll may come before the last first poll. *On QR Code Scanned*
			// asks for pages of 500, *On New Link* 400 and *On Link Clicked* 300 (the examples:
			// 1,000), so their first polls are told apart.
			const pollsOf = (route, limit) =>
				sandbox.stats.log.filter(
					(entry) => entry.route === route && entry.url.includes(`limit=${limit}`),
				).length;
			const firstPolls = () => ({
				examples: pollsOf('GET /api/qr', 1000) >= 2 && pollsOf('GET /api/urls', 1000) >= 1,
				qrCodeScanned: pollsOf('GET /api/qr', 500) >= 1,
				linkCreated: pollsOf('GET /api/urls', 400) >= 1,
				linkClicked: pollsOf('GET /api/urls', 300) >= 1,
				...Object.fromEntries(
					[
						'GET /api/channel/:id',
						'GET /api/campaigns',
						'GET /api/channels',
						'GET /api/pixels',
						'GET /api/domains',
						'GET /api/splash',
						'GET /api/overlay',
					].map((route) => [route, polled(route) >= 1]),
				),
			});
			const activatedBy = Date.now() + 60_000;
			while (!Object.values(firstPolls()).every(Boolean)) {
				if (Date.now() > activatedBy)
					throw new Error(
						`the first polls did not all come within 60 s of the activation: ${JSON.stringify(firstPolls())}`,
					);
				await sleep(200);
			}
			// until no request came for 2 s: the first polls have recorded their answers
			for (let count = -1; count !== sandbox.stats.requests;) {
				count = sandbox.stats.requests;
				await sleep(2000);
			}
			for (const id of ids)
				assert.deepEqual(
					await executionsOf(n8n, id),
					[],
					`the first poll of ${id} emitted nothing`,
				);

			// What users of the service do meanwhile.
			const requestsBefore = sandbox.stats.log.length;
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
			await service(sandbox, apiKey, 'POST', '/channel/1/assign/links/6'); // not in it yet
			// No API creates these: straight into the store, dated now.
			const stored = (records, fields) =>
				records.insert((id) => ({ id, ...fields, date: sandbox.store.nowTimestamp() }));
			const splash = stored(sandbox.store.splash, { name: 'Trigger splash' });
			const overlay = stored(sandbox.store.overlays, { type: 'message', name: 'Trigger overlay' });
			const link = await service(sandbox, apiKey, 'POST', '/url/add', {
				url: 'https://example.com/from-the-trigger',
				custom: 'from-the-trigger',
			});
			// Visitors click short links: plain GETs of their short URLs, all at once.
			await Promise.all(
				Object.entries(VISITS).flatMap(([id, times]) =>
					Array.from({ length: times }, () => visit(sandbox.store.links.get(Number(id)).shorturl)),
				),
			);
			for (const [id, times] of Object.entries(VISITS))
				assert.equal(
					sandbox.store.clicksOf(Number(id)),
					times,
					`link ${id} visited ${times} times`,
				);

			const expected = {
				campaignCreated: [{ id: campaign.id, name: 'From the trigger' }],
				channelCreated: [{ id: channel.id, name: 'Trigger channel' }],
				pixelCreated: [{ id: pixel.id, name: 'Trigger pixel', type: 'qapixel', tag: 'QA-1' }],
				domainCreated: [{ id: domain.id, domain: 'https://go.example.com' }],
				splashPageCreated: [{ id: splash.id, name: 'Trigger splash', date: splash.date }],
				overlayCreated: [{ id: overlay.id, name: 'Trigger overlay', type: 'message' }],
				channelItemAdded: [{ type: 'links', id: 6 }],
				linkCreated: [{ id: link.id, alias: 'from-the-trigger', shorturl: link.shorturl }],
				linkClicked: Object.entries(VISITS).map(([id, times]) => ({
					id: Number(id),
					clicks: times,
					previousClicks: 0,
					newClicks: times,
				})),
				qrCodeScanned: [
					{ id: 5, scans: 120, previousScans: scansBefore[5], newScans: 120 - scansBefore[5] },
					{ id: 7, scans: 99, previousScans: scansBefore[7], newScans: 99 - scansBefore[7] },
				],
			};
			const [rowsId, messagesId, linkMessagesId] = ids;
			const passed = Object.keys(VISITS)
				.map(Number)
				.filter((id) => VISITS[id] >= 10)
				.map((id) => sandbox.store.links.get(id));
			const allExecutions = async () =>
				(await Promise.all(ids.map(async (id) => await executionsOf(n8n, id)))).flat();
			const eventOutputs = async () =>
				Object.fromEntries(
					await Promise.all(
						Object.entries(eventIds).map(async ([node, id]) => [
							node,
							outputs(await executionsOf(n8n, id), node),
						]),
					),
				);
			// What an example's Google Sheets or Slack node would have written in its executions.
			const writes = (example, executions, node) =>
				writesIn(executions, loadWorkflow(TRIGGER_EXAMPLES[example]), node, n8n.paths.n8nDir);
			const started = Date.now();
			let seen;
			// The examples' writes whole: where each goes (sheet, channel) is checked at the end.
			let written;
			for (;;) {
				// Each workflow's executions read once a turn, though two of its nodes are looked at.
				const [messageRuns, linkMessageRuns] = [
					await executionsOf(n8n, messagesId),
					await executionsOf(n8n, linkMessagesId),
				];
				written = {
					rows: writes(0, await executionsOf(n8n, rowsId), 'Add row to sheet'),
					messages: writes(1, messageRuns, 'Message the team'),
					linkMessages: writes(2, linkMessageRuns, 'Message the team'),
				};
				seen = {
					rows: written.rows.map((write) => write.columns.value),
					reached: outputs(messageRuns, 'QR code passes N scans'),
					messages: written.messages.map(({ text }) => ({ text })),
					linkPassed: outputs(linkMessageRuns, 'Link passes N clicks'),
					linkMessages: written.linkMessages.map(({ text }) => ({ text })),
					events: await eventOutputs(),
				};
				const done =
					seen.rows.length >= 2 &&
					seen.messages.length >= 1 &&
					seen.linkMessages.length >= passed.length &&
					Object.entries(expected).every(
						([node, items]) => seen.events[node].length >= items.length,
					);
				if (done) break;
				if (Date.now() - started > POLL_CYCLE_LIMIT_MS) {
					const pollsSince = {};
					for (const entry of sandbox.stats.log.slice(requestsBefore))
						if (entry.method === 'GET')
							pollsSince[entry.url.split('?')[0]] = (pollsSince[entry.url.split('?')[0]] ?? 0) + 1;
					const failed = (await allExecutions())
						.filter((execution) => execution.status !== 'success')
						.map((execution) => [
							execution.error?.message ?? execution.status,
							execution.error?.description,
						]);
					throw new Error(
						`after ${POLL_CYCLE_LIMIT_MS / 1000} s: ${JSON.stringify(seen).slice(0, 3000)}; polls since the changes: ${JSON.stringify(pollsSince)}; failed executions: ${JSON.stringify(failed)}`,
					);
				}
				await sleep(2000);
			}
			const waited = Date.now() - started;

			// example: new QR code → a row appended to the sheet, one row per new QR code, in the
			// columns its Set up note names
			checkSheetWrites(written.rows, 'append', `${TRIGGER_EXAMPLES[0]} "Add row to sheet"`);
			const columns = noteColumns(loadWorkflow(TRIGGER_EXAMPLES[0]));
			for (const row of seen.rows)
				assert.deepEqual(
					Object.keys(row),
					columns,
					`${TRIGGER_EXAMPLES[0]}: a row's columns are those its Set up note names`,
				);
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
			checkSlackMessages(written.messages, `${TRIGGER_EXAMPLES[1]} "Message the team"`);
			assert.deepEqual(seen.messages, [
				{
					text: `QR code "QR code 5" has passed 100 scans: 120 so far, ${120 - scansBefore[5]} since the last check. ${sandbox.store.qr.get(5).link}`,
				},
			]);
			// example: a link passes N clicks → a message, once per link that passed 10
			assert.deepEqual(
				seen.linkPassed.map(({ id, clicks, previousClicks, newClicks }) => [
					id,
					clicks,
					previousClicks,
					newClicks,
				]),
				passed.map((record) => [record.id, VISITS[record.id], 0, VISITS[record.id]]),
			);
			checkSlackMessages(written.linkMessages, `${TRIGGER_EXAMPLES[2]} "Message the team"`);
			assert.deepEqual(
				seen.linkMessages,
				passed.map((record) => ({
					text: `Short link ${record.shorturl} has passed 10 clicks: ${VISITS[record.id]} so far, ${VISITS[record.id]} since the last check. It leads to ${record.longurl}`,
				})),
			);
			// every other event, each record once
			for (const [node, items] of Object.entries(expected)) {
				const got = seen.events[node];
				assert.equal(got.length, items.length, `${node} emitted ${JSON.stringify(got)}`);
				items.forEach((item, i) =>
					assert.deepEqual({ ...got[i], ...item }, got[i], `${node} item ${i}`),
				);
			}
			const all = await allExecutions();
			for (const execution of all) {
				assert.equal(
					execution.status,
					'success',
					`execution ${execution.id} ${execution.status}: ${JSON.stringify(execution.error)?.slice(0, 1500)}`,
				);
				assert.equal(execution.mode, 'trigger', `execution ${execution.id} started by the trigger`);
				assert.ok(!execution.raw.includes(apiKey), `execution ${execution.id} shows the API key`);
			}
			assert.equal(sandbox.stats.rateLimited, 0, 'no request was answered 429');
			return {
				note: `${all.length} executions within ${Math.round(waited / 1000)} s of the changes: 2 rows, 1 + ${passed.length} messages, ${Object.keys(expected).length} other events`,
			};
		} finally {
			for (const id of ids) await n8n.rest('POST', `/rest/workflows/${id}/deactivate`, {});
		}
	},
};
