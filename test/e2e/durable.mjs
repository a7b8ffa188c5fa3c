// The polling trigger on n8n 2.x's durable scheduler (docs/maintainers/durable-scheduler.md):
// n8n started with the four settings that switch it on and a poll timeout of 12 s (a poll budget
// of 7 s); the same cases (but n8n's back-off, the durable scheduler's own) on n8n's default
// scheduler in 2.x and in 1.x, whose polls have 5 minutes or no limit. The packed package installed, and two published workflows polling a stand-in service
// whose list pages answer slowly (this file's own server: it counts, delays and refuses as told).
//
// - On New Link (pages of 500, 2.5 s each): a link added right after publishing starts the
//   workflow once at the first scheduled poll; a backlog of 1,500 links comes out across polls,
//   each once; a link added while n8n is stopped, one whose poll n8n is killed in the middle of
//   (SIGKILL), one after a saved change to the published workflow: each once.
// - On Link Clicked (pages of 400, 3 s each): over a list of three pages (9 s against the budget
//   of 7 s) each click once, wherever its link is listed, and no link that was not clicked; on the
//   durable scheduler the reading goes on across polls (the cursor in poller_state says from
//   which page, the next poll asks that page, the first and last pages' clicks come in
//   executions of their own).
// - A bulk run on the same credential (durable scheduler, SQLite): 240 QR codes in one execution of
//   a webhook workflow published in the same n8n, the service a truthful 30 requests per 10 s (its
//   pages quick meanwhile); a link added once it has begun comes out of the next poll, read while
//   the run still sends, and neither trigger's poll fails (poller_state sampled all along).
// - No poll is abandoned by n8n. n8n's own back-off (poller_state), as each error's declared cause
//   asks: after a rate limit until the service's reset, and nothing asked of it before; after a
//   refused key (credential-invalid) and an HTML 404 (configuration-invalid; undeclared, n8n
//   would wait 5 s) its 30-minute ceiling, with the cause n8n's log line names.
//
// Run by run.mjs after the 2.x major, with the package it packed (E2E_ONLY=durable: alone;
// E2E_DURABLE_ONLY=<text>: the cases after publishing whose name holds it, see runDurable).
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

import { makeTempDir, removeTempDir } from './lib/cleanup.mjs';
import { ensureN8n, TARGETS } from './lib/install.mjs';
import { N8n } from './lib/n8n.mjs';
import { installPackage } from './lib/package.mjs';
import { exec, sleep } from './lib/util.mjs';
import { ensurePackages, startPostgres } from '../queue/services.mjs';
import { bulkWebhookWorkflow } from '../queue/workload.mjs';
import { executionsOf, outputs } from './cases/trigger.mjs';
import { ARTIFACTS } from './settings.mjs';

const LOG_LEVEL = { N8N_LOG_LEVEL: process.env.E2E_DURABLE_LOG_LEVEL ?? 'info' };
const DURABLE = {
	...LOG_LEVEL,
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true',
	N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TIMEOUT: '12',
};
const API_KEY = 'e2e-durable-key';
const PAGE_DELAY_MS = { 500: 2500, 400: 3000 };
/** On Link Clicked's page size: the older links of the reading case are listed to it alone. */
const CLICKS_PAGE_SIZE = 400;

const CREDENTIAL = { id: 'durableCredential01', name: 'Link Management (durable)' };

/** n8n on this PostgreSQL (@n8n/config's variables). */
const postgresEnv = ({ port, database, user }) => ({
	DB_TYPE: 'postgresdb',
	DB_POSTGRESDB_HOST: '127.0.0.1',
	DB_POSTGRESDB_PORT: String(port),
	DB_POSTGRESDB_DATABASE: database,
	DB_POSTGRESDB_USER: user,
	DB_POSTGRESDB_PASSWORD: '',
});

/** A stand-in for the service's link list: newest first, slow pages, a key it may refuse. */
function startService() {
	const service = {
		links: [],
		// IDs listed to On Link Clicked alone (the reading case's older links).
		clicksOnly: new Set(),
		// A list request of a page size here answered as told: 'key' a refused key (HTTP 403, the
		// service's words), 'notFound' a web server's HTML 404 page (a Base URL that is not the API).
		refuse: {},
		rateLimitedUntil: 0,
		asked: 0,
		requests: [],
		// A truthful rate limit when set ({ limit, ms }): fixed windows counted as requests arrive,
		// X-RateLimit-* as they stand when answered, a 429 past the limit (counted in tooMany).
		window: null,
		used: { index: -1, count: 0 },
		tooMany: 0,
		qrCodes: [],
		pageDelayMs: undefined, // every list page's delay when set
	};
	const add = (count, clicks = 0) => {
		const next = (service.links[0]?.id ?? 0) + 1;
		const added = Array.from({ length: count }, (_, i) => {
			const id = next + i;
			const date = new Date(Date.UTC(2026, 0, 1, 0, 0, 0) + id * 1000);
			return {
				id,
				alias: `d${id}`,
				shorturl: `https://go.example.test/d${id}`,
				longurl: `https://example.com/durable/${id}`,
				clicks,
				title: `Durable ${id}`,
				description: '',
				date: date.toISOString().slice(0, 19).replace('T', ' '),
			};
		});
		service.links.unshift(...[...added].reverse());
		return added.map(({ id }) => id);
	};
	service.add = add;
	/** Links older than every one listed, listed last (their own ID range, dates before 2026). */
	service.addOlder = (count) => {
		const added = Array.from({ length: count }, (_, i) => {
			const id = 1_000_000 + i;
			const date = new Date(Date.UTC(2025, 0, 1, 0, 0, 0) + i * 1000);
			return {
				id,
				alias: `o${id}`,
				shorturl: `https://go.example.test/o${id}`,
				longurl: `https://example.com/durable/older/${id}`,
				clicks: 0,
				title: `Older ${id}`,
				description: '',
				date: date.toISOString().slice(0, 19).replace('T', ' '),
			};
		});
		service.links.push(...[...added].reverse());
		for (const { id } of added) service.clicksOnly.add(id);
		return added.map(({ id }) => id).reverse(); // as listed: the oldest last
	};
	service.remove = (ids) => {
		const gone = new Set(ids);
		service.links = service.links.filter((link) => !gone.has(link.id));
	};
	service.click = (id) => service.links.find((link) => link.id === id).clicks++;
	/** This window's count, a new window's from zero. */
	const used = () => {
		const index = Math.floor(Date.now() / service.window.ms);
		if (service.used.index !== index) service.used = { index, count: 0 };
		return service.used;
	};
	const limitHeaders = () => {
		if (!service.window)
			return {
				'X-RateLimit-Limit': '30',
				'X-RateLimit-Remaining': '25',
				'X-RateLimit-Reset': String(Math.ceil(Date.now() / 1000) + 60),
			};
		const { index, count } = used();
		return {
			'X-RateLimit-Limit': String(service.window.limit),
			'X-RateLimit-Remaining': String(Math.max(0, service.window.limit - count)),
			'X-RateLimit-Reset': String(((index + 1) * service.window.ms) / 1000),
		};
	};
	const server = http.createServer(async (req, res) => {
		service.asked++;
		const url = new URL(req.url, 'http://service.invalid');
		const answer = (status, body) => {
			res.writeHead(status, { 'Content-Type': 'application/json', ...limitHeaders() });
			res.end(JSON.stringify(body));
		};
		if (service.window) {
			const window = used();
			if (window.count >= service.window.limit) {
				service.tooMany++;
				return answer(429, { error: 429, message: 'Too Many API Requests.' });
			}
			window.count++;
		}
		if (service.rateLimitedUntil > Date.now()) {
			res.writeHead(429, {
				'Content-Type': 'application/json',
				'X-RateLimit-Limit': '30',
				'X-RateLimit-Remaining': '0',
				'X-RateLimit-Reset': String(Math.ceil(service.rateLimitedUntil / 1000)),
			});
			return res.end(JSON.stringify({ error: 429, message: 'Too Many API Requests.' }));
		}
		const refused = () =>
			answer(403, { error: 1, message: 'A valid API key is required to use this service.' });
		if (req.headers.authorization !== `Bearer ${API_KEY}`) return refused();
		const refusal =
			url.pathname === '/api/urls' ? service.refuse[url.searchParams.get('limit')] : undefined;
		if (refusal === 'key') return refused();
		if (refusal === 'notFound') {
			res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' });
			return res.end(
				'<!DOCTYPE html><html><head><title>404 Not Found</title></head><body><h1>Not Found</h1></body></html>',
			);
		}
		if (req.method === 'POST' && url.pathname === '/api/qr/add') {
			let text = '';
			for await (const chunk of req) text += chunk;
			const id = service.qrCodes.push({ at: Date.now(), data: JSON.parse(text).data });
			return answer(200, { error: 0, id, link: `https://go.example.test/qr/${id}` });
		}
		if (url.pathname !== '/api/urls') return answer(404, { error: 1, message: 'Not found' });
		const page = Number(url.searchParams.get('page') ?? 1);
		const limit = Number(url.searchParams.get('limit') ?? 15);
		const request = { page, limit, at: Date.now() };
		service.requests.push(request);
		// The page as it is when asked for, answered late.
		const links =
			limit === CLICKS_PAGE_SIZE
				? service.links
				: service.links.filter((link) => !service.clicksOnly.has(link.id));
		const maxPage = Math.max(1, Math.ceil(links.length / limit));
		const body = {
			error: 0,
			data: {
				result: links.length,
				perpage: limit,
				currentpage: page,
				nextpage: page < maxPage ? page + 1 : null,
				maxpage: maxPage,
				urls: links.slice((page - 1) * limit, page * limit),
			},
		};
		await sleep(service.pageDelayMs ?? PAGE_DELAY_MS[limit] ?? 0);
		answer(200, body);
		request.answeredAt = Date.now();
	});
	return new Promise((resolve) =>
		server.listen(0, '127.0.0.1', () => {
			service.url = `http://127.0.0.1:${server.address().port}`;
			service.stop = () => new Promise((done) => server.close(done));
			resolve(service);
		}),
	);
}

const triggerNode = (id, name, event, pageSize) => ({
	id,
	name,
	type: 'n8n-nodes-link-management.linkManagementTrigger',
	typeVersion: 1,
	position: [0, 0],
	parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, event, options: { pageSize } },
	credentials: { linkManagementApi: CREDENTIAL },
});

/** The rows of `sql` in n8n's database: PostgreSQL's, or sqlite's read with n8n's own sqlite3 on its Node. */
async function query(n8n, sql, postgres) {
	if (postgres) return await postgres.query(sql);
	const script = `const sqlite3 = require(${JSON.stringify(path.join(n8n.paths.n8nDir, 'node_modules', 'sqlite3'))});
const db = new sqlite3.Database(${JSON.stringify(path.join(n8n.userFolder, '.n8n', 'database.sqlite'))}, sqlite3.OPEN_READONLY);
db.all(${JSON.stringify(sql)}, (error, rows) => { if (error) { console.error(error.message); process.exit(1); } console.log(JSON.stringify(rows)); db.close(); });`;
	const result = await exec(n8n.paths.nodeExe, ['-e', script], { timeoutMs: 30_000 });
	if (result.code !== 0) throw new Error(`sqlite: ${result.stderr}`);
	return JSON.parse(result.stdout);
}

/** A time as sqlite ("2026-11-28 12:07:23.083", UTC) or PostgreSQL (ISO with its offset) gives it. */
const epochOf = (value) =>
	Date.parse(/[T+Z]/.test(String(value)) ? String(value) : `${String(value).replace(' ', 'T')}Z`);

/** Waits until `done()` holds, polling every 2 s, at most `ms`. */
async function until(what, ms, done) {
	const end = Date.now() + ms;
	for (;;) {
		const value = await done();
		if (value) return value;
		if (Date.now() > end) throw new Error(`${what}: not within ${ms / 1000} s`);
		await sleep(2000);
	}
}

/** The bulk run beside the polls: QR codes in one execution, at a truthful limit per window. */
const BULK = { items: 240, limit: 30, windowMs: 10_000, pageDelayMs: 500 };

/**
 * One credential, a bulk run and the polls (issue 51): a webhook workflow published in the n8n that
 * polls creates BULK.items QR codes in one execution while the service counts 30 requests per 10 s
 * (the run lasts 80 s and more, longer than a poll cycle and its reading); a link added once the
 * run has begun must come out of the next poll of On New Link, whose page is read while the run
 * still sends, and no poll of either trigger fails (poller_state, sampled every 2 s). Before turns
 * were shared, that poll waited behind the whole run, failed as rate-limited and was backed off.
 */
async function bulkRunCase({ n8n, service, postgres, newLinks: { id: workflowId, node } }) {
	const webhookPath = `durable-bulk-${crypto.randomBytes(4).toString('hex')}`;
	const workflow = bulkWebhookWorkflow({
		name: 'E2E durable: bulk QR codes',
		webhookPath,
		credential: CREDENTIAL,
	});
	const bulk = await n8n.createWorkflow(workflow.name, workflow.nodes, workflow.connections);
	await n8n.activate(bulk);
	await until("the bulk run's webhook registered", 30_000, async () => {
		const found = await n8n.rest('POST', '/rest/webhooks/find', {
			method: 'POST',
			path: webhookPath,
		});
		return found.status === 200 && (found.body?.data ?? null) !== null;
	});
	let worstErrors = 0;
	let sampled = 0;
	const samplePollers = async () => {
		const rows = await query(
			n8n,
			'SELECT "nodeId", "consecutiveErrors" FROM poller_state',
			postgres,
		);
		if (rows.length === 2) sampled++;
		worstErrors = Math.max(worstErrors, ...rows.map((row) => Number(row.consecutiveErrors)));
	};
	await samplePollers();
	assert.equal(worstErrors, 0, 'no poll failing before the run');
	// n8n's line for a failed poll, counted from here on (in all n8n keeps of its log, should it
	// have cut it meanwhile).
	const failedIn = () => n8n.serverLog.split('Poll failed').length - 1;
	const failedBefore = failedIn();
	const failedPolls = () => (failedIn() >= failedBefore ? failedIn() - failedBefore : failedIn());
	service.window = { limit: BULK.limit, ms: BULK.windowMs };
	// Quick pages: what is under test is the wait for a turn, not a reading longer than the budget
	// (a slow page's 3 s after a turn's wait of up to a third of a window would not fit 7 s).
	service.pageDelayMs = BULK.pageDelayMs;
	const firstQr = service.qrCodes.length;
	try {
		const items = Array.from({ length: BULK.items }, (_, i) => ({
			url: `https://example.com/bulk/${i}`,
			name: `Bulk ${i}`,
		}));
		const fired = await fetch(`${n8n.baseUrl}/webhook/${webhookPath}`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ items }),
		});
		assert.equal(fired.status, 200, `the bulk webhook answered ${fired.status}`);
		await until("the bulk run's first QR code", 60_000, () => service.qrCodes.length > firstQr);
		const runStart = service.qrCodes[firstQr].at;
		const [link] = service.add(1);
		service.bulkRunLink = link; // the backlog's case leaves it out
		const addedAt = Date.now();
		const emitting = await until('On New Link emits the link', 100_000, async () => {
			await samplePollers();
			const found = (await executionsOf(n8n, workflowId)).filter((execution) =>
				outputs([execution], node).some((item) => item.id === link),
			);
			return found.length ? found : undefined;
		}).catch((error) => {
			const polls = service.requests.filter((request) => request.at >= addedAt).length;
			throw new Error(
				`${error.message}: ${failedPolls()} polls failed, poller_state's worst consecutiveErrors ${worstErrors}, ${polls} list requests since the link, ${service.qrCodes.length - firstQr} of ${BULK.items} QR codes sent`,
			);
		});
		// The poll that read it: On New Link's first list request after the link was added.
		const poll = service.requests.find((request) => request.limit === 500 && request.at >= addedAt);
		await until('the bulk run done', 240_000, async () => {
			await samplePollers();
			return service.qrCodes.length - firstQr >= BULK.items &&
				(await executionsOf(n8n, bulk.id)).length
				? true
				: undefined;
		});
		const created = service.qrCodes.slice(firstQr);
		const runEnd = created.at(-1).at;
		const [run] = await executionsOf(n8n, bulk.id);
		assert.equal(run.status, 'success', `the bulk run: ${run.status} ${run.error?.message ?? ''}`);
		assert.equal(new Set(created.map(({ data }) => data)).size, BULK.items, 'each QR code once');
		assert.equal(created.length, BULK.items, 'no QR code sent twice');
		assert.equal(service.tooMany, 0, 'no 429 against the truthful headers');
		assert.equal(emitting.length, 1, 'one execution with the link');
		assert.deepEqual(
			outputs(emitting, node).map((item) => item.id),
			[link],
		);
		assert.ok(
			poll.at - addedAt < 65_000,
			`the next poll cycle read it (${((poll.at - addedAt) / 1000).toFixed(1)} s after it was added)`,
		);
		const ahead = created.filter(({ at }) => at > poll.answeredAt).length;
		assert.ok(
			ahead > 0,
			`the poll's page answered while the run still sent (at ${((poll.answeredAt - runStart) / 1000).toFixed(1)} s of the run's ${((runEnd - runStart) / 1000).toFixed(1)} s)`,
		);
		assert.ok(sampled > 0, 'poller_state read with both triggers');
		assert.equal(worstErrors, 0, 'no poll of either trigger failed during the run (poller_state)');
		assert.equal(failedPolls(), 0, 'no "Poll failed" in n8n\'s log during the run');
		return {
			note: `poll asked ${((poll.at - runStart) / 1000).toFixed(1)} s into the run, answered with ${ahead} QR codes still to send; the run ${((runEnd - runStart) / 1000).toFixed(1)} s`,
		};
	} finally {
		service.window = null;
		service.pageDelayMs = undefined;
	}
}

/**
 * The durable cases; `test(name, fn)` records each (report.mjs), `tgz` is the packed package.
 * Returns when all ran; n8n and the service are stopped on every path.
 */
export async function runDurable({
	test: record,
	tgz,
	log = console.log,
	major = 2,
	durable = true,
	onPostgres = false,
}) {
	const target = TARGETS[major];
	const label = `n8n ${target.n8nVersion} ${durable ? 'durable' : 'default'} scheduler${onPostgres ? ', PostgreSQL' : ''}`;
	// E2E_DURABLE_ONLY: only the cases after publishing whose name holds it (the start and
	// publishing always run); with ` › `, a variant whose name does not end in what comes before it
	// is skipped before anything starts ('durable scheduler › 240 QR codes': that case alone).
	const only = process.env.E2E_DURABLE_ONLY;
	if (only?.includes(' › ') && !label.endsWith(only.split(' › ')[0])) return;
	const always = [' › start with the package', ' › a link added right after publishing'];
	const selected = (name) =>
		!only || name.includes(only) || always.some((text) => name.includes(text));
	const test = (name, fn) => (selected(name) ? record(name, fn) : false);
	await ensureN8n(target);
	const service = await startService();
	const userFolder = makeTempDir('lm-e2e-durable-');
	// PostgreSQL's folder of its own: its server runs as the postgres user, which cannot enter
	// n8n's user folder.
	const postgresFolder = onPostgres ? makeTempDir('lm-e2e-durable-pg-') : undefined;
	let postgres;
	// The watch of On Link Clicked's cursor, while it runs (the reading case).
	const watch = { on: false, done: undefined };
	// n8n's log as JSON lines besides: its line for a failed poll carries the cause n8n read.
	const logFile = path.join(userFolder, 'n8n-log.jsonl');
	const n8n = new N8n(target, userFolder, {
		...(durable ? DURABLE : LOG_LEVEL),
		...(durable ? { N8N_LOG_OUTPUT: 'console,file', N8N_LOG_FILE_LOCATION: logFile } : {}),
	});
	// On PostgreSQL the first cases only (publishing, the click reading across polls, a restart,
	// n8n's back-off), for the suite's time alone: the backlog (a minutes-long case) would read
	// its list across polls there as the click reading already does.
	const full = !onPostgres;
	try {
		const ready =
			await test(`${label} › start with the package and two published triggers`, async () => {
				if (postgresFolder) {
					await ensurePackages();
					postgres = await startPostgres(postgresFolder);
					Object.assign(n8n.extraEnv, postgresEnv(postgres));
				}
				await installPackage(n8n, tgz);
				await n8n.importCredentials([
					{
						...CREDENTIAL,
						type: 'linkManagementApi',
						data: { baseUrl: service.url, apiKey: API_KEY },
					},
				]);
				await n8n.start({ timeoutMs: 300_000 });
				await n8n.setupOwnerAndLogin();
			});
		if (!ready) return;
		service.add(200);
		// The reading case's list: older links listed after the 200, there before publishing (what
		// the triggers' first readings record), so that On Link Clicked's reading is three pages of
		// 400 (9 s) against a poll's 7 s on the durable scheduler: it goes on from page 3 at the next
		// poll. They are listed to On Link Clicked alone: On New Link's first reading records every
		// page, and two pages of 500 beside the click pages on one key outran its polls' time
		// (seen once in five runs: the link added after publishing never came out).
		const readingCase = `${label} › a reading longer than a poll's time goes on at the next poll: each click once, nothing else`;
		const older = selected(readingCase) ? service.addOlder(700) : [];
		const workflows = {};
		for (const [key, event, pageSize] of [
			['newLinks', 'linkCreated', 500],
			['clicks', 'linkClicked', 400],
		]) {
			const node = triggerNode(`durable-${key}-node`, `On ${key}`, event, pageSize);
			const { id, versionId } = await n8n.createWorkflow(`E2E durable: ${key}`, [node]);
			workflows[key] = { id, versionId, node: node.name };
		}
		let firstLink;
		const clicks = ['5+1', '150+1'];
		/** Each time poller_state's cursor of On Link Clicked began to say to go on from a later page. */
		const resumes = [];
		const watchResume = async () => {
			let before;
			while (watch.on) {
				const [row] = await query(
					n8n,
					`SELECT "cursor" FROM poller_state WHERE "nodeId" = 'durable-clicks-node'`,
					postgres,
				).catch(() => []);
				const cursor = typeof row?.cursor === 'string' ? JSON.parse(row.cursor) : row?.cursor;
				const page = cursor?.resume?.page;
				if (page > 1 && page !== before) resumes.push({ page, seenAt: Date.now() });
				before = page;
				await sleep(2000);
			}
		};
		const published =
			await test(`${label} › a link added right after publishing starts On New Link once`, async () => {
				for (const workflow of Object.values(workflows)) await n8n.activate(workflow);
				// n8n publishes in the background: once each trigger's poll at publishing has its answer
				await until('the polls at publishing', 60_000, () =>
					[500, 400].every((limit) =>
						service.requests.some((request) => request.limit === limit && request.answeredAt),
					),
				);
				[firstLink] = service.add(1);
				// The clicks (on page 1) once On Link Clicked's first reading is surely in: on PostgreSQL
				// n8n 2.41.1 was seen reading the list a second time seconds after publishing, and a
				// click made before that reading was taken into it (a race of the test's timing, not of
				// a reading longer than the poll's time, which is what the next case checks).
				await until(
					'a second reading of On Link Clicked',
					150_000,
					() =>
						service.requests.filter(
							(request) => request.limit === 400 && request.page === 1 && request.answeredAt,
						).length >= 2,
				);
				watch.on = durable && older.length > 0;
				if (watch.on) watch.done = watchResume();
				service.click(5);
				service.click(150);
				const emitted = await until('On New Link emits the link', 150_000, async () => {
					const items = outputs(
						await executionsOf(n8n, workflows.newLinks.id),
						workflows.newLinks.node,
					);
					return items.length ? items : undefined;
				});
				assert.deepEqual(
					emitted.map((item) => item.id),
					[firstLink],
				);
			});
		const newLinks = async () =>
			outputs(await executionsOf(n8n, workflows.newLinks.id), workflows.newLinks.node).map(
				(item) => item.id,
			);
		const clicked = async () =>
			outputs(await executionsOf(n8n, workflows.clicks.id), workflows.clicks.node).map(
				(item) => `${item.id}+${item.newClicks}`,
			);
		if (published) {
			await test(readingCase, async () => {
				const pages = Math.ceil(service.links.length / 400);
				assert.ok(pages >= 3, `a list of ${pages} pages of 400`);
				// A click on the last page, made now that the first readings (which record, emit
				// nothing) are surely done: one of them still under way would take it in.
				service.click(older.at(-1));
				clicks.push(`${older.at(-1)}+1`);
				await until(
					`On Link Clicked emits the ${clicks.length} clicks`,
					360_000,
					async () => (await clicked()).length >= clicks.length,
				).catch(async (error) => {
					const [first] = resumes;
					const next =
						first && service.requests.find((req) => req.limit === 400 && req.at > first.seenAt);
					throw new Error(
						`${error.message} (emitted: ${(await clicked()).join(', ') || 'none'}; ${first ? `the cursor said to go on from page ${first.page}, the next poll asked page ${next?.page}` : 'no cursor went on from a later page'})`,
					);
				});
				assert.deepEqual((await clicked()).sort(), [...clicks].sort());
				if (durable) {
					// Two polls read the one list: the first page's clicks and the last page's came in
					// executions of their own, and n8n's database held the cursor between them.
					const executionOf = (id) =>
						executionsOf(n8n, workflows.clicks.id).then((executions) =>
							executions.find((execution) =>
								outputs([execution], workflows.clicks.node).some((item) => item.id === id),
							),
						);
					const [first, last] = [await executionOf(5), await executionOf(older.at(-1))];
					assert.notEqual(
						first.id,
						last.id,
						`pages 1 and ${pages} were read by different polls (execution ${first.id} emitted both)`,
					);
					const [resumed] = resumes;
					assert.ok(resumed, "poller_state's cursor said to go on from a later page");
					const next = service.requests.find(
						(request) => request.limit === 400 && request.at > resumed.seenAt,
					);
					assert.equal(
						next?.page,
						resumed.page,
						`the poll after the cursor's went on from page ${resumed.page}`,
					);
				}
			});
			// The older links go (the later cases' readings as before), whether or not their case ran.
			watch.on = false;
			await watch.done;
			service.remove(older);
			if (full && durable)
				await test(`${label} › ${BULK.items} QR codes in one run on the same credential: the next poll during it emits a new link, no poll fails`, () =>
					bulkRunCase({ n8n, service, postgres, newLinks: workflows.newLinks }));
			if (full)
				await test(`${label} › a backlog of 1,500 links comes out across polls, each once; clicks go on`, async () => {
					const backlog = service.add(1500);
					service.click(7);
					service.click(backlog[100]);
					await until(
						'every link of the backlog emitted',
						360_000,
						async () => (await newLinks()).length >= 1501,
					);
					await until(
						'the two new clicks emitted',
						240_000,
						async () => (await clicked()).length >= clicks.length + 2,
					);
					await sleep(65_000); // one more poll cycle: nothing more may come
					const ids = await newLinks();
					assert.equal(new Set(ids).size, ids.length, 'no link twice');
					assert.deepEqual(
						ids.filter((id) => id !== service.bulkRunLink).sort((a, b) => a - b),
						[firstLink, ...backlog],
					);
					const executions = await executionsOf(n8n, workflows.newLinks.id);
					// n8n's default scheduler gives a poll 5 minutes: the backlog comes in one.
					if (durable)
						assert.ok(
							executions.length >= 3,
							`the backlog took several polls (${executions.length} executions)`,
						);
					assert.deepEqual(
						(await clicked()).sort(),
						[...clicks, `${backlog[100]}+1`, '7+1'].sort(),
					);
					assert.doesNotMatch(n8n.serverLog, /Poll exceeded its timeout/, 'no poll was abandoned');
				});
		}
		/** The links On New Link emitted after `since` (by id), asserted once each. */
		const emittedOnce = async (ids, what) => {
			await until(what, 180_000, async () => {
				const all = await newLinks();
				return ids.every((id) => all.includes(id));
			});
			const all = await newLinks();
			for (const id of ids)
				assert.equal(all.filter((each) => each === id).length, 1, `link ${id} emitted once`);
		};
		const restart = async () => {
			await n8n.start({ timeoutMs: 300_000 });
			await n8n.login();
		};
		if (published) {
			await test(`${label} › n8n stopped, a link added, n8n started: the link once`, async () => {
				await n8n.stop();
				const [added] = service.add(1);
				await restart();
				await emittedOnce([added], 'the link added while n8n was stopped');
			});
			if (full)
				await test(`${label} › n8n killed (SIGKILL) in the middle of a poll, started again: the link once`, async () => {
					const [added] = service.add(1);
					const asked = service.requests.length;
					await until('a poll of On New Link under way', 90_000, () =>
						service.requests.slice(asked).some((request) => request.limit === 500),
					);
					process.kill(-n8n.server.pid, 'SIGKILL');
					await n8n.stop();
					await restart();
					await emittedOnce([added], 'the link of the killed poll');
				});
			if (full)
				await test(`${label} › a saved change to the published workflow: the next link once`, async () => {
					const saved = await n8n.updateWorkflow(workflows.newLinks.id, ({ nodes }) => ({
						nodes: nodes.map((node) => ({
							...node,
							parameters: {
								...node.parameters,
								options: { ...node.parameters.options, timeout: 25 },
							},
						})),
					}));
					await n8n.activate(saved);
					const [added] = service.add(1);
					await emittedOnce([added], 'the link after the saved change');
				});
		}
		// n8n's own back-off: its durable scheduler's alone.
		if (durable) {
			/** poller_state's rows (both triggers) once every one shows a failure that `holds`. */
			const backoffs = async (what, holds) =>
				await until(what, 240_000, async () => {
					const rows = await query(
						n8n,
						'SELECT "nodeId", "consecutiveErrors", "backoffUntil" FROM poller_state',
						postgres,
					);
					const parsed = rows.map((row) => ({
						...row,
						until: epochOf(row.backoffUntil),
					}));
					return parsed.length === 2 &&
						parsed.every((row) => row.consecutiveErrors > 0 && holds(row))
						? parsed
						: undefined;
				});
			if (full)
				await test(`${label} › a rate limit: n8n polls again after the service's reset, not before`, async () => {
					const resetAt = Math.ceil((Date.now() + 100_000) / 1000) * 1000;
					service.rateLimitedUntil = resetAt;
					const rows = await backoffs('both polls backing off', (row) =>
						Number.isFinite(row.until),
					);
					for (const row of rows) {
						assert.ok(row.until >= resetAt - 1000, `${row.nodeId}: backs off until the reset`);
						assert.ok(row.until <= resetAt + 60_000, `${row.nodeId}: not far past it`);
					}
					const asked = service.asked;
					await sleep(Math.max(0, resetAt - 5000 - Date.now()));
					assert.equal(service.asked, asked, 'nothing asked of the service before its reset');
					service.rateLimitedUntil = 0;
				});
			// Two answers the node declares a permanent cause for, one per trigger, so that one poll
			// cycle shows both. Undeclared, n8n would still back the 403 off 30 minutes (any 403 is
			// permanent to it, with no cause), but the HTML 404 only 5 s, doubling (a status it does
			// not know: transient). n8n's log line names the cause it read.
			await test(`${label} › a refused key (HTTP 403) and an address that is not the API (HTML 404): n8n backs each poll off to its 30-minute ceiling, for the cause the node declares`, async () => {
				const expected = {
					[workflows.newLinks.id]: {
						answer: 'HTTP 403, a refused key',
						type: 'permanent',
						cause: 'credential-invalid',
						backoff: '30 min',
					},
					[workflows.clicks.id]: {
						answer: 'HTML 404',
						type: 'permanent',
						cause: 'configuration-invalid',
						backoff: '30 min',
					},
				};
				const logged = () =>
					(fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '').split('\n');
				const from = logged().length - 1;
				const since = Date.now();
				service.refuse = { 500: 'key', 400: 'notFound' };
				const failures = () =>
					logged()
						.slice(from)
						.filter((line) => line.includes('Poll failed; backing off'))
						.flatMap((line) => {
							try {
								const entry = JSON.parse(line);
								return [entry.metadata ?? entry];
							} catch {
								return []; // a line still being written
							}
						});
				const observed = await until("both polls' failures recorded", 240_000, async () => {
					const rows = await query(
						n8n,
						'SELECT "workflowId", "consecutiveErrors", "backoffUntil", "updatedAt" FROM poller_state',
						postgres,
					);
					const found = {};
					for (const row of rows) {
						// n8n's back-off: the time it set from the failure's moment (the same statement).
						const delayMs = epochOf(row.backoffUntil) - epochOf(row.updatedAt);
						const entry = failures().findLast((each) => each.workflowId === row.workflowId);
						if (!entry || epochOf(row.updatedAt) < since - 2000 || !(row.consecutiveErrors > 0))
							continue;
						found[row.workflowId] = {
							answer: expected[row.workflowId]?.answer,
							type: entry.type,
							cause: entry.cause,
							backoff:
								delayMs >= 60_000
									? `${Math.round(delayMs / 60_000)} min`
									: `${Math.round(delayMs / 1000)} s`,
						};
					}
					return Object.keys(found).length === 2 ? found : undefined;
				});
				assert.deepEqual(
					observed,
					expected,
					"n8n's back-off after each answer (poller_state), and the cause and type its log names",
				);
			});
		}
	} finally {
		watch.on = false;
		await watch.done;
		await n8n.stop();
		await service.stop();
		await postgres?.stop();
		if (postgresFolder) removeTempDir(postgresFolder);
		fs.mkdirSync(ARTIFACTS, { recursive: true });
		fs.writeFileSync(path.join(ARTIFACTS, 'durable-n8n-start.log'), n8n.serverLog ?? '');
		fs.writeFileSync(
			path.join(ARTIFACTS, 'durable-requests.json'),
			JSON.stringify(
				service.requests.map(({ page, limit, at }) => ({
					page,
					limit,
					at: new Date(at).toISOString(),
				})),
			),
		);
		if (service.qrCodes.length)
			fs.writeFileSync(
				path.join(ARTIFACTS, 'durable-bulk-run.json'),
				JSON.stringify(service.qrCodes.map(({ at }) => new Date(at).toISOString())),
			);
		removeTempDir(userFolder);
		log(`${label}: ${service.requests.length} list requests served`);
	}
}
