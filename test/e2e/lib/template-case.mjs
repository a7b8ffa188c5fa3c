// The template cases' machinery (cases/sheet-templates.mjs, cases/templates.mjs): a template
// saved as the editor saves an import, with n8n's pinned data on its nodes for other services
// (what the service would give, lib/templates.mjs) and made-up credentials for them, run from
// its trigger as the editor's *Execute workflow* runs it, and each run's view: the nodes' output,
// what each writing node would have written, the requests the sandbox got.
import assert from 'node:assert/strict';

import { outputOf } from './output.mjs';
import { templateProblems, withPinnedData, wouldWrite } from './templates.mjs';
import { CREDENTIAL_TYPE, loadWorkflow, prepareWorkflow } from './workflows.mjs';

/** Sorted by a key (items that run concurrently are handled in arrival order). */
export const by = (key) => (a, b) => String(a[key]).localeCompare(String(b[key]));

/** A sheet's rows as Google Sheets › Get Row(s) gives them: each with its `row_number`. */
export const sheetRows = (rows) => rows.map((row, i) => ({ row_number: i + 2, ...row }));

/** The address of a Google Sheet as the templates carry it until the user picks theirs. */
export const SHEET = 'https://docs.google.com/spreadsheets/d/REPLACE_WITH_YOUR_SPREADSHEET_ID/edit';

/** The sheet a template names until the user picks theirs: the first sheet, by its name. */
export const SHEET_NAME = 'Sheet1';

/** The Slack channel the templates name until the user picks theirs (examples/README.md). */
export const SLACK_CHANNEL = '#marketing';

/** Each of `writes` holds `expected`'s parameters; `what(n)` names the nth in a failure. */
function checkEachWrite(writes, expected, what) {
	for (const [i, write] of writes.entries()) {
		const written = Object.fromEntries(Object.keys(expected).map((name) => [name, write[name]]));
		assert.deepEqual(written, expected, what(i + 1));
	}
}

/**
 * Each of `writes` (what a Google Sheets node would write, lib/templates.mjs) goes where the
 * template promises: its `operation` on a sheet of the placeholder spreadsheet, the sheet by
 * name. `where` names the template and node in a failure.
 */
export const checkSheetWrites = (writes, operation, where) =>
	checkEachWrite(
		writes,
		{
			resource: 'sheet',
			operation,
			documentId: { __rl: true, mode: 'url', value: SHEET },
			sheetName: { __rl: true, mode: 'name', value: SHEET_NAME },
		},
		(n) =>
			`${where}, write ${n}: Google Sheets › ${operation} on ${SHEET_NAME} of the template's spreadsheet`,
	);

/**
 * Each of `writes` (what a Slack node would write) is Slack › Send Message, a text message to the
 * channel the templates name. `where` names the template and node in a failure.
 */
export const checkSlackMessages = (writes, where) =>
	checkEachWrite(
		writes,
		{
			resource: 'message',
			operation: 'post',
			select: 'channel',
			channelId: { __rl: true, mode: 'name', value: SLACK_CHANNEL },
			messageType: 'text',
		},
		(n) => `${where}, message ${n}: Slack › Send Message to ${SLACK_CHANNEL}`,
	);

/**
 * The columns the Set up note of `workflow` (its sticky note) tells the user their sheet needs,
 * as it names them: in backticks after "columns".
 */
export function noteColumns(workflow) {
	const note = workflow.nodes.find((node) => node.type === 'n8n-nodes-base.stickyNote');
	const named = note?.parameters.content.match(/columns ((?:`[^`]+`(?:, | and )?)+)/);
	if (!named) throw new Error(`${workflow.name}: its note names no columns`);
	return [...named[1].matchAll(/`([^`]+)`/g)].map((match) => match[1]);
}

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
export async function withServiceCredentials(n8n, workflow) {
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
 * `check(ctx)` gets out(node), binaries(node), errors(node) (lib/output.mjs), writes(node) (what
 * that node would have written, one entry per item), runs (each run's out, writes and requests), sandbox and n8n.
 */
export function templateCase({ name, file, trigger, pinned, runs = 1, profile, check }) {
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
					results.push({
						...outputOf(execution.runData),
						writes: (node) => wouldWrite(workflow, execution.runData, node, n8n.paths.n8nDir),
						requests: service.stats.log.filter((entry) => entry.n > before),
					});
				}
				return await check({ ...results.at(-1), runs: results, sandbox: service, n8n });
			} finally {
				if (credential) await n8n.rest('DELETE', `/rest/credentials/${credential.id}`);
			}
		},
	};
}

/**
 * The bytes of a binary field of an execution: kept in the execution itself (n8n 1.x's default
 * mode) or in n8n's binary data store, downloaded as the editor does.
 */
export async function binaryOf(n8n, file) {
	if (!file.id) return Buffer.from(file.data, 'base64');
	const params = new URLSearchParams({ id: file.id, action: 'download' });
	const res = await fetch(`${n8n.baseUrl}/rest/binary-data?${params}`, {
		headers: { Cookie: n8n.cookie, 'browser-id': 'e2e-browser' },
	});
	assert.equal(res.status, 200, `GET /rest/binary-data answered ${res.status}`);
	return Buffer.from(await res.arrayBuffer());
}
