// The templates (examples/) name n8n's own nodes for the services users have: Google Sheets,
// Slack, Google Drive, HubSpot, Zendesk, Stripe, email. The suite reaches none of those services.
// It gives their nodes n8n's pinned data (a manual run uses it in place of the node), and reads
// what each writing node would have sent: its parameters as n8n reads them (the node type's own
// description, from the n8n under test) evaluated for each item that reached it.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { inOrder } from './output.mjs';

const require = createRequire(import.meta.url);
const { NodeHelpers, Workflow } = require('n8n-workflow');

const descriptionsByDir = new Map();

/** The node type descriptions n8n-nodes-base ships in the n8n at `n8nDir` (as its editor loads them). */
function descriptionsOf(n8nDir) {
	if (!descriptionsByDir.has(n8nDir)) {
		const file = path.join(n8nDir, 'node_modules', 'n8n-nodes-base', 'dist', 'types', 'nodes.json');
		descriptionsByDir.set(n8nDir, JSON.parse(fs.readFileSync(file, 'utf8')));
	}
	return descriptionsByDir.get(n8nDir);
}

/** Node types as n8n-workflow's Workflow asks for them; the package's own nodes are left out. */
export function nodeTypesOf(n8nDir) {
	const descriptions = descriptionsOf(n8nDir);
	const find = (type, version) => {
		const name = type.replace(/^n8n-nodes-base\./, '');
		const description = descriptions.find(
			(d) =>
				d.name === name &&
				(Array.isArray(d.version) ? d.version.includes(version) : d.version === version),
		);
		return description && { description };
	};
	return {
		getByName: (type) => find(type, undefined),
		getByNameAndVersion: (type, version) => find(type, version),
		getKnownTypes: () => ({}),
	};
}

/** Whether a node is one of n8n's own (n8n-nodes-base), the kind this module reads. */
export const isN8nNode = (node) => node.type.startsWith('n8n-nodes-base.');

/**
 * What is wrong with n8n's own nodes of `workflow` as the n8n at `n8nDir` reads them: a type or
 * version it lacks, a parameter it would drop (a misspelt name, or one not shown for the chosen
 * options), a required one left empty. Empty when the editor would show the template as written.
 */
export function templateProblems(workflow, n8nDir) {
	const types = nodeTypesOf(n8nDir);
	const problems = [];
	for (const node of workflow.nodes.filter(isN8nNode)) {
		if (node.type === 'n8n-nodes-base.stickyNote') continue;
		const description = types.getByNameAndVersion(node.type, node.typeVersion)?.description;
		if (!description) {
			problems.push(`${node.name}: n8n has no ${node.type} version ${node.typeVersion}`);
			continue;
		}
		const read = parametersAsRead(node, description);
		for (const where of droppedPaths(node.parameters, read))
			problems.push(`${node.name}: n8n drops the parameter ${where}`);
		const issues = NodeHelpers.getNodeParametersIssues(
			description.properties,
			{ ...node, parameters: read },
			description,
		);
		for (const [name, messages] of Object.entries(issues?.parameters ?? {}))
			problems.push(`${node.name}: ${name}: ${[messages].flat().join('; ')}`);
	}
	return problems;
}

/** A node's parameters as n8n reads them: unknown ones dropped, defaults filled in. */
const parametersAsRead = (node, description) =>
	NodeHelpers.getNodeParameters(
		description.properties,
		node.parameters,
		true,
		false,
		node,
		description,
	);

/** The paths of `written`'s values that `read` lacks or holds otherwise. */
function droppedPaths(written, read, at = '') {
	if (written === null || typeof written !== 'object')
		return JSON.stringify(written) === JSON.stringify(read) ? [] : [at];
	if (read === null || typeof read !== 'object') return [at];
	return Object.entries(written).flatMap(([key, value]) =>
		droppedPaths(value, read[key], at ? `${at}.${key}` : key),
	);
}

/** The pinned data n8n keeps for `items` (plain json objects). */
export const pinned = (items) => items.map((json) => ({ json }));

/**
 * `workflow` with `pinData` for its nodes: `{ [node name]: json objects }`, as the editor keeps
 * the data a user pins.
 */
export const withPinnedData = (workflow, data) => ({
	...workflow,
	pinData: Object.fromEntries(Object.entries(data).map(([node, items]) => [node, pinned(items)])),
});

/**
 * What the node `name` would have written, item by item, in an execution's run data: its
 * parameters as n8n reads them, evaluated for each item its parent gave it, as n8n evaluates them
 * when the node runs (`$json`, `$('Node').item` and the rest). `n8nDir` is the n8n under test.
 */
export function wouldWrite(workflow, runData, name, n8nDir) {
	const nodeTypes = nodeTypesOf(n8nDir);
	const node = workflow.nodes.find((n) => n.name === name);
	if (!node) throw new Error(`the template has no node "${name}"`);
	// The parent and which of its outputs leads here (1: its error output, On Error's second)
	const [parent, output] =
		Object.entries(workflow.connections)
			.map(([from, outputs]) => [
				from,
				(outputs.main ?? []).findIndex((targets) => (targets ?? []).some((t) => t.node === name)),
			])
			.find(([, index]) => index >= 0) ?? [];
	const parentOutput = runData[parent]?.[0]?.data?.main?.[output];
	if (!parentOutput) throw new Error(`"${name}" got no items: its parent "${parent}" did not run`);
	// As n8n hands them on: each item paired with its place in the parent's output, where the
	// paired-item lookup (`$('Rows').item`) starts
	const input = parentOutput.map((item, index) => ({ ...item, pairedItem: { item: index } }));
	const wf = new Workflow({
		id: String(workflow.id ?? 'template'),
		name: workflow.name,
		nodes: workflow.nodes,
		connections: workflow.connections,
		active: false,
		nodeTypes,
		settings: workflow.settings,
	});
	const description = nodeTypes.getByNameAndVersion(node.type, node.typeVersion).description;
	const parameters = parametersAsRead(node, description);
	const runExecutionData = { resultData: { runData } };
	const executeData = {
		node,
		data: { main: [input] },
		source: { main: [{ previousNode: parent, previousNodeOutput: output, previousNodeRun: 0 }] },
	};
	return input.map((_, itemIndex) =>
		wf.expression.getParameterValue(
			parameters,
			runExecutionData,
			0,
			itemIndex,
			name,
			input,
			'manual',
			{},
			executeData,
		),
	);
}

/**
 * `workflow` with n8n's nodes for other services switched off (a switched-off node passes its
 * items on): a published workflow runs in production, where n8n uses no pinned data, and the
 * suite reaches no Slack or Google. What they would have written is read with `writesIn`.
 */
export const withServicesOff = (workflow) => ({
	...workflow,
	nodes: workflow.nodes.map((node) =>
		isN8nNode(node) && node.credentials ? { ...node, disabled: true } : node,
	),
});

/**
 * What the node `name` would have written in each of `executions` ({ id, runData }, in the
 * order they ran), one entry per item.
 */
export const writesIn = (executions, workflow, name, n8nDir) =>
	inOrder(executions)
		.filter((execution) => execution.runData[name])
		.flatMap((execution) => wouldWrite(workflow, execution.runData, name, n8nDir));
