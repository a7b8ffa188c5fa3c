// The templates users import (examples/) that chain the node with n8n's nodes for Google Sheets,
// Google Drive, HubSpot, Stripe, Zendesk and email. Each is saved as the editor saves an import,
// with n8n's pinned data on those nodes (what the service would give, lib/templates.mjs), and run
// from its trigger as the editor's *Execute workflow* runs it. The checks read the Link
// Management nodes' output, the sandbox's state and what each writing node would have written.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

import { templateProblems, withPinnedData, wouldWrite } from '../lib/templates.mjs';
import { CREDENTIAL_TYPE, loadWorkflow, prepareWorkflow } from '../lib/workflows.mjs';
import { checkSignsIn } from './users.mjs';
import {
	bodyOf,
	checkCreatedMany,
	ids,
	noErrors,
	query,
	requests,
	visit,
} from './sandbox-state.mjs';

/** Sorted by a key (items that run concurrently are handled in arrival order). */
const by = (key) => (a, b) => String(a[key]).localeCompare(String(b[key]));

/** A sheet's rows as Google Sheets › Get Row(s) gives them: each with its `row_number`. */
const sheetRows = (rows) => rows.map((row, i) => ({ row_number: i + 2, ...row }));

/** Made-up credentials of n8n's nodes, one per type and n8n: the suite reaches no such service. */
const SERVICE_CREDENTIALS = {
	googleSheetsOAuth2Api: { clientId: 'e2e', clientSecret: 'e2e' },
	googleDriveOAuth2Api: { clientId: 'e2e', clientSecret: 'e2e' },
	slackApi: { accessToken: 'xoxb-e2e' },
	hubspotAppToken: { appToken: 'e2e' },
	hubspotDeveloperApi: { clientId: 'e2e', clientSecret: 'e2e', apiKey: 'e2e', appId: '1' },
	stripeApi: { secretKey: 'sk_test_e2e' },
	zendeskApi: { subdomain: 'e2e', email: 'e2e@example.com', apiToken: 'e2e' },
	smtp: { user: 'e2e', password: 'e2e', host: '127.0.0.1', port: 25 },
};

const madeCredentials = new WeakMap();

/** `workflow`'s service credentials pointed at made-up ones of the same type in `n8n`. */
async function withServiceCredentials(n8n, workflow) {
	if (!madeCredentials.has(n8n)) madeCredentials.set(n8n, {});
	const made = madeCredentials.get(n8n);
	for (const node of workflow.nodes) {
		for (const [type, reference] of Object.entries(node.credentials ?? {})) {
			if (type === CREDENTIAL_TYPE) continue;
			if (!SERVICE_CREDENTIALS[type]) throw new Error(`no made-up credential of type ${type}`);
			made[type] ??= await n8n.createCredential(reference.name, type, SERVICE_CREDENTIALS[type]);
			node.credentials[type] = { ...made[type] };
		}
	}
	return workflow;
}

/**
 * A template case: `file` saved with its service credentials and `pinned` data, run `runs` times
 * (default 1) from `trigger` (its output: the pinned data of that node, else one empty item),
 * against the reference sandbox or (`profile: 'family'`) one answering as real installations.
 * `check(ctx)` gets out(node), binaries(node), writes(node) (what that node would have written,
 * one entry per item), runs (each run's out, writes and requests), sandbox and n8n.
 */
function templateCase({ name, file, trigger, pinned, runs = 1, profile, check }) {
	return {
		name: `template: ${name}`,
		file,
		profile,
		savesItsWorkflow: true,
		async check({ n8n, sandbox, family, apiKey, credential: suiteCredential }) {
			const service = profile === 'family' ? family : sandbox;
			service.reset();
			const template = loadWorkflow(file);
			const problems = templateProblems(template, n8n.paths.n8nDir);
			assert.deepEqual(problems, [], `n8n reads ${file} as written`);
			const credential =
				profile === 'family'
					? await n8n.createCredential('Link Management (family)', CREDENTIAL_TYPE, {
							baseUrl: family.url,
							apiKey,
						})
					: undefined;
			try {
				const workflow = withPinnedData(
					await withServiceCredentials(
						n8n,
						prepareWorkflow(template, { credential: credential ?? suiteCredential }),
					),
					pinned,
				);
				const saved = await n8n.rest('POST', '/rest/workflows', {
					name: `${template.name} (pinned)`,
					nodes: workflow.nodes,
					connections: workflow.connections,
					settings: workflow.settings,
					pinData: workflow.pinData,
					active: false,
				});
				assert.equal(saved.status, 200, `saving ${file}: ${JSON.stringify(saved.body)}`);
				const workflowId = (saved.body.data ?? saved.body).id;
				const results = [];
				for (let i = 0; i < runs; i++) {
					const before = service.stats.requests;
					const execution = await n8n.runFromTrigger(workflowId, {
						trigger,
						triggerItems: pinned[trigger] ?? [{}],
					});
					assert.equal(execution.status, 'success', `run ${i + 1}: ${execution.error}`);
					assert.ok(!execution.raw.includes(apiKey), 'the API key appears in the execution');
					results.push(
						runView(workflow, execution.runData, n8n, {
							requests: service.stats.log.filter((entry) => entry.n > before),
						}),
					);
				}
				return await check({ ...results.at(-1), runs: results, sandbox: service, n8n });
			} finally {
				if (credential) await n8n.rest('DELETE', `/rest/credentials/${credential.id}`);
			}
		},
	};
}

/** One run's nodes: their output items (json, binary) and what the writing nodes would write. */
function runView(workflow, runData, n8n, more) {
	const items = (node) => {
		const task = runData[node]?.[0];
		if (!task) throw new Error(`node "${node}" did not run (ran: ${Object.keys(runData)})`);
		if (task.error) throw new Error(`node "${node}" failed: ${task.error.message}`);
		return task.data?.main?.[0] ?? [];
	};
	return {
		out: (node) => items(node).map((item) => item.json),
		binaries: (node) => items(node).map((item) => item.binary),
		writes: (node) => wouldWrite(workflow, runData, node, n8n.paths.n8nDir),
		...more,
	};
}

/** The address of a Google Sheet as the templates carry it until the user picks theirs. */
const SHEET = 'https://docs.google.com/spreadsheets/d/REPLACE_WITH_YOUR_SPREADSHEET_ID/edit';

const WEEKLY_ROWS = sheetRows([
	{ url: 'https://example.com/spring-sale?utm_source=newsletter', note: 'Newsletter, spring' },
	{ url: 'https://example.com/blog/how-we-print-qr-codes', note: 'Blog post' },
	{ url: 'https://example.com/events/2026/open-day', note: 'Open day invitation' },
	{ url: 'https://example.com/p/1234?colour=navy&size=m', note: 'Product 1234' },
]).map((row) => ({ ...row, short_url: '' }));

const ALIAS_ROWS = sheetRows(
	Array.from({ length: 12 }, (_, i) => ({
		alias: `spring-${i + 1}`,
		url: `https://example.com/spring/${i + 1}`,
		note: `Spring offer ${i + 1}`,
	})),
);

const QR_ROWS = sheetRows([
	{ name: 'Spring flyer', url: 'https://example.com/spring', color: '#1F6FEB' },
	{ name: 'Shop window', url: 'https://example.com/shop', color: '#D1242F' },
	{ name: 'Business card', url: 'https://example.com/team/ada', color: '#000' },
	{ name: 'Event badge', url: 'https://example.com/events/42', color: 'rgb(26,127,55)' },
	{ name: 'Product packaging', url: 'https://example.com/p/1234', color: '#8250DF' },
	{ name: 'Menu card', url: 'https://example.com/menu', color: '#BF8700' },
]);

const TABLE_ROWS = sheetRows(
	[1, 2, 3].map((n) => ({ name: `Table ${n}`, url: `https://example.com/menu?table=${n}` })),
);

/** A HubSpot contact as HubSpot › Contact › Get gives it (the v1 profile). */
const hubspotContact = (vid, email, firstname) => ({
	vid,
	'canonical-vid': vid,
	properties: { email: { value: email }, firstname: { value: firstname } },
});

/** A Stripe `checkout.session.completed` event as the Stripe Trigger gives it. */
const checkoutCompleted = (session, email, plan) => ({
	id: `evt_${session}`,
	object: 'event',
	type: 'checkout.session.completed',
	data: {
		object: {
			id: `cs_test_${session}`,
			object: 'checkout.session',
			customer_details: { email, name: email.split('@')[0] },
			metadata: { plan },
			payment_status: 'paid',
		},
	},
});

const BULK_QR_CODES = 'examples/bulk-qr-codes-from-list.json';

/**
 * The bulk QR codes template as a user tries it before connecting their sheet: sample rows pinned
 * on its Google Sheets node, whose credential is a made-up one of `n8n`. Written into `dir` for the
 * editor's *Import from File*; resolves its path.
 */
export async function bulkQrCodesWithSampleRows(n8n, dir) {
	const workflow = withPinnedData(await withServiceCredentials(n8n, loadWorkflow(BULK_QR_CODES)), {
		Rows: QR_ROWS,
	});
	const file = path.join(dir, path.basename(BULK_QR_CODES));
	fs.writeFileSync(file, JSON.stringify(workflow, null, 2));
	return file;
}

/** A click as the Link Management Webhook Trigger gives it (without *Add Link Record*). */
const click = (alias, city, country) => ({
	event: 'linkClicked',
	shorturl: `https://go.example/${alias}`,
	date: '2026-11-26 14:05:09',
	country,
	city,
	referer: 'https://news.example/item',
	os: 'Windows',
	browser: 'Chrome',
});

export const TEMPLATE_CASES = [
	templateCase({
		name: "a sheet's URLs shortened weekly and written back by row, run twice (4 links, then nothing sent)",
		file: 'examples/shorten-urls-from-sheet.json',
		trigger: 'Every Monday 08:00',
		pinned: {
			Rows: WEEKLY_ROWS,
			'Write short URL back': WEEKLY_ROWS.map((row) => ({ ...row, short_url: 'written' })),
		},
		runs: 2,
		async check(ctx) {
			const [first, second] = ctx.runs;
			const created = checkCreatedMany(ctx, 'Shorten URL', 'links', 4, first.out('Shorten URL'));
			assert.deepEqual(
				created.map((item) => item.outcome),
				['created', 'created', 'created', 'created'],
			);
			assert.deepEqual(
				first.requests
					.filter((entry) => entry.route === 'POST /api/url/add')
					.map(bodyOf)
					.sort(by('url')),
				WEEKLY_ROWS.map((row) => ({ url: row.url, description: row.note })).sort(by('url')),
			);
			for (const run of ctx.runs) {
				const writes = run.writes('Write short URL back');
				assert.equal(writes.length, WEEKLY_ROWS.length, 'one row written per row read');
				for (const [i, write] of writes.entries()) {
					const link = ctx.sandbox.store.links.get(created[i].id);
					assert.equal(link.longurl, WEEKLY_ROWS[i].url);
					assert.equal(write.operation, 'update');
					assert.equal(write.documentId.value, SHEET);
					assert.deepEqual(write.columns.matchingColumns, ['row_number']);
					assert.deepEqual(write.columns.value, {
						row_number: WEEKLY_ROWS[i].row_number,
						short_url: link.shorturl,
					});
				}
			}
			for (const link of created) {
				const { longurl, shorturl } = ctx.sandbox.store.links.get(link.id);
				assert.deepEqual(await visit(shorturl), { status: 302, location: longurl });
			}
			// the second week: every URL found, nothing created, only the list read
			const again = second.out('Shorten URL');
			noErrors(again, 'Shorten URL');
			assert.deepEqual(
				again.map((item) => item.outcome),
				['unchanged', 'unchanged', 'unchanged', 'unchanged'],
			);
			assert.deepEqual(ids(again), ids(created));
			assert.deepEqual(
				[...new Set(second.requests.map((entry) => entry.route))],
				['GET /api/urls'],
			);
			assert.equal(ctx.sandbox.store.links.created, 4);
			return { note: `second run: ${second.requests.length} list request(s), nothing created` };
		},
	}),
	templateCase({
		name: 'a sheet of aliases → Create or Update, run twice (12 created, then nothing sent)',
		file: 'examples/sheet-create-or-update.json',
		trigger: 'Start',
		pinned: { Rows: ALIAS_ROWS },
		runs: 2,
		check(ctx) {
			const [first, second] = ctx.runs;
			const node = 'Create or update link';
			const created = checkCreatedMany(ctx, node, 'links', 12, first.out(node));
			assert.deepEqual(
				created.map((item) => item.outcome),
				ALIAS_ROWS.map(() => 'created'),
			);
			assert.deepEqual(
				first.requests
					.filter((entry) => entry.route === 'POST /api/url/add')
					.map(bodyOf)
					.sort(by('custom')),
				ALIAS_ROWS.map((row) => ({ custom: row.alias, url: row.url, description: row.note })).sort(
					by('custom'),
				),
			);
			const again = second.out(node);
			noErrors(again, node);
			assert.deepEqual(
				again.map((item) => item.outcome),
				ALIAS_ROWS.map(() => 'unchanged'),
			);
			assert.deepEqual(ids(again), ids(created), 'the same link for each row');
			assert.deepEqual(
				[...new Set(second.requests.map((entry) => entry.route))],
				['GET /api/urls'],
			);
			for (const row of ALIAS_ROWS) {
				const link = ctx.sandbox.store.linkByAlias(row.alias);
				assert.equal(link.longurl, row.url);
				assert.equal(link.description, row.note);
			}
		},
	}),
	templateCase({
		name: 'bulk QR codes from a sheet (six, each colored as its row says)',
		file: BULK_QR_CODES,
		trigger: 'Start',
		pinned: { Rows: QR_ROWS },
		check(ctx) {
			const created = checkCreatedMany(ctx, 'Create QR code', 'qr', 6);
			const expectedColors = [
				'rgb(31,111,235)',
				'rgb(209,36,47)',
				'rgb(0,0,0)',
				'rgb(26,127,55)',
				'rgb(130,80,223)',
				'rgb(191,135,0)',
			];
			QR_ROWS.forEach((row, i) => {
				const record = ctx.sandbox.store.qr.get(created[i].id);
				assert.equal(record.name, row.name);
				assert.equal(record.type, 'link');
				assert.equal(record.data, row.url);
				assert.equal(record.foreground, expectedColors[i], `${row.name}: foreground sent as rgb()`);
				assert.equal(record.background, 'rgb(255,255,255)');
			});
		},
	}),
	templateCase({
		name: 'QR codes from a sheet → PNG files uploaded to Google Drive',
		file: 'examples/qr-codes-to-files.json',
		trigger: 'Start',
		pinned: {
			Rows: TABLE_ROWS,
			'Upload to Google Drive': TABLE_ROWS.map((row, i) => ({ id: `drive-${i}`, name: row.name })),
		},
		async check(ctx) {
			const created = checkCreatedMany(ctx, 'Create QR code', 'qr', 3);
			const downloaded = ctx.out('Download QR image');
			assert.deepEqual(ids(downloaded), ids(created), "each file is its row's QR code");
			const uploads = ctx.writes('Upload to Google Drive');
			for (const [i, row] of TABLE_ROWS.entries()) {
				const qr = ctx.sandbox.store.qr.get(created[i].id);
				assert.equal(qr.name, row.name);
				assert.equal(qr.data, row.url);
				const file = ctx.binaries('Download QR image')[i].data;
				assert.equal(file.mimeType, 'image/png');
				assert.equal(file.fileName, `qr-code-${qr.id}.png`);
				const bytes = await binaryOf(ctx.n8n, file);
				assert.deepEqual([...bytes.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47], 'a PNG');
				assert.equal(bytes.readUInt32BE(16), 600, '600 pixels wide');
				assert.equal(uploads[i].inputDataFieldName, 'data');
				assert.equal(uploads[i].name, `${row.name}.png`);
				assert.equal(uploads[i].folderId.value, 'root');
			}
		},
	}),
	templateCase({
		name: "clicks on one campaign's links → Slack (the alias prefix lets two of three through)",
		file: 'examples/campaign-clicks-to-slack.json',
		trigger: 'Link clicked',
		pinned: {
			'Link clicked': [
				click('spring-poster', 'Toronto', 'Canada'),
				click('autumn-sale', 'Paris', 'France'),
				click('spring-flyer', '', ''),
			],
			'Message the team': [{ ok: true }, { ok: true }],
		},
		check(ctx) {
			assert.deepEqual(
				ctx.out("Campaign's links only").map((item) => item.shorturl),
				['https://go.example/spring-poster', 'https://go.example/spring-flyer'],
			);
			const messages = ctx.writes('Message the team');
			assert.deepEqual(
				messages.map((message) => message.channelId.value),
				['#marketing', '#marketing'],
			);
			assert.deepEqual(
				messages.map((message) => message.text),
				[
					'Spring campaign: a click on https://go.example/spring-poster from Toronto, Canada (Chrome on Windows, referrer https://news.example/item) at 2026-11-26 14:05:09',
					'Spring campaign: a click on https://go.example/spring-flyer from somewhere (Chrome on Windows, referrer https://news.example/item) at 2026-11-26 14:05:09',
				],
			);
			assert.equal(ctx.sandbox.stats.requests, 0, 'no request to the service');
		},
	}),
	templateCase({
		name: 'a new HubSpot contact → a tracked short link and QR code written to the contact',
		file: 'examples/crm-contact-short-link.json',
		trigger: 'New contact',
		pinned: {
			'New contact': [901, 902].map((contactId) => ({
				contactId,
				subscriptionType: 'contact.creation',
				portalId: 62515,
				occurredAt: 1764316800000,
			})),
			'Get contact': [
				hubspotContact(901, 'ada@example.com', 'Ada'),
				hubspotContact(902, 'grace@example.com', 'Grace'),
			],
			'Write to contact': [{ vid: 901 }, { vid: 902 }],
		},
		check(ctx) {
			const links = checkCreatedMany(ctx, 'Tracked link', 'links', 2);
			const qrCodes = checkCreatedMany(ctx, 'QR code', 'qr', 2);
			const writes = ctx.writes('Write to contact');
			for (const [i, [vid, email]] of [
				[901, 'ada@example.com'],
				[902, 'grace@example.com'],
			].entries()) {
				const link = ctx.sandbox.store.links.get(links[i].id);
				assert.equal(
					link.longurl,
					`https://example.com/welcome?utm_source=hubspot&utm_medium=crm&contact=${vid}`,
				);
				const qr = ctx.sandbox.store.qr.get(qrCodes[i].id);
				assert.equal(qr.data, link.shorturl, "a scan is a click on the contact's link");
				assert.equal(writes[i].email, email);
				assert.deepEqual(writes[i].additionalFields.customPropertiesUi.customPropertiesValues, [
					{ property: 'short_url', value: link.shorturl },
					{ property: 'qr_code_url', value: qrCodes[i].link },
				]);
			}
		},
	}),
	templateCase({
		name: 'a Stripe payment → an account on its plan, its login link emailed',
		file: 'examples/new-customers-to-accounts.json',
		profile: 'family',
		trigger: 'Payment received',
		pinned: {
			'Payment received': [
				checkoutCompleted('a1b2c3', 'orders@green-bakery.example', 'Starter'),
				checkoutCompleted('d4e5f6', 'hello@city-cycles.example', 'Business'),
			],
			'Welcome email': [{ accepted: ['sent'] }, { accepted: ['sent'] }],
		},
		async check(ctx) {
			assert.equal(requests(ctx, 'GET /api/plans').length, 1, 'the plans are read once');
			noErrors(ctx.out('Create account'), 'Create account');
			const customers = ctx.out('Customers with their plan');
			const emails = ctx.writes('Welcome email');
			const logins = ctx.out('Login link');
			const expected = [
				['orders@green-bakery.example', 'orders_a1b2c3', 2],
				['hello@city-cycles.example', 'hello_d4e5f6', 3],
			];
			const inAMonth = new Date();
			inAMonth.setMonth(inAMonth.getMonth() + 1);
			for (const [i, [email, username, planId]] of expected.entries()) {
				const user = ctx.sandbox.store.installation.users.get(ctx.out('Create account')[i].id);
				assert.deepEqual(
					{ username: user.username, email: user.email, planid: user.planid },
					{ username, email, planid: planId },
				);
				assert.equal(customers[i].username, username);
				const days = Math.abs(Date.parse(`${user.expires}Z`) - inAMonth.getTime()) / 86_400_000;
				assert.ok(days < 2, `${username}'s plan ends in a month (${user.expires})`);
				assert.equal(emails[i].toEmail, email);
				assert.ok(emails[i].text.includes(logins[i].url), 'the email carries the login link');
				assert.ok(emails[i].text.includes(`Your account ${username} is ready`));
			}
			await checkSignsIn(ctx, logins[0].url, 'orders_a1b2c3');
		},
	}),
	templateCase({
		name: 'a Zendesk ticket → the customer found, a login link in the reply',
		file: 'examples/support-login-link.json',
		trigger: 'New ticket',
		pinned: {
			'New ticket': [
				{
					'ticket.id': '4711',
					'ticket.title': 'I cannot sign in',
					'ticket.requester.email': 'ann@example.com',
					'ticket.requester.first_name': 'Ann',
				},
			],
			'Reply on the ticket': [{ id: 4711 }],
		},
		async check(ctx) {
			const [customer] = ctx.out('Find customer');
			assert.equal(customer.username, 'customer_ann');
			assert.equal(query(requests(ctx, 'GET /api/users')[0]).get('email'), 'ann@example.com');
			const [link] = ctx.out('Login link');
			const [reply] = ctx.writes('Reply on the ticket');
			assert.equal(reply.operation, 'update');
			assert.equal(reply.id, '4711');
			assert.ok(reply.updateFields.publicReply.startsWith('Hello Ann,'));
			assert.ok(reply.updateFields.publicReply.includes(link.url), 'the reply carries the link');
			await checkSignsIn(ctx, link.url, 'customer_ann');
		},
	}),
];

/**
 * The bytes of a binary field of an execution: kept in the execution itself (n8n 1.x's default
 * mode) or in n8n's binary data store, downloaded as the editor does.
 */
async function binaryOf(n8n, file) {
	if (!file.id) return Buffer.from(file.data, 'base64');
	const params = new URLSearchParams({ id: file.id, action: 'download' });
	const res = await fetch(`${n8n.baseUrl}/rest/binary-data?${params}`, {
		headers: { Cookie: n8n.cookie, 'browser-id': 'e2e-browser' },
	});
	assert.equal(res.status, 200, `GET /rest/binary-data answered ${res.status}`);
	return Buffer.from(await res.arrayBuffer());
}
