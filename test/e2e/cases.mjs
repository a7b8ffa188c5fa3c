// What the suite runs in each n8n, and which of it E2E_ONLY selects.
//
//   CASES          run with `n8n execute`: the example workflows users import (examples/) and the
//                  e2e-only workflows (test/e2e/workflows/), each with assertions on the nodes'
//                  output and on the sandbox's state (cases/examples.mjs, cases/resources.mjs,
//                  cases/links.mjs, cases/users.mjs, cases/behaviour.mjs)
//   SERVER_CASES   need the running server (`n8n start`, logged in as the owner): the templates
//                  chained with n8n's nodes for other services, run with pinned data on those
//                  (cases/templates.mjs), the AI agent
//                  example (its tools, and its whole loop with a scripted model), the MCP server
//                  example with an MCP client, n8n's builder node search, the trigger, the
//                  webhook trigger and its IP(s) Allowlist, the analytics examples, the proxy
//                  and certificate options (cases/ai-agent.mjs, cases/agent-loop.mjs,
//                  cases/mcp-server.mjs, cases/builder-search.mjs, cases/trigger.mjs,
//                  cases/webhook-trigger.mjs, cases/webhook-allowlist.mjs, cases/analytics.mjs,
//                  cases/edges.mjs)
//   OPERATIONS     the node's 50 operations, which the CASES' workflows must use all of
//
// The sandbox is reset (reseeded, stats and rate-limit windows cleared) before every case. Cases
// with `profile: 'family'` (the bulk and Return All ones) run against a sandbox that answers as
// real installations do (test/sandbox/README.md), the others against the reference's answers.

import { agentLoopCase } from './cases/agent-loop.mjs';
import { aiAgentCase } from './cases/ai-agent.mjs';
import { analyticsCase } from './cases/analytics.mjs';
import { BEHAVIOUR_CASES } from './cases/behaviour.mjs';
import { builderSearchCase } from './cases/builder-search.mjs';
import { EXAMPLE_CASES } from './cases/examples.mjs';
import { LINK_CASES } from './cases/links.mjs';
import { mcpServerCase } from './cases/mcp-server.mjs';
import { RESOURCE_CASES } from './cases/resources.mjs';
import { STATISTICS_CASES } from './cases/statistics.mjs';
import { TEMPLATE_CASES } from './cases/templates.mjs';
import { triggerCase } from './cases/trigger.mjs';
import { USER_CASES } from './cases/users.mjs';
import { webhookAllowlistCase } from './cases/webhook-allowlist.mjs';
import { webhookTriggerCase } from './cases/webhook-trigger.mjs';
import { edgesCase } from './cases/edges.mjs';
import { exampleFiles, loadWorkflow, operationsOf } from './lib/workflows.mjs';

export { SEED } from './cases/sandbox-state.mjs';
export { triggerCase } from './cases/trigger.mjs';
export { webhookTriggerCase } from './cases/webhook-trigger.mjs';

/**
 * check(ctx) gets { out(node), binaries(node), itemPairing(node), ranNodes, runs, sandbox, code,
 * stdout, stderr, ms }: the nodes' output items (their json, their binary fields), the case's
 * sandbox and how `n8n execute` ended. A case with `runs: n` is executed n times without a reset
 * between them; `runs` holds each execution's { out, binaries, …, requests } (the sandbox's log
 * of its requests), the rest is the last one's.
 */
export const CASES = [
	...EXAMPLE_CASES,
	...RESOURCE_CASES,
	...LINK_CASES,
	...STATISTICS_CASES,
	...USER_CASES,
	...BEHAVIOUR_CASES,
];

/**
 * check(ctx) gets { n8n, sandbox, family, apiKey, credential, workflow } (the workflow as
 * imported). The sandbox is reset before each.
 */
export const SERVER_CASES = [
	...TEMPLATE_CASES,
	aiAgentCase,
	agentLoopCase,
	mcpServerCase,
	builderSearchCase,
	triggerCase,
	webhookTriggerCase,
	webhookAllowlistCase,
	analyticsCase,
	edgesCase,
];

/** The 50 operations of the node (its public interface), to check that the cases cover them all. */
export const OPERATIONS = {
	account: ['get', 'update'],
	campaign: ['getAll', 'create', 'assignLink', 'update', 'delete', 'upsert'],
	splashPage: ['getAll'],
	qrCode: [
		'getAll',
		'get',
		'getStatistics',
		'create',
		'update',
		'delete',
		'upsert',
		'downloadImage',
	],
	channel: ['getAll', 'getItems', 'create', 'assignItem', 'update', 'delete', 'upsert'],
	pixel: ['getAll', 'create', 'update', 'delete', 'upsert'],
	overlay: ['getAll'],
	domain: ['getAll', 'create', 'update', 'delete', 'upsert'],
	link: ['getAll', 'get', 'getStatistics', 'create', 'update', 'delete', 'upsert', 'downloadImage'],
	user: ['getAll', 'get', 'create', 'delete', 'getLoginLink'],
	plan: ['getAll', 'subscribeUser'],
};
/** How many: 50. */
export const OPERATION_COUNT = Object.values(OPERATIONS).flat().length;

/**
 * The cases whose name or file contains `only` (E2E_ONLY; several texts separated by commas: any
 * of them), or all of them.
 */
export function selected(cases, only) {
	const texts = (only ?? '')
		.split(',')
		.map((text) => text.trim())
		.filter(Boolean);
	if (!texts.length) return cases;
	return cases.filter((c) =>
		texts.some((text) => c.name.includes(text) || (c.file ?? '').includes(text)),
	);
}

/**
 * Every workflow in examples/ is run by one of `cases` (its `file`, one of its `files`, or the
 * `example` a case saves itself); fails naming those none runs.
 */
export function checkExamplesRun(cases) {
	const run = new Set(cases.flatMap((c) => [c.file, ...(c.files ?? []), c.example]));
	const examples = exampleFiles();
	const missing = examples.filter((file) => !run.has(file));
	if (missing.length) throw new Error(`examples no case runs: ${missing.join(', ')}`);
	return { note: `${examples.length} examples` };
}

/** Which of the 50 operations the cases' workflow files use; fails if one is missing. */
export function checkCoverage(cases) {
	const seen = new Set();
	for (const c of cases)
		for (const { resource, operation } of operationsOf(loadWorkflow(c.file)))
			seen.add(`${resource}.${operation}`);
	const all = Object.entries(OPERATIONS).flatMap(([resource, ops]) =>
		ops.map((op) => `${resource}.${op}`),
	);
	const missing = all.filter((op) => !seen.has(op));
	if (all.length !== 50)
		throw new Error(`expected 50 operations in OPERATIONS, found ${all.length}`);
	if (missing.length) throw new Error(`operations no workflow runs: ${missing.join(', ')}`);
	return { note: `${all.length} operations in ${cases.length} workflows` };
}
