// The workflows the benchmark runs, built in code (ids are 16 characters, as n8n's own).
import {
	CREDENTIAL_TYPE,
	createQrCodePerItem,
	credentialsOf,
	PACKAGE_NODE_TYPE,
} from '../e2e/lib/workflows.mjs';

let uuidCounter = 0;
const nodeId = () => `00000000-0000-4000-8000-${String(++uuidCounter).padStart(12, '0')}`;

function node(name, type, typeVersion, parameters, position, extra = {}) {
	return { parameters, id: nodeId(), name, type, typeVersion, position, ...extra };
}

const trigger = () => node('Start', 'n8n-nodes-base.manualTrigger', 1, {}, [0, 0]);

/** A Code node that emits `count` rows { n, url, name }. */
const rows = (count, name = 'Rows') =>
	node(
		name,
		'n8n-nodes-base.code',
		2,
		{
			jsCode: `return Array.from({ length: ${count} }, (_, i) => ({ json: { n: i + 1, url: \`https://example.com/bench/\${i + 1}\`, name: \`Bench \${i + 1}\` } }));`,
		},
		[220, 0],
	);

/** Link Management node: QR Code › Create, one per input item. */
export const lmCreateNode = (
	credential,
	name = 'Link Management: create QR codes',
	position = [440, 0],
) =>
	node(name, PACKAGE_NODE_TYPE, 1, createQrCodePerItem(), position, {
		credentials: credentialsOf(credential),
	});

/**
 * n8n's HTTP Request node with the same credential (Predefined Credential Type), POST /api/qr/add
 * with a JSON body. `batching`: { batchSize, batchInterval } or undefined; `retry`: node-level
 * Retry On Fail settings or undefined.
 */
export const httpCreateNode = (
	credential,
	baseUrl,
	{ batching, retry, name = 'HTTP Request: create QR codes' } = {},
) =>
	node(
		name,
		'n8n-nodes-base.httpRequest',
		4.2,
		{
			method: 'POST',
			url: `${baseUrl}/api/qr/add`,
			authentication: 'predefinedCredentialType',
			nodeCredentialType: CREDENTIAL_TYPE,
			sendBody: true,
			specifyBody: 'json',
			jsonBody: '={ "type": "link", "data": "{{ $json.url }}", "name": "{{ $json.name }}" }',
			options: batching ? { batching: { batch: batching } } : {},
		},
		[440, 0],
		{
			credentials: credentialsOf(credential),
			...(retry
				? { retryOnFail: true, maxTries: retry.maxTries, waitBetweenTries: retry.waitBetweenTries }
				: {}),
		},
	);

/** Each node feeding the next. */
function connected(nodes) {
	const connections = {};
	for (let i = 0; i < nodes.length - 1; i++) {
		connections[nodes[i].name] = { main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] };
	}
	return connections;
}

function chain(id, name, nodes) {
	return {
		id,
		name,
		nodes,
		connections: connected(nodes),
		settings: { executionOrder: 'v1' },
		pinData: {},
		active: false,
	};
}

/** Start → N rows → one create node. */
export function bulkWorkflow(id, title, count, createNode) {
	return chain(id, title, [trigger(), rows(count), createNode]);
}

/** A Webhook (POST `path`, answered at once) → N rows → one create node, for a running n8n. */
export function webhookBulkWorkflow(title, path, count, createNode) {
	const webhook = node(
		'Webhook',
		'n8n-nodes-base.webhook',
		2,
		{ httpMethod: 'POST', path, responseMode: 'onReceived', options: {} },
		[0, 0],
		{ webhookId: nodeId() },
	);
	const nodes = [webhook, rows(count), createNode];
	return { name: title, nodes, connections: connected(nodes), settings: { executionOrder: 'v1' } };
}

/** Start → Link Management QR Code › Get Many, Return All; the node's default page size unless given. */
export function returnAllWorkflow(id, title, credential, pageSize) {
	return chain(id, title, [
		trigger(),
		node(
			'Link Management: all QR codes',
			PACKAGE_NODE_TYPE,
			1,
			{
				resource: 'qrCode',
				operation: 'getAll',
				returnAll: true,
				options: pageSize === undefined ? {} : { pageSize },
			},
			[220, 0],
			{ credentials: credentialsOf(credential) },
		),
	]);
}

/**
 * Start → K rows → `repeats` Link Management Account › Get nodes and `repeats` HTTP Request nodes
 * (GET /api/account), all fed by the rows and run one after another (interleaved: LM 1, HTTP 1,
 * LM 2, ...). Each node sends K requests at once (n8n sends a node's items concurrently).
 */
export function overheadWorkflow(id, title, credential, baseUrl, count, repeats) {
	const start = trigger();
	const source = rows(count);
	const measured = [];
	for (let i = 1; i <= repeats; i++) {
		const y = (i - 1) * 400;
		measured.push(
			node(
				`LM account get ${i}`,
				PACKAGE_NODE_TYPE,
				1,
				{ resource: 'account', operation: 'get' },
				[440, y],
				{
					credentials: credentialsOf(credential),
				},
			),
			node(
				`HTTP account get ${i}`,
				'n8n-nodes-base.httpRequest',
				4.2,
				{
					method: 'GET',
					url: `${baseUrl}/api/account`,
					authentication: 'predefinedCredentialType',
					nodeCredentialType: CREDENTIAL_TYPE,
					options: {},
				},
				[440, y + 200],
				{ credentials: credentialsOf(credential) },
			),
		);
	}
	return {
		id,
		name: title,
		nodes: [start, source, ...measured],
		connections: {
			[start.name]: { main: [[{ node: source.name, type: 'main', index: 0 }]] },
			[source.name]: { main: [measured.map((n) => ({ node: n.name, type: 'main', index: 0 }))] },
		},
		settings: { executionOrder: 'v1' },
		pinData: {},
		active: false,
	};
}

/**
 * The rows of a sheet, as a Code node gives them: `count` rows naming `names` records (row i names
 * record i mod names + 1), the first `changed` rows with a changed value.
 */
const sheetRows = ({ count, names, changed }) =>
	node(
		'Sheet',
		'n8n-nodes-base.code',
		2,
		{
			jsCode: `return Array.from({ length: ${count} }, (_, i) => {\n  const k = (i % ${names}) + 1;\n  const v = i < ${changed} ? '-v2' : '';\n  return { json: { name: \`Record \${k}\`, tag: \`T-\${k}\${v}\`, url: \`https://example.com/r/\${k}\${v}\` } };\n});`,
		},
		[220, 0],
	);

/**
 * The sheets of successive runs of one workflow, as a Code node gives them: the run's number is
 * kept in the workflow's static data (which `n8n execute` saves), and the run gives that sheet
 * (the last again after them), so that what Create or Update remembers carries from run to run.
 */
const sheetsByRun = (sheets) =>
	node(
		'Sheet',
		'n8n-nodes-base.code',
		2,
		{
			jsCode: `const sheets = ${JSON.stringify(sheets)};\nconst kept = $getWorkflowStaticData('global');\nconst run = kept.run ?? 0;\nkept.run = run + 1;\nconst { count, names, changed } = sheets[Math.min(run, sheets.length - 1)];\nreturn Array.from({ length: count }, (_, i) => {\n  const k = (i % names) + 1;\n  const v = i < changed ? '-v2' : '';\n  return { json: { name: \`Record \${k}\`, tag: \`T-\${k}\${v}\`, url: \`https://example.com/r/\${k}\${v}\` } };\n});`,
		},
		[220, 0],
	);

/** Link Management › Create or Update of pixels (by name) or QR codes (by name), one per row. */
const UPSERT_PARAMETERS = {
	pixel: {
		resource: 'pixel',
		operation: 'upsert',
		matchOn: 'name',
		type: 'forum',
		name: '={{ $json.name }}',
		tag: '={{ $json.tag }}',
	},
	qrCode: {
		resource: 'qrCode',
		operation: 'upsert',
		name: '={{ $json.name }}',
		type: 'link',
		data: '={{ $json.url }}',
	},
};

/**
 * Start → a sheet → Create or Update of `resource` (pixel or qrCode). `sheet` is one sheet, or
 * the list of the sheets of successive runs of the one workflow.
 */
export function upsertWorkflow(id, title, credential, resource, sheet) {
	return chain(id, title, [
		trigger(),
		Array.isArray(sheet) ? sheetsByRun(sheet) : sheetRows(sheet),
		node('Create or Update', PACKAGE_NODE_TYPE, 1, UPSERT_PARAMETERS[resource], [440, 0], {
			credentials: credentialsOf(credential),
		}),
	]);
}
