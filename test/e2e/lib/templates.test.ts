// What a writing node of a template would have written (`wouldWrite` in test/e2e/lib/templates.mjs,
// which the e2e suite's template, trigger and webhook trigger cases read): the items are the ones
// n8n handed that node, read from each of its runs' sources and held against the template's
// connections. Without an n8n: the writer's node type is described here, and the module (ESM)
// runs in a child Node process, all cases in one.
import { spawnSync } from 'child_process';
import path from 'path';
import { pathToFileURL } from 'url';

const templates = pathToFileURL(path.join(__dirname, 'templates.mjs')).href;

/** A writer as n8n's service nodes are: one main input, its text an expression, a default. */
const WRITER_DESCRIPTION = {
	displayName: 'Writer',
	name: 'writer',
	type: 'n8n-nodes-base.writer',
	group: ['output'],
	version: 1,
	defaults: { name: 'Writer' },
	inputs: ['main'],
	outputs: ['main'],
	properties: [
		{ displayName: 'Channel', name: 'channel', type: 'string', default: '#general' },
		{ displayName: 'Text', name: 'text', type: 'string', default: '' },
	],
};

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Case = { workflow: Json; runData: Json; name: string };
type Result = { writes?: Json[]; error?: string };

const node = (name: string, type: string, parameters: Json = {}) => ({
	name,
	type: `n8n-nodes-base.${type}`,
	typeVersion: 1,
	position: [0, 0],
	parameters,
});
const to = (...names: Array<string | [string, number]>) =>
	names.map((target) => {
		const [name, index] = Array.isArray(target) ? target : [target, 0];
		return { node: name, type: 'main', index };
	});

/** The rows a sheet gives, each named and numbered. */
const ROWS = ['a', 'b', 'c', 'd'].map((name, i) => ({ json: { name, row: i + 2 } }));
const paired = (items: Json[], pairs: number[]) =>
	items.map((item, i) => ({ ...item, pairedItem: { item: pairs[i] } }));
/** A task of n8n's run data: what fed the node (per input) and its outputs. */
const task = (source: Array<Json | null>, ...outputs: Json[][]) => ({
	startTime: 0,
	executionTime: 0,
	executionIndex: 0,
	source,
	data: { main: outputs },
});
const from = (previousNode: string, previousNodeOutput = 0, previousNodeRun = 0) => ({
	previousNode,
	previousNodeOutput,
	previousNodeRun,
});

// The text names each item and the sheet row it came from (n8n's paired-item lookup).
const WRITE = node('Write', 'writer', {
	text: "={{ $json.name }} from row {{ $('Rows').item.json.row }}",
});
/** Rows → "Has URL" (an IF: a, c true; b, d false) → … */
const ifWorkflow = (connections: Json, ...more: Json[]) => ({
	name: 'if',
	nodes: [node('Rows', 'manualTrigger'), node('Has URL', 'if'), ...more, WRITE],
	connections: { Rows: { main: [to('Has URL')] }, ...connections },
	settings: { executionOrder: 'v1' },
});
const TRUE = paired([ROWS[0], ROWS[2]], [0, 2]);
const FALSE = paired([ROWS[1], ROWS[3]], [1, 3]);
const ifRuns = {
	Rows: [task([], ROWS)],
	'Has URL': [task([from('Rows')], TRUE, FALSE)],
};
const written = (texts: string[]) => texts.map((text) => ({ channel: '#general', text }));

const CASES: Record<string, Case> = {
	'false branch': {
		workflow: ifWorkflow({ 'Has URL': { main: [[], to('Write')] } }),
		runData: { ...ifRuns, Write: [task([from('Has URL', 1)], FALSE)] },
		name: 'Write',
	},
	'both branches': {
		workflow: ifWorkflow({ 'Has URL': { main: [to('Write'), to('Write')] } }),
		runData: {
			...ifRuns,
			Write: [task([from('Has URL', 0)], TRUE), task([from('Has URL', 1)], FALSE)],
		},
		name: 'Write',
	},
	'two parents': {
		workflow: ifWorkflow(
			{ 'Has URL': { main: [to('Tidy'), to('Write')] }, Tidy: { main: [to('Write')] } },
			node('Tidy', 'set'),
		),
		runData: {
			...ifRuns,
			Tidy: [task([from('Has URL', 0)], paired(TRUE, [0, 1]))],
			Write: [task([from('Has URL', 1)], FALSE), task([from('Tidy')], TRUE)],
		},
		name: 'Write',
	},
	'behind a Merge': {
		workflow: ifWorkflow(
			{
				'Has URL': { main: [to('Merge'), to(['Merge', 1])] },
				Merge: { main: [to('Write')] },
			},
			node('Merge', 'merge'),
		),
		runData: {
			...ifRuns,
			Merge: [
				task(
					[from('Has URL', 0), from('Has URL', 1)],
					[
						{ ...FALSE[1], pairedItem: { item: 1, input: 1 } },
						{ ...TRUE[0], pairedItem: { item: 0 } },
					],
				),
			],
			Write: [task([from('Merge')], [])],
		},
		name: 'Write',
	},
	// A node of two inputs, the first empty: n8n (order v1) evaluates it for the second's items
	'two inputs': {
		workflow: ifWorkflow({ 'Has URL': { main: [to('Write'), to(['Write', 1])] } }),
		runData: {
			...ifRuns,
			'Has URL': [task([from('Rows')], [], FALSE)],
			Write: [task([from('Has URL', 0), from('Has URL', 1)], FALSE)],
		},
		name: 'Write',
	},
	'a parent run twice': {
		workflow: ifWorkflow({ 'Has URL': { main: [[], to('Write')] } }),
		runData: {
			...ifRuns,
			'Has URL': [
				task([from('Rows')], TRUE, FALSE),
				task([from('Rows')], [], paired([ROWS[0]], [0])),
			],
			Write: [task([from('Has URL', 1, 1)], [])],
		},
		name: 'Write',
	},
	'an empty branch': {
		workflow: ifWorkflow({ 'Has URL': { main: [[], to('Write')] } }),
		runData: { ...ifRuns, 'Has URL': [task([from('Rows')], paired(ROWS, [0, 1, 2, 3]), [])] },
		name: 'Write',
	},
	// What cannot be read throws:
	'given an output no connection makes': {
		workflow: ifWorkflow({ 'Has URL': { main: [[], to('Write')] } }),
		runData: { ...ifRuns, Write: [task([from('Has URL', 0)], TRUE)] },
		name: 'Write',
	},
	'not run though given items': {
		workflow: ifWorkflow({ 'Has URL': { main: [[], to('Write')] } }),
		runData: ifRuns,
		name: 'Write',
	},
	'no parent ran': {
		workflow: ifWorkflow({ 'Has URL': { main: [[], to('Write')] } }),
		runData: { Rows: ifRuns.Rows },
		name: 'Write',
	},
	'no main input': {
		workflow: ifWorkflow({
			Write: { ai_tool: [[{ node: 'Has URL', type: 'ai_tool', index: 0 }]] },
		}),
		runData: ifRuns,
		name: 'Write',
	},
	'run data without a source': {
		workflow: ifWorkflow({ 'Has URL': { main: [[], to('Write')] } }),
		runData: { ...ifRuns, Write: [{ ...task([], FALSE), source: undefined }] },
		name: 'Write',
	},
	'a node of a type n8n lacks': {
		workflow: {
			...ifWorkflow({ 'Has URL': { main: [[], to('Write')] } }),
			nodes: [node('Rows', 'manualTrigger'), node('Has URL', 'if'), node('Write', 'nosuchwriter')],
		},
		runData: { ...ifRuns, Write: [task([from('Has URL', 1)], FALSE)] },
		name: 'Write',
	},
};

/** Each case's writes or error, from one child process. */
function evaluate(cases: Record<string, Case>): Record<string, Result> {
	const program = `
		import { nodeTypesFrom, writesOf } from ${JSON.stringify(templates)};
		let input = '';
		for await (const chunk of process.stdin) input += chunk;
		const { cases, descriptions } = JSON.parse(input);
		const results = {};
		for (const [name, c] of Object.entries(cases)) {
			try {
				results[name] = { writes: writesOf(c.workflow, c.runData, c.name, nodeTypesFrom(descriptions)) };
			} catch (error) {
				results[name] = { error: error.message };
			}
		}
		process.stdout.write(JSON.stringify(results));
	`;
	const child = spawnSync(process.execPath, ['--input-type=module', '-e', program], {
		input: JSON.stringify({ cases, descriptions: [WRITER_DESCRIPTION] }),
		encoding: 'utf8',
	});
	if (child.status !== 0) throw new Error(`node exited with ${child.status}: ${child.stderr}`);
	return JSON.parse(child.stdout);
}

describe('what a writing node would write (test/e2e/lib/templates.mjs)', () => {
	let results: Record<string, Result>;
	beforeAll(() => {
		results = evaluate(CASES);
	});
	const writesOf = (name: string) => {
		const result = results[name];
		if (result.error !== undefined) throw new Error(`${name}: ${result.error}`);
		return result.writes;
	};

	test("a writer on an IF's false branch (output 1) gets the false items", () => {
		expect(writesOf('false branch')).toEqual(written(['b from row 3', 'd from row 5']));
	});

	test('a writer on both outputs of an IF: each run with the output that fed it', () => {
		expect(writesOf('both branches')).toEqual(
			written(['a from row 2', 'c from row 4', 'b from row 3', 'd from row 5']),
		);
	});

	test('a writer of two parents: each run with its own parent’s items, paired back to the rows', () => {
		expect(writesOf('two parents')).toEqual(
			written(['b from row 3', 'd from row 5', 'a from row 2', 'c from row 4']),
		);
	});

	test('a writer behind a Merge: the Merge’s items, each paired through the input it came in on', () => {
		expect(writesOf('behind a Merge')).toEqual(written(['d from row 5', 'a from row 2']));
	});

	test('a node of two inputs, the first empty: evaluated for the second’s items, paired through it', () => {
		expect(writesOf('two inputs')).toEqual(written(['b from row 3', 'd from row 5']));
	});

	test('the run of the parent that fed it, not its first', () => {
		expect(writesOf('a parent run twice')).toEqual(written(['a from row 2']));
	});

	test('a writer on a branch that got no items did not run and writes nothing', () => {
		expect(writesOf('an empty branch')).toEqual([]);
	});

	test.each([
		[
			'given an output no connection makes',
			'run 0 of "Write" was given output 0 of "Has URL" on input 0, which no connection of the template makes (it has output 1 of "Has URL" on input 0)',
		],
		[
			'not run though given items',
			'"Write" did not run, though output 1 of "Has URL" on input 0 gave it items',
		],
		['no parent ran', '"Write" got no items: none of its parents (Has URL) ran'],
		['no main input', '"Write" has no main input connection: nothing hands it items to write'],
		[
			'run data without a source',
			'run 0 of "Write" records no source: which parent\'s items it got is unknown',
		],
		['a node of a type n8n lacks', '"Write": n8n has no n8n-nodes-base.nosuchwriter version 1'],
	])('%s: throws', (name, message) => {
		expect(results[name]).toEqual({ error: message });
	});
});
