// The analytics examples in a running n8n (a server case, on each major whose n8n has the Data
// table node): the Data table "Link clicks" is created through n8n's REST API, the click log
// (examples/click-log-data-table.json) is published and the sandbox's click notifications point
// at it; 60 visits of 3 short links from 4 countries each add one row; then the weekly report
// (examples/weekly-clicks-report.json, started from its "Run now") counts them per short URL and
// per country, as its HTML table and CSV file. Its counts must equal what was posted.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

import { sleep } from '../lib/util.mjs';
import { activateWebhookTrigger } from '../lib/webhooks.mjs';
import { loadWorkflow, PACKAGE_WEBHOOK_TRIGGER_NODE_TYPE } from '../lib/workflows.mjs';
import { ARTIFACTS } from '../settings.mjs';
import { visit } from './sandbox-state.mjs';
import { executionsOf } from './trigger.mjs';

export const CLICK_LOG_EXAMPLE = 'examples/click-log-data-table.json';
export const REPORT_EXAMPLE = 'examples/weekly-clicks-report.json';
const DATA_TABLE_NODE_TYPE = 'n8n-nodes-base.dataTable';
/** Where n8n's own nodes package keeps it, below the n8n install. */
const DATA_TABLE_NODE = 'node_modules/n8n-nodes-base/dist/nodes/DataTable/DataTable.node.js';
const TABLE = 'Link clicks';
const COLUMNS = ['date', 'shortUrl', 'country', 'city', 'referrer', 'os', 'browser'];
const LIMIT_MS = 180_000;
const AT_ONCE = 10;

/** 60 clicks: 30 of link 1, 20 of link 5, 10 of link 6 (plain links of the seed: link 2 has a password, 3 has expired, 4 targets); countries 24/18/12/6 across them. */
const COUNTRY_PATTERN = [
	'Germany',
	'Germany',
	'Germany',
	'Germany',
	'France',
	'France',
	'France',
	'Canada',
	'Canada',
	'Japan',
];
const CLICKS = Array.from({ length: 60 }, (_, i) => ({
	link: i < 30 ? 1 : i < 50 ? 5 : 6,
	country: COUNTRY_PATTERN[i % COUNTRY_PATTERN.length],
	city: `City ${i + 1}`,
	// Each visitor its own address: the service notifies a visitor's repeat visit once in 15 minutes.
	address: `203.0.113.${i + 1}`,
}));

/** A GET of n8n's REST API, sent again once when the connection drops (a busy machine). */
async function get(n8n, urlPath) {
	try {
		return await n8n.rest('GET', urlPath);
	} catch {
		await sleep(2000);
		return await n8n.rest('GET', urlPath);
	}
}

/**
 * Whether this n8n's Data table node finds a table by its name (2.x: mode "By Name", as the
 * examples give it); 1.x's offers only the list and the ID.
 */
const findsTablesByName = (n8n) =>
	fs
		.readFileSync(path.join(n8n.paths.n8nDir, DATA_TABLE_NODE, '..', 'common', 'fields.js'), 'utf8')
		.includes("'By Name'");

/** The workflow's Data table nodes given the table by its ID, as a user of n8n 1.x picks it. */
async function pickTable(n8n, workflowId, tableId) {
	const saved = await get(n8n, `/rest/workflows/${workflowId}`);
	const workflow = saved.body.data ?? saved.body;
	const nodes = workflow.nodes.map((node) =>
		node.type === DATA_TABLE_NODE_TYPE
			? {
					...node,
					parameters: {
						...node.parameters,
						dataTableId: { __rl: true, mode: 'id', value: String(tableId) },
					},
				}
			: node,
	);
	const res = await n8n.rest('PATCH', `/rest/workflows/${workflowId}`, {
		name: workflow.name,
		nodes,
		connections: workflow.connections,
		settings: workflow.settings,
		versionId: workflow.versionId,
	});
	assert.equal(res.status, 200, JSON.stringify(res.body).slice(0, 600));
}

/** Every row of the table, page by page (n8n 1.x gives at most 50 a page). */
async function tableRows(n8n, projectId, tableId) {
	const rows = [];
	for (;;) {
		const page = await get(
			n8n,
			`/rest/projects/${projectId}/data-tables/${tableId}/rows?skip=${rows.length}&take=50`,
		);
		const { count, data } = page.body.data ?? page.body;
		rows.push(...data);
		if (data.length === 0 || rows.length >= count) return rows;
	}
}

/** How many of `values` there are of each, as an object. */
const tally = (values) =>
	values.reduce((counts, value) => ({ ...counts, [value]: (counts[value] ?? 0) + 1 }), {});

/** Waits until `count` executions of the workflow have ended (and no more are running). */
async function endedExecutions(n8n, workflowId, count) {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const until = Date.now() + LIMIT_MS;
	for (;;) {
		const list = await get(n8n, `/rest/executions?filter=${filter}&limit=100`);
		const results = (list.body.data ?? list.body).results ?? [];
		const ended = results.filter((s) => !['new', 'running', 'waiting'].includes(s.status));
		if (ended.length >= count && ended.length === results.length) return ended;
		if (Date.now() > until)
			throw new Error(`${workflowId}: ${ended.length} of ${count} executions ended in time`);
		await sleep(1000);
	}
}

/** Runs a saved workflow from one of its triggers, as "Execute workflow" in the editor does. */
async function runFrom(n8n, workflowId, trigger) {
	const saved = await get(n8n, `/rest/workflows/${workflowId}`);
	const workflowData = saved.body.data ?? saved.body;
	const res = await n8n.rest('POST', `/rest/workflows/${workflowId}/run`, {
		workflowData,
		triggerToStartFrom: { name: trigger },
	});
	const executionId = (res.body?.data ?? res.body)?.executionId;
	assert.ok(executionId, `running ${workflowId}: ${res.status} ${JSON.stringify(res.body)}`);
	const [execution] = (await endedExecutions(n8n, workflowId, 1)).filter(
		(summary) => String(summary.id) === String(executionId),
	);
	assert.ok(execution, `execution ${executionId} of ${workflowId}`);
	const [full] = (await executionsOf(n8n, workflowId)).filter((e) => e.id === execution.id);
	assert.equal(full.status, 'success', JSON.stringify(full.error)?.slice(0, 1500));
	return full;
}

/** The json of a node's output items in an execution's run data. */
const out = (execution, node) => {
	const task = execution.runData[node]?.[0];
	assert.ok(task, `node "${node}" ran (ran: ${Object.keys(execution.runData).join(', ')})`);
	return (task.data?.main?.[0] ?? []).map((item) => item.json);
};

export const analyticsCase = {
	name: 'analytics examples (60 clicks of 3 links from 4 countries): every click into a Data table, the weekly report counts them',
	file: CLICK_LOG_EXAMPLE,
	files: [REPORT_EXAMPLE],
	async check({ n8n, sandbox }) {
		if (!fs.existsSync(path.join(n8n.paths.n8nDir, DATA_TABLE_NODE)))
			return {
				note: `skipped: n8n ${n8n.target.n8nVersion} has no Data table node (${DATA_TABLE_NODE_TYPE})`,
			};

		// The table, as the click log's sticky note asks the user to create it.
		const project = await get(n8n, '/rest/projects/personal');
		const projectId = (project.body.data ?? project.body).id;
		const created = await n8n.rest('POST', `/rest/projects/${projectId}/data-tables`, {
			name: TABLE,
			columns: COLUMNS.map((name) => ({ name, type: 'string' })),
		});
		assert.equal(created.status, 200, JSON.stringify(created.body).slice(0, 600));
		const tableId = (created.body.data ?? created.body).id;

		const clickLogId = loadWorkflow(CLICK_LOG_EXAMPLE).id;
		const reportId = loadWorkflow(REPORT_EXAMPLE).id;
		const byName = findsTablesByName(n8n);
		if (!byName) for (const id of [clickLogId, reportId]) await pickTable(n8n, id, tableId);
		const clickLog = await activateWebhookTrigger(
			n8n,
			clickLogId,
			PACKAGE_WEBHOOK_TRIGGER_NODE_TYPE,
		);
		try {
			sandbox.notifications.set({ created: null, clicked: clickLog.url });
			for (let i = 0; i < CLICKS.length; i += AT_ONCE) {
				const visits = await Promise.all(
					CLICKS.slice(i, i + AT_ONCE).map(({ link, country, city, address }) =>
						visit(sandbox.store.links.get(link).shorturl, {
							'X-Country': country,
							'X-City': city,
							'X-Forwarded-For': address,
						}),
					),
				);
				assert.deepEqual(
					visits.map(({ status }) => status),
					Array(visits.length).fill(302),
				);
			}
			const delivered = sandbox.notifications.deliveries.filter((d) => d.status === 200);
			assert.equal(delivered.length, CLICKS.length, 'one notification per click, each answered');
			const logged = await endedExecutions(n8n, clickLogId, CLICKS.length);
			assert.equal(logged.length, CLICKS.length, 'one execution per click');
			for (const execution of logged) assert.equal(execution.status, 'success');
		} finally {
			sandbox.notifications.set({ created: null, clicked: null });
			await n8n.rest('POST', `/rest/workflows/${clickLogId}/deactivate`, {});
		}

		// Every click is one row of the table, with what its notification told.
		const stored = await tableRows(n8n, projectId, tableId);
		const shortUrlOf = (link) => sandbox.store.links.get(link).shorturl;
		assert.deepEqual(
			stored.map((row) => `${row.shortUrl} ${row.country} ${row.city}`).sort(),
			CLICKS.map((c) => `${shortUrlOf(c.link)} ${c.country} ${c.city}`).sort(),
		);
		for (const row of stored) assert.match(row.date, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

		// The report of the last 7 days counts what was posted, per short URL and per country.
		const report = await runFrom(n8n, reportId, 'Run now');
		const reportRows = out(report, 'Report rows');
		const counted = (dimension) =>
			Object.fromEntries(
				reportRows
					.filter((row) => row.dimension === dimension)
					.map((row) => [row.label, row.clicks]),
			);
		const posted = {
			shortUrl: tally(CLICKS.map((c) => shortUrlOf(c.link))),
			country: tally(CLICKS.map((c) => c.country)),
		};
		assert.deepEqual(counted('Short URL'), posted.shortUrl);
		assert.deepEqual(counted('Country'), posted.country);
		const [{ table }] = out(report, 'HTML table');
		for (const row of reportRows)
			assert.ok(
				table.includes(`>${row.label}</td>`) && table.includes(`>${row.clicks}</td>`),
				row.label,
			);
		const [csv] = (report.runData['CSV file']?.[0]?.data?.main?.[0] ?? []).map((i) => i.binary);
		assert.equal(csv?.data?.fileName, 'weekly-clicks.csv');
		// The report as it would be mailed: kept for docs/analytics.md's picture.
		const folder = path.join(ARTIFACTS, `n8n-${n8n.target.n8nVersion}`);
		fs.mkdirSync(folder, { recursive: true });
		fs.writeFileSync(path.join(folder, 'weekly-clicks-report.html'), table);
		return {
			note: `${stored.length} rows in the Data table (found ${byName ? 'by its name' : 'by its ID, picked as in 1.x'}); the report: ${Object.keys(posted.shortUrl).length} short URLs, ${Object.keys(posted.country).length} countries, each count as posted`,
		};
	},
};
