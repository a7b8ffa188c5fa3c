/**
 * Run as an AI agent's tool, the node names a refused value by the tool's argument the model
 * passed ($fromAI('linkId', …)), which the model knows, not by the field it never saw ('Link
 * ID'); written by hand, the field keeps its name. On n8n's engine: $fromAI reads the tool call's
 * arguments from the input item, as n8n hands them to a tool.
 */
import { rl, runNode } from '../../../helpers';

const getLink = (linkId: string) => ({ resource: 'link', operation: 'get', linkId: rl(linkId) });

test("a refused argument is named as the tool's argument", async () => {
	const { error } = await runNode({
		parameters: getLink("={{ $fromAI('linkId', 'The link ID', 'string') }}"),
		items: [{ json: { query: { linkId: 'abc' } } }],
	});
	expect(error?.message).toMatch(/^'linkId' must be a positive whole number/);
	expect(error?.message).not.toContain('Link ID');
});

test('a field written by hand keeps its name', async () => {
	const { error } = await runNode({ parameters: getLink('={{ "abc" }}') });
	expect(error?.message).toMatch(/^'Link ID' must be a positive whole number/);
});

test('a field filled from the item, not by a tool argument, keeps its name', async () => {
	const { error } = await runNode({
		parameters: getLink('={{ $json.linkId }}'),
		items: [{ json: { linkId: 'abc' } }],
	});
	expect(error?.message).toMatch(/^'Link ID' must be a positive whole number/);
});
