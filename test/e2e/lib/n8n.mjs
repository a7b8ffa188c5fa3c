// Drives a real n8n from the e2e cache: CLI imports and executions, and `n8n start` with its REST API.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { stopChild, track } from './cleanup.mjs';
import { targetEnv, targetPaths } from './install.mjs';
import { exec, fmtSec, freePort, sleep, waitFor } from './util.mjs';

export const OWNER = {
	email: 'owner@example.com',
	password: 'E2e-Passw0rd!',
	firstName: 'E2E',
	lastName: 'Owner',
};

/**
 * The environment n8n runs with: its own user folder, a fixed encryption key (so imported
 * credentials stay readable), only 127.0.0.1, and nothing that calls n8n's servers.
 */
/**
 * n8n 2.x's expression engine builds an isolate only when an expression is evaluated (n8n calls
 * the setting experimental; 1.x has no isolates): a webhook call that evaluates nothing costs none.
 * What docs/webhook-trigger.md advises for the webhook trigger; `npm run dev` runs with it.
 */
export const LAZY_ISOLATES = { N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'true' };

export function n8nEnv(target, userFolder, extra = {}) {
	const env = targetEnv(target, {
		N8N_USER_FOLDER: userFolder,
		N8N_ENCRYPTION_KEY: 'e2e-fixed-encryption-key-link-management',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_SECURE_COOKIE: 'false',
		N8N_HOST: '127.0.0.1',
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_LOG_LEVEL: 'info',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_PUBLIC_API_DISABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		// Nothing that calls n8n's servers (offline each would log ENOTFOUND api.n8n.io with a stack
		// trace): the list of verified community nodes, banners, "what's new", and in 2.x the MCP
		// server registry (a module 1.x does not know, hence only there).
		N8N_VERIFIED_PACKAGES_ENABLED: 'false',
		N8N_DYNAMIC_BANNERS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_WHATS_NEW_ENABLED: 'false',
		// 2.x's instance MCP server (the builder's node search) would also fetch n8n's catalog of
		// verified community nodes.
		...(target.major >= 2
			? { N8N_DISABLED_MODULES: 'mcp-registry', N8N_MCP_COMMUNITY_NODE_DISCOVERY_ENABLED: 'false' }
			: {}),
		DB_SQLITE_POOL_SIZE: '2',
		...extra,
	});
	// the suite's own variables must not reach n8n
	delete env.N8N_E2E_CACHE;
	return env;
}

export class N8n {
	/**
	 * @param target one of TARGETS (install.mjs)
	 * @param userFolder N8N_USER_FOLDER; n8n keeps its database in <userFolder>/.n8n
	 */
	constructor(target, userFolder, extraEnv = {}) {
		this.target = target;
		this.userFolder = userFolder;
		this.extraEnv = extraEnv;
		this.paths = targetPaths(target);
	}

	async env(extra = {}) {
		if (!this.brokerPort) this.brokerPort = await freePort();
		return n8nEnv(this.target, this.userFolder, {
			N8N_RUNNERS_BROKER_PORT: String(this.brokerPort),
			...this.extraEnv,
			...extra,
		});
	}

	/** Runs `n8n <args>` to its end; `onSpawn(child)` sees the process as it starts. */
	async cli(args, { timeoutMs = 180_000, env, onSpawn } = {}) {
		return await exec(this.paths.nodeExe, [this.paths.n8nBin, ...args], {
			cwd: this.userFolder,
			env: { ...(await this.env()), ...env },
			timeoutMs,
			onSpawn,
		});
	}

	async cliOk(args, opts) {
		const result = await this.cli(args, opts);
		if (result.code !== 0) {
			throw new Error(
				`n8n ${args.join(' ')} exited with ${result.code}\n${tail(result.stdout + result.stderr)}`,
			);
		}
		return result;
	}

	async importCredentials(credentials) {
		const file = path.join(this.userFolder, 'import-credentials.json');
		fs.writeFileSync(file, JSON.stringify(credentials, null, 2));
		return await this.cliOk(['import:credentials', `--input=${file}`]);
	}

	async importWorkflow(workflow) {
		const file = path.join(this.userFolder, `import-workflow-${workflow.id}.json`);
		fs.writeFileSync(file, JSON.stringify(workflow, null, 2));
		return await this.cliOk(['import:workflow', `--input=${file}`]);
	}

	/**
	 * `n8n execute --id=<id> --rawOutput`: returns { code, ms, run, stdout, stderr }, `run` being the
	 * parsed run data (null when none was printed).
	 */
	async execute(id, { timeoutMs = 240_000, onSpawn } = {}) {
		const result = await this.cli(['execute', `--id=${id}`, '--rawOutput'], { timeoutMs, onSpawn });
		return { ...result, run: parseRawOutput(result.stdout) };
	}

	/** Starts `n8n start`; resolves when /healthz/readiness answers 200. */
	async start({ timeoutMs = 120_000, port, onOutput } = {}) {
		port ??= Number(this.extraEnv.N8N_PORT) || (await freePort());
		const env = await this.env({ N8N_PORT: String(port) });
		this.baseUrl = `http://127.0.0.1:${port}`;
		this.serverLog = '';
		const started = Date.now();
		this.server = track(
			spawn(this.paths.nodeExe, [this.paths.n8nBin, 'start'], {
				cwd: this.userFolder,
				env,
				detached: true,
				stdio: ['ignore', 'pipe', 'pipe'],
			}),
		);
		const keep = (chunk) => {
			onOutput?.(chunk);
			this.serverLog += chunk;
			if (this.serverLog.length > 400_000) this.serverLog = this.serverLog.slice(-200_000);
		};
		this.server.stdout.on('data', keep);
		this.server.stderr.on('data', keep);
		const exited = new Promise((resolve) => this.server.once('exit', (code) => resolve(code)));
		await Promise.race([
			waitFor(
				async () => {
					const res = await fetch(`${this.baseUrl}/healthz/readiness`);
					if (res.status !== 200) return false;
					// readiness can answer before the REST routes are mounted
					const settings = await fetch(`${this.baseUrl}/rest/settings`);
					return settings.status === 200;
				},
				{ timeoutMs, intervalMs: 300, what: `n8n ${this.target.n8nVersion} readiness` },
			),
			exited.then((code) => {
				throw new Error(`n8n start exited with ${code}\n${tail(this.serverLog)}`);
			}),
		]);
		this.startMs = Date.now() - started;
		return this.baseUrl;
	}

	async stop() {
		if (this.server) await stopChild(this.server, 15_000);
		this.server = undefined;
	}

	/** REST call with the session cookie; returns { status, body, headers }. */
	async rest(method, urlPath, body, { cookie = this.cookie, headers = {} } = {}) {
		const res = await fetch(`${this.baseUrl}${urlPath}`, {
			method,
			headers: {
				...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
				...(cookie ? { Cookie: cookie } : {}),
				'browser-id': 'e2e-browser',
				...headers,
			},
			body: body !== undefined ? JSON.stringify(body) : undefined,
		});
		const text = await res.text();
		let parsed;
		try {
			parsed = JSON.parse(text);
		} catch {
			parsed = text;
		}
		const setCookie = res.headers.getSetCookie?.() ?? [];
		const auth = setCookie.map((c) => c.split(';')[0]).find((c) => c.startsWith('n8n-auth='));
		if (auth) this.cookie = auth;
		return { status: res.status, body: parsed, headers: res.headers };
	}

	/**
	 * Creates an inactive workflow `name` of `nodes` through the REST API, as the editor saves one:
	 * { id, versionId }.
	 */
	async createWorkflow(name, nodes, connections = {}, settings = { executionOrder: 'v1' }) {
		const res = await this.rest('POST', '/rest/workflows', {
			name,
			nodes,
			connections,
			settings,
			active: false,
		});
		if (res.status !== 200)
			throw new Error(`creating ${name}: ${res.status} ${JSON.stringify(res.body).slice(0, 600)}`);
		const { id, versionId } = res.body.data ?? res.body;
		return { id, versionId };
	}

	/** Creates the owner (first run) and logs in; leaves the session cookie in this.cookie. */
	async setupOwnerAndLogin(owner = OWNER) {
		const setup = await this.rest('POST', '/rest/owner/setup', owner, { cookie: '' });
		if (setup.status !== 200 && !/already/i.test(JSON.stringify(setup.body))) {
			throw new Error(
				`owner setup answered ${setup.status}: ${JSON.stringify(setup.body).slice(0, 500)}`,
			);
		}
		await this.login(owner);
	}

	async login(owner = OWNER) {
		const res = await this.rest(
			'POST',
			'/rest/login',
			{ emailOrLdapLoginId: owner.email, email: owner.email, password: owner.password },
			{ cookie: '' },
		);
		if (res.status !== 200 || !this.cookie) {
			throw new Error(`login answered ${res.status}: ${JSON.stringify(res.body).slice(0, 500)}`);
		}
		return res;
	}

	/** A credential made as the editor makes one (POST /rest/credentials): its { id, name }. */
	async createCredential(name, type, data) {
		const res = await this.rest('POST', '/rest/credentials', { name, type, data });
		if (res.status !== 200)
			throw new Error(`creating ${name}: ${res.status} ${JSON.stringify(res.body).slice(0, 600)}`);
		return { id: (res.body.data ?? res.body).id, name };
	}

	/**
	 * The saved workflow changed as the editor saves a change (PATCH /rest/workflows/:id):
	 * `change(workflow)` gives its new { nodes, connections }. Resolves its { id, versionId }; n8n
	 * 2.x keeps the published version running until that versionId is published (activate()).
	 */
	async updateWorkflow(id, change) {
		const saved = await this.rest('GET', `/rest/workflows/${id}`);
		if (saved.status !== 200) throw new Error(`GET /rest/workflows/${id} answered ${saved.status}`);
		const workflow = saved.body.data ?? saved.body;
		const res = await this.rest('PATCH', `/rest/workflows/${id}`, {
			name: workflow.name,
			nodes: workflow.nodes,
			connections: workflow.connections,
			settings: workflow.settings,
			versionId: workflow.versionId,
			...change(workflow),
		});
		if (res.status !== 200)
			throw new Error(`saving ${id}: ${res.status} ${JSON.stringify(res.body).slice(0, 600)}`);
		return { id, versionId: (res.body.data ?? res.body).versionId };
	}

	/** Publishes (activates) this version of the workflow, as the editor's *Publish* does. */
	async activate({ id, versionId }) {
		const res = await this.rest('POST', `/rest/workflows/${id}/activate`, { versionId });
		if (res.status !== 200)
			throw new Error(`activating ${id}: ${res.status} ${JSON.stringify(res.body).slice(0, 600)}`);
	}

	/** A module from this n8n's own installation (e.g. `n8n-workflow`, `flatted`), as n8n itself loads it. */
	requireFromN8n(name) {
		return createRequire(path.join(this.paths.n8nDir, 'node_modules', 'n8n', 'package.json'))(name);
	}

	/** The node type descriptions the editor loads (GET /types/nodes.json), generated Tool variants included. */
	async nodeTypes() {
		const res = await this.rest('GET', '/types/nodes.json');
		if (res.status !== 200 || !Array.isArray(res.body))
			throw new Error(`/types/nodes.json answered ${res.status}`);
		return res.body;
	}

	/**
	 * Runs one tool node of a saved workflow the way the editor's "Execute step" on a tool node does
	 * (POST /rest/workflows/:id/run with an `agentRequest`): n8n puts its tool executor in place of the
	 * agent and calls the tool with `query` as the values of its $fromAI() parameters, no model
	 * involved. `trigger` is the workflow's trigger, started with `triggerItem` as its output.
	 * Resolves { executionId, status, error, output, runData, raw }: `output` is what the tool gave
	 * back (the items' json), `raw` the execution as n8n answered it (text).
	 */
	async runTool(workflowId, { tool, query, trigger, triggerItem = {}, timeoutMs = 60_000 }) {
		const toolName = tool.replace(/[^a-zA-Z0-9_-]+/g, '_'); // the name n8n gives a node's tool
		const execution = await this.runFromTrigger(workflowId, {
			trigger,
			triggerItem,
			timeoutMs,
			destinationNode: { nodeName: tool, mode: 'inclusive' },
			// n8n 2.x's tool executor reads each tool's values under the tool's name, 1.x's the values alone
			agentRequest: {
				query: this.target.major >= 2 ? { [toolName]: query } : query,
				tool: { name: toolName },
			},
		});
		const task = execution.runData[tool]?.[0];
		const items = task?.data?.ai_tool?.[0] ?? [];
		const output = items.flatMap((item) =>
			Array.isArray(item.json?.response) ? item.json.response : [item.json],
		);
		return { ...execution, error: execution.error ?? task?.error?.message, output };
	}

	/**
	 * Runs a saved workflow from its trigger `trigger`, started with `triggerItem` (or the items
	 * `triggerItems`) as its output, as
	 * the editor does for *Execute workflow* and for a message typed into its chat (POST
	 * /rest/workflows/:id/run with `triggerToStartFrom`), and waits for the execution's end. `more`
	 * goes into the request as it is (runTool's destination and agent request). Resolves
	 * { executionId, status, error, runData, raw }: `raw` is the execution as n8n answered it (text).
	 */
	async runFromTrigger(
		workflowId,
		{ trigger, triggerItem = {}, triggerItems = [triggerItem], timeoutMs = 60_000, ...more },
	) {
		const saved = await this.rest('GET', `/rest/workflows/${workflowId}`);
		if (saved.status !== 200)
			throw new Error(`GET /rest/workflows/${workflowId} answered ${saved.status}`);
		const workflowData = saved.body.data ?? saved.body;
		const res = await this.rest('POST', `/rest/workflows/${workflowId}/run`, {
			workflowData, // n8n 1.x runs what it is sent; 2.x runs the saved workflow
			triggerToStartFrom: {
				name: trigger,
				data: {
					startTime: Date.now(),
					executionTime: 0,
					executionIndex: 0,
					executionStatus: 'success',
					source: [],
					data: { main: [triggerItems.map((json) => ({ json }))] },
				},
			},
			...more,
		});
		const executionId = (res.body?.data ?? res.body)?.executionId;
		if (res.status !== 200 || !executionId)
			throw new Error(
				`running ${workflowId} from "${trigger}" answered ${res.status}: ${JSON.stringify(res.body).slice(0, 500)}`,
			);
		const { parse } = this.requireFromN8n('flatted');
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const got = await this.rest('GET', `/rest/executions/${executionId}`);
			const execution = got.body?.data ?? got.body;
			if (
				got.status === 200 &&
				execution &&
				(execution.finished ||
					['success', 'error', 'crashed', 'canceled'].includes(execution.status))
			) {
				const data = typeof execution.data === 'string' ? parse(execution.data) : execution.data;
				return {
					executionId,
					status: execution.status,
					error: data?.resultData?.error?.message,
					runData: data?.resultData?.runData ?? {},
					raw: JSON.stringify(got.body),
				};
			}
			if (Date.now() > deadline)
				throw new Error(
					`execution ${executionId} of ${workflowId} did not finish within ${timeoutMs} ms`,
				);
			await sleep(200);
		}
	}
}

/** The JSON n8n prints with --rawOutput, after its start-up lines: from the first line that is `{`. */
export function parseRawOutput(stdout) {
	const lines = stdout.split('\n');
	const start = lines.findIndex((line) => line.trim() === '{');
	if (start < 0) return null;
	// the JSON ends at the last line that is `}`
	let end = lines.length - 1;
	while (end > start && lines[end].trim() !== '}') end--;
	try {
		return JSON.parse(lines.slice(start, end + 1).join('\n'));
	} catch {
		return null;
	}
}

export function tail(text, n = 4000) {
	return text.length > n ? `…${text.slice(-n)}` : text;
}

export { fmtSec, sleep };
