// What the suite runs in each n8n, and which of it E2E_ONLY selects.
//
//   CASES          run with `n8n execute`: the example workflows users import (examples/) and the
//                  e2e-only workflows (test/e2e/workflows/), each with assertions on the nodes'
//                  output and on the sandbox's state (cases/workflow-cases.mjs)
//   SERVER_CASES   need the running server (`n8n start`, logged in as the owner): the AI agent
//                  example and the trigger (cases/ai-agent.mjs, cases/trigger.mjs)
//   OPERATIONS     the node's 28 operations, which the CASES' workflows must use all of
//
// The sandbox is reset (reseeded, stats and rate-limit windows cleared) before every case. Cases
// with `profile: 'family'` (the bulk and Return All ones) run against a sandbox that answers as
// real installations do (test/sandbox/README.md), the others against the reference's answers.
import { aiAgentCase } from './cases/ai-agent.mjs';
import { triggerCase } from './cases/trigger.mjs';
import { WORKFLOW_CASES } from './cases/workflow-cases.mjs';
import { loadWorkflow, operationsOf } from './lib/workflows.mjs';

export { SEED } from './cases/sandbox-state.mjs';
export { triggerCase } from './cases/trigger.mjs';

/**
 * check(ctx) gets { out(node), itemPairing(node), ranNodes, sandbox, code, stdout, stderr, ms }:
 * the nodes' output items, the case's sandbox and how `n8n execute` ended.
 */
export const CASES = WORKFLOW_CASES;

/**
 * check(ctx) gets { n8n, sandbox, apiKey, credential, workflow } (the workflow as imported). The
 * sandbox is reset before each.
 */
export const SERVER_CASES = [aiAgentCase, triggerCase];

/** The 28 operations of the node (node-interface.md), to check that the cases cover them all. */
export const OPERATIONS = {
	account: ['get', 'update'],
	campaign: ['getAll', 'create', 'assignLink', 'update', 'delete'],
	splashPage: ['getAll'],
	qrCode: ['getAll', 'get', 'create', 'update', 'delete'],
	channel: ['getAll', 'getItems', 'create', 'assignItem', 'update', 'delete'],
	pixel: ['getAll', 'create', 'update', 'delete'],
	overlay: ['getAll'],
	domain: ['getAll', 'create', 'update', 'delete'],
};

/** The cases whose name or file contains `only` (E2E_ONLY), or all of them. */
export function selected(cases, only) {
	return only ? cases.filter((c) => c.name.includes(only) || c.file.includes(only)) : cases;
}

/** Which of the 28 operations the cases' workflow files use; fails if one is missing. */
export function checkCoverage(cases) {
	const seen = new Set();
	for (const c of cases)
		for (const { resource, operation } of operationsOf(loadWorkflow(c.file)))
			seen.add(`${resource}.${operation}`);
	const all = Object.entries(OPERATIONS).flatMap(([resource, ops]) =>
		ops.map((op) => `${resource}.${op}`),
	);
	const missing = all.filter((op) => !seen.has(op));
	if (all.length !== 28)
		throw new Error(`expected 28 operations in OPERATIONS, found ${all.length}`);
	if (missing.length) throw new Error(`operations no workflow runs: ${missing.join(', ')}`);
	return { note: `${all.length} operations in ${cases.length} workflows` };
}
