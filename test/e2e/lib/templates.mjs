// The templates (examples/) name n8n's own nodes for the services users have: Google Sheets,
// Slack, Google Drive, HubSpot, Zendesk, Stripe, email. The suite reaches none of those services.
// It gives their nodes n8n's pinned data (a manual run uses it in place of the node), and reads
// what each writing node would have sent: its parameters as n8n reads them (the node type's own
// description, from the n8n under test) evaluated for each item that reached it.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { inOrder } from './output.mjs';
import { exampleFiles, loadWorkflow } from './workflows.mjs';

const require = createRequire(import.meta.url);
const { NodeHelpers, Workflow } = require('n8n-workflow');

const descriptionsByDir = new Map();

/** The packages of n8n's own nodes: their types are `<package>.<name>`. */
const N8N_PACKAGES = ['n8n-nodes-base', '@n8n/n8n-nodes-langchain'];

/**
 * The node type descriptions n8n's own packages ship in the n8n at `n8nDir` (as its editor loads
 * them), each with its `type`.
 */
function descriptionsOf(n8nDir) {
	if (!descriptionsByDir.has(n8nDir)) {
		const descriptions = N8N_PACKAGES.flatMap((pkg) => {
			const file = path.join(n8nDir, 'node_modules', pkg, 'dist', 'types', 'nodes.json');
			return JSON.parse(fs.readFileSync(file, 'utf8')).map((d) => ({
				...d,
				type: `${pkg}.${d.name}`,
			}));
		});
		descriptionsByDir.set(n8nDir, descriptions);
	}
	return descriptionsByDir.get(n8nDir);
}

/** Node types as n8n-workflow's Workflow asks for them; the package's own nodes are left out. */
export const nodeTypesOf = (n8nDir) => nodeTypesFrom(descriptionsOf(n8nDir));

/** Node types of `descriptions` (as `descriptionsOf` gives them: each with its `type`). */
export function nodeTypesFrom(descriptions) {
	const find = (type, version) => {
		const description = descriptions.find(
			(d) =>
				d.type === type &&
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

/** Whether a node is one of n8n's own (n8n-nodes-base, its AI nodes), the kind this module reads. */
export const isN8nNode = (node) => N8N_PACKAGES.some((pkg) => node.type.startsWith(`${pkg}.`));

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

/**
 * The examples (examples/*.json, read afresh so a new one is included) that hold n8n's own
 * nodes besides sticky notes: `{ file, workflow }`.
 */
export const examplesWithN8nNodes = () =>
	exampleFiles()
		.map((file) => ({ file, workflow: loadWorkflow(file) }))
		.filter(({ workflow }) =>
			workflow.nodes.some((node) => isN8nNode(node) && node.type !== 'n8n-nodes-base.stickyNote'),
		);

/**
 * What an older major is known to read otherwise, by example: each must still be seen there (so
 * that it is dropped from here once it is not), and nothing else may be.
 */
const KNOWN_BY_MAJOR = {
	// The MCP Server Trigger's Instructions came after n8n 1.x: there the server answers without
	// them (docs/ai-agents.md), and the mcp-server case expects none.
	1: { 'examples/mcp-server.json': ['MCP Server Trigger: n8n drops the parameter instructions'] },
};

/**
 * `templateProblems` of every example with n8n's own nodes in the n8n at `n8nDir` (of `major`);
 * throws listing each example's problems, and what `KNOWN_BY_MAJOR` expects but was not seen.
 */
export function checkExamplesAsRead(n8nDir, major) {
	const examples = examplesWithN8nNodes();
	const known = KNOWN_BY_MAJOR[major] ?? {};
	const problems = [];
	for (const { file, workflow } of examples) {
		const found = templateProblems(workflow, n8nDir);
		const expected = known[file] ?? [];
		const lines = [
			...found.filter((problem) => !expected.includes(problem)),
			...expected
				.filter((problem) => !found.includes(problem))
				.map((problem) => `no longer seen (drop it from KNOWN_BY_MAJOR): ${problem}`),
		];
		if (lines.length) problems.push([file, lines]);
	}
	if (problems.length) {
		const files = problems.map(([file]) => file).join(', ');
		const each = problems.map(([file, found]) => `${file}:\n  ${found.join('\n  ')}`);
		throw new Error(
			`n8n does not read ${problems.length} of ${examples.length} examples as written (${files}):\n${each.join('\n')}`,
		);
	}
	const differences = Object.values(known).flat().length;
	return {
		note: `${examples.length} examples with n8n's nodes${differences ? `, ${differences} known difference of this major` : ''}`,
	};
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
 * The connections that hand items to the node `name` on its main inputs: which output of which
 * parent feeds which of its inputs (`input` 0 for nodes with one input; a Merge has two).
 */
export function feedsOf(workflow, name) {
	return Object.entries(workflow.connections ?? {}).flatMap(([parent, byType]) =>
		(byType.main ?? []).flatMap((targets, output) =>
			(targets ?? [])
				.filter((target) => target.node === name && (target.type ?? 'main') === 'main')
				.map((target) => ({ parent, output, input: target.index ?? 0 })),
		),
	);
}

const describeFeed = ({ parent, output, input }) =>
	`output ${output} of "${parent}" on input ${input}`;

/**
 * What the node `name` would have written, item by item, in an execution's run data: its
 * parameters as n8n reads them, evaluated for each item it was given, as n8n evaluates them when
 * the node runs (`$json`, `$('Node').item` and the rest). `n8nDir` is the n8n under test. Each run
 * of the node is read from what n8n recorded as its source (which parent, which of its outputs,
 * which of its runs fed which input), held against the template's connections. A source the
 * connections do not make, a node that did not run though it was given items, or run data
 * without sources throws rather than being guessed at.
 */
export const wouldWrite = (workflow, runData, name, n8nDir) =>
	writesOf(workflow, runData, name, nodeTypesOf(n8nDir));

/** `wouldWrite` with node types given (`nodeTypesFrom`): the unit test's, without an n8n. */
export function writesOf(workflow, runData, name, nodeTypes) {
	const node = workflow.nodes.find((n) => n.name === name);
	if (!node) throw new Error(`the template has no node "${name}"`);
	const description = nodeTypes.getByNameAndVersion(node.type, node.typeVersion)?.description;
	if (!description)
		throw new Error(`"${name}": n8n has no ${node.type} version ${node.typeVersion}`);
	const feeds = feedsOf(workflow, name);
	if (!feeds.length)
		throw new Error(`"${name}" has no main input connection: nothing hands it items to write`);
	const runs = runData[name];
	if (!runs?.length) {
		// n8n runs no node whose input got no items: right when each output that feeds it was empty
		const given = feeds.filter((feed) =>
			(runData[feed.parent] ?? []).some((run) => run?.data?.main?.[feed.output]?.length),
		);
		if (given.length)
			throw new Error(
				`"${name}" did not run, though ${given.map(describeFeed).join(' and ')} gave it items`,
			);
		if (!feeds.some((feed) => runData[feed.parent]))
			throw new Error(
				`"${name}" got no items: none of its parents (${[...new Set(feeds.map((f) => f.parent))].join(', ')}) ran`,
			);
		return [];
	}
	const wf = new Workflow({
		id: String(workflow.id ?? 'template'),
		name: workflow.name,
		nodes: workflow.nodes,
		connections: workflow.connections,
		active: false,
		nodeTypes,
		settings: workflow.settings,
	});
	const parameters = parametersAsRead(node, description);
	const runExecutionData = { resultData: { runData } };
	return runs.flatMap((run, runIndex) => {
		const where = `run ${runIndex} of "${name}"`;
		const source = run?.source;
		if (!Array.isArray(source) || !source.length)
			throw new Error(`${where} records no source: which parent's items it got is unknown`);
		// Each input's items as n8n hands them on: paired with their place in the output that
		// fed them (and the input, past the first), where `$('Rows').item` starts
		const inputs = source.map((from, input) => {
			if (from === null) return [];
			const feed = {
				parent: from?.previousNode,
				output: from?.previousNodeOutput ?? 0,
				input,
			};
			if (
				!feeds.some(
					(f) => f.parent === feed.parent && f.output === feed.output && f.input === input,
				)
			)
				throw new Error(
					`${where} was given ${describeFeed(feed)}, which no connection of the template makes (it has ${feeds.map(describeFeed).join(', ')})`,
				);
			const parentRun = from.previousNodeRun ?? 0;
			const items = runData[feed.parent]?.[parentRun]?.data?.main?.[feed.output];
			if (!items)
				throw new Error(
					`${where} was given ${describeFeed(feed)}, run ${parentRun}, which the run data lacks`,
				);
			return items.map((item, index) => ({
				...item,
				pairedItem: input ? { item: index, input } : { item: index },
			}));
		});
		const items = connectionInputData(inputs, workflow.settings);
		const executeData = { node, data: { main: inputs }, source: { main: source } };
		return items.map((_, itemIndex) =>
			wf.expression.getParameterValue(
				parameters,
				runExecutionData,
				runIndex,
				itemIndex,
				name,
				items,
				'manual',
				{},
				executeData,
			),
		);
	});
}

/**
 * The items a node's parameters are evaluated for, of the items on each of its inputs, as n8n
 * picks them (n8n-core's prepareConnectionInputData): in execution order v1 the first input that
 * has items, in v0 the first input.
 */
function connectionInputData(inputs, settings) {
	if (settings?.executionOrder !== 'v1') return inputs[0] ?? [];
	return inputs.find((items) => items.length) ?? [];
}

/**
 * `workflow` with n8n's nodes for other services switched off (a switched-off node passes its
 * items on): a published workflow runs in production, where n8n uses no pinned data, and the
 * suite reaches no Slack or Google. What they would have written is read with `writesIn`.
 */
export const withServicesOff = (workflow) => ({
	...workflow,
	// n8n-nodes-base's only: an AI example's chat model is run, against the suite's scripted model.
	nodes: workflow.nodes.map((node) =>
		node.type.startsWith('n8n-nodes-base.') && node.credentials
			? { ...node, disabled: true }
			: node,
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
