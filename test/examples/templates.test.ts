// What every template in examples/ must hold before anyone imports it: no fixed webhook ID (n8n's
// editor keeps one on import, so every user of the template would share one production address,
// known to anyone who has read the file, and a second import on one instance could not be
// published), a workflow ID n8n accepts (21 characters at most), and a *Set up* sticky note.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const EXAMPLES = path.join(__dirname, '..', '..', 'examples');

interface Node {
	name: string;
	type: string;
	webhookId?: string;
	parameters: { content?: string };
}

const templates = readdirSync(EXAMPLES)
	.filter((name) => name.endsWith('.json'))
	.sort()
	.map((name) => ({
		name,
		workflow: JSON.parse(readFileSync(path.join(EXAMPLES, name), 'utf8')) as {
			id: string;
			nodes: Node[];
		},
	}));

describe('the templates of examples/', () => {
	it('are there to check', () => {
		expect(templates.length).toBeGreaterThan(10);
	});

	it.each(templates.map((t) => [t.name, t.workflow] as const))(
		'%s carries no webhookId (n8n gives one on import)',
		(_, workflow) => {
			const fixed = workflow.nodes.filter((node) => 'webhookId' in node).map((node) => node.name);
			expect(fixed).toEqual([]);
		},
	);

	it.each(templates.map((t) => [t.name, t.workflow] as const))(
		'%s has a workflow ID of 1 to 21 characters',
		(_, workflow) => {
			expect(typeof workflow.id).toBe('string');
			expect(workflow.id.length).toBeGreaterThan(0);
			expect(workflow.id.length).toBeLessThanOrEqual(21);
		},
	);

	it('have workflow IDs of their own', () => {
		const ids = templates.map((t) => t.workflow.id);
		expect(new Set(ids).size).toBe(ids.length);
	});

	it.each(templates.map((t) => [t.name, t.workflow] as const))(
		'%s has a "Set up" sticky note',
		(_, workflow) => {
			const notes = workflow.nodes
				.filter((node) => node.type === 'n8n-nodes-base.stickyNote')
				.map((node) => node.parameters.content ?? '');
			expect(notes.filter((content) => content.includes('**Set up**'))).toHaveLength(1);
		},
	);
});
