#!/usr/bin/env node
// npm run dev: the node in a real n8n 2.x against the sandbox, ready to click through.
//
//   builds the package (npm run build), starts the sandbox on 127.0.0.1:4010, starts n8n 2.41.1
//   from the e2e cache (installing it on first use) with N8N_CUSTOM_EXTENSIONS=dist and
//   N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true (the webhook trigger's answers at their quickest),
//   an owner login and the credential "Link Management sandbox", and the examples imported once; the
//   webhook trigger example is published and the sandbox's notification URLs (new links, clicks)
//   point at it, so that visiting a short URL shows an execution.
//   Ctrl-C stops everything, and so do SIGTERM or SIGHUP to npm or to this script, and npm or the
//   parent going away (test/sandbox/lifetime.ts); a second Ctrl-C kills at once. n8n (and its
//   task runner) and the install's npm run in process groups of their own, stopped as a whole.
//   After changing the node: Ctrl-C, npm run dev again.
//   The MCP server example is published too, with the Bearer token "dev-mcp-token", for an MCP
//   client (docs/ai-agents.md).
//
// Options (environment):
//   N8N_PORT=5678            editor port
//   DEV_FRESH=1              start from an empty n8n user folder (drops saved workflows)
//   DEV_USER_FOLDER=<dir>    n8n's user folder (default <cache>/dev/n8n-<version>)
//   N8N_E2E_CACHE=<dir>      where n8n is installed / the dev user folder lives
//   sandbox flags after --  npm run dev -- --rate-limit off --seed 20   (see test/sandbox/README.md;
//                           SANDBOX_* variables work too; the port defaults to 4010, the profile
//                           to family: -- --profile reference for the reference's answers)
import fs from 'node:fs';
import path from 'node:path';

import { stopAtCleanup, stopOnExitPaths } from './lib/cleanup.mjs';
import { CACHE_ROOT, ensureN8n, targetEnv, TARGETS } from './lib/install.mjs';
import { LAZY_ISOLATES, N8n, OWNER, tail } from './lib/n8n.mjs';
import { REPO, sandboxModule, startSandbox } from './lib/sandbox.mjs';
import { withServicesOff } from './lib/templates.mjs';
import { exec, fmtSec } from './lib/util.mjs';
import { activateWebhookTrigger } from './lib/webhooks.mjs';
import {
	BEARER_CREDENTIAL_TYPE,
	CREDENTIAL_TYPE,
	CUSTOM_NODE_TYPE,
	exampleFiles,
	loadWorkflow,
	prepareWorkflow,
} from './lib/workflows.mjs';

const target = TARGETS[2];
const CREDENTIAL = { id: 'lmDevSandboxCred', name: 'Link Management sandbox' };
/** The MCP server example's Bearer token (n8n listens on loopback only). */
const MCP_TOKEN = { id: 'lmDevMcpToken', name: 'MCP server token', token: 'dev-mcp-token' };
const WEBHOOK_EXAMPLE = path.join('examples', 'link-notifications-message.json');
const MCP_EXAMPLE = path.join('examples', 'mcp-server.json');
const EXAMPLES = exampleFiles();

const say = (...args) => console.log('[dev]', ...args);
// Ctrl-C, SIGTERM/SIGHUP to npm or to this script, or the parent (or npm) gone: n8n, then the
// sandbox, then anything else still running; exit code 0 (a second signal kills at once, 130).
// In place before anything is printed; stopping() already when the parent was gone before this.
const { stopAndExit, stopping } = stopOnExitPaths({
	log: say,
	stopping: 'stopping n8n and the sandbox ...',
	signalExitCode: 0,
	watchParent: true,
});

async function main() {
	let t0 = Date.now();
	await ensureN8n(target);
	say(`n8n ${target.n8nVersion} ready in the cache (${fmtSec(Date.now() - t0)})`);

	t0 = Date.now();
	const build = await exec('npm', ['run', 'build'], {
		cwd: REPO,
		env: targetEnv({ env: {}, nodeSpec: null }),
	});
	if (build.code !== 0)
		throw new Error(`npm run build failed\n${tail(build.stdout + build.stderr)}`);
	say(`built dist/ (${fmtSec(Date.now() - t0)})`);

	// The sandbox: its own flags and SANDBOX_* variables, port 4010 unless told otherwise; the
	// `family` profile (as real installations answer) unless --profile or SANDBOX_PROFILE says.
	const options = {
		profile: 'family',
		...sandboxModule().parseSandboxArgs(process.argv.slice(2), process.env),
	};
	let sandbox;
	try {
		sandbox = stopAtCleanup(await startSandbox(options));
	} catch (error) {
		throw new Error(
			`could not start the sandbox on port ${options.port} (${error.message}); pass another with -- --port N`,
		);
	}
	say(`sandbox at ${sandbox.url}, API key ${sandbox.apiKey}`);

	const userFolder = path.resolve(
		process.env.DEV_USER_FOLDER || path.join(CACHE_ROOT, 'dev', `n8n-${target.n8nVersion}`),
	);
	if (process.env.DEV_FRESH === '1') fs.rmSync(userFolder, { recursive: true, force: true });
	fs.mkdirSync(userFolder, { recursive: true });
	const n8n = new N8n(target, userFolder, {
		...LAZY_ISOLATES,
		N8N_CUSTOM_EXTENSIONS: path.join(REPO, 'dist'),
		N8N_PORT: process.env.N8N_PORT || '5678',
	});
	stopAtCleanup(n8n);

	// The credential is (re)written on every start, so it follows the sandbox's address and key.
	t0 = Date.now();
	const bearer = { id: MCP_TOKEN.id, name: MCP_TOKEN.name };
	await n8n.importCredentials([
		{
			...CREDENTIAL,
			type: CREDENTIAL_TYPE,
			data: { baseUrl: sandbox.url, apiKey: sandbox.apiKey },
		},
		{ ...bearer, type: BEARER_CREDENTIAL_TYPE, data: { token: MCP_TOKEN.token } },
	]);
	const toImport = examplesToImport(userFolder);
	if (toImport.length > 0) {
		const dir = path.join(userFolder, 'examples');
		fs.rmSync(dir, { recursive: true, force: true });
		fs.mkdirSync(dir, { recursive: true });
		for (const file of toImport) {
			// Their Slack, Google Sheets … nodes switched off: the sandbox has no such services.
			const wf = withServicesOff(
				prepareWorkflow(loadWorkflow(file), {
					credential: CREDENTIAL,
					nodeType: CUSTOM_NODE_TYPE,
					bearer,
				}),
			);
			fs.writeFileSync(path.join(dir, path.basename(file)), JSON.stringify(wf, null, 2));
		}
		await n8n.cliOk(['import:workflow', '--separate', `--input=${dir}`]);
		examplesImported(userFolder, toImport);
		say(
			`imported ${toImport.length} example workflows (their nodes for Slack, Google Sheets and other services switched off: choose your credential and switch one on to use it)`,
		);
	}
	say(`credential "${CREDENTIAL.name}" ready (${fmtSec(Date.now() - t0)})`);

	t0 = Date.now();
	const port = Number(process.env.N8N_PORT || 5678);
	await n8n.start({ port, onOutput: (chunk) => process.stdout.write(prefixLines(chunk)) });
	await n8n.setupOwnerAndLogin();
	say(`n8n started (${fmtSec(Date.now() - t0)})`);
	const notifications = await wireNotifications(n8n, sandbox, options);
	const mcpServer = await publishMcpServer(n8n);

	console.log(`
  n8n editor     ${n8n.baseUrl}
  login          ${OWNER.email}
  password       ${OWNER.password}
  credential     "${CREDENTIAL.name}" (Link Management API) → ${sandbox.url}
  node           search "Link Management" in the node panel (type ${CUSTOM_NODE_TYPE})
  examples       ${EXAMPLES.map((f) => path.basename(f, '.json')).join(', ')}
  notifications  ${notifications}
  MCP server     ${mcpServer}
  user folder    ${userFolder}   (DEV_FRESH=1 starts empty)

  Ctrl-C stops n8n and the sandbox (so does closing the terminal, or kill <pid of npm>).
`);
	await new Promise(() => {}); // until Ctrl-C
}

/**
 * The examples imported into this user folder: its marker lists them (one file a line). A marker
 * of the former kind (a date: every example of the time imported at once) counts as all of them
 * but those added since (the webhook trigger's).
 */
function importedExamples(userFolder) {
	const marker = path.join(userFolder, '.examples-imported');
	if (!fs.existsSync(marker)) return new Set();
	const lines = fs.readFileSync(marker, 'utf8').split('\n').filter(Boolean);
	return lines.some((line) => line.endsWith('.json'))
		? new Set(lines)
		: new Set(EXAMPLES.filter((file) => file !== WEBHOOK_EXAMPLE));
}

function examplesToImport(userFolder) {
	const imported = importedExamples(userFolder);
	return EXAMPLES.filter((file) => !imported.has(file));
}

function examplesImported(userFolder, files) {
	const all = [...importedExamples(userFolder), ...files];
	fs.writeFileSync(path.join(userFolder, '.examples-imported'), all.map((f) => `${f}\n`).join(''));
}

/**
 * The sandbox's notification URLs (new links, clicks) to the webhook trigger example, published,
 * unless the sandbox's own flags set them. Says where they go.
 */
async function wireNotifications(n8n, sandbox, options) {
	if (options.notificationUrls?.created || options.notificationUrls?.clicked) {
		const { created, clicked } = sandbox.notifications.urls;
		return `new links → ${created ?? 'nowhere'}, clicks → ${clicked ?? 'nowhere'} (sandbox flags)`;
	}
	const { id, name } = loadWorkflow(WEBHOOK_EXAMPLE);
	try {
		const { url } = await activateWebhookTrigger(n8n, id, `${CUSTOM_NODE_TYPE}WebhookTrigger`);
		sandbox.notifications.set({ created: url, clicked: url });
		const link = sandbox.store.links.list()[0];
		return `new links and clicks → "${name}" (published), ${url}
                 open ${link?.shorturl ?? `${sandbox.url}/<alias>`} in a browser, then that workflow's Executions
                 (a second visit of a link from the same browser within 15 minutes is not notified)`;
	} catch (error) {
		return `not set: the example "${name}" could not be published (${error.message})`;
	}
}

/** The MCP server example published: its address and token, for an MCP client (docs/ai-agents.md). */
async function publishMcpServer(n8n) {
	const { id, name, nodes } = loadWorkflow(MCP_EXAMPLE);
	const { path: mcpPath } = nodes.find((node) => node.parameters.path !== undefined).parameters;
	try {
		const saved = await n8n.rest('GET', `/rest/workflows/${id}`);
		const { versionId, active } = saved.body.data ?? saved.body;
		if (!active) await n8n.activate({ id, versionId });
		return `${n8n.baseUrl}/mcp/${mcpPath}  (header Authorization: Bearer ${MCP_TOKEN.token})`;
	} catch (error) {
		return `not published: "${name}" (${error.message})`;
	}
}

let partial = '';
function prefixLines(chunk) {
	const text = partial + chunk.toString();
	const lines = text.split('\n');
	partial = lines.pop();
	return lines.map((line) => `[n8n] ${line}\n`).join('');
}

if (!stopping())
	main().catch(async (error) => {
		console.error(`[dev] ${error.stack || error}`);
		await stopAndExit(1);
	});
