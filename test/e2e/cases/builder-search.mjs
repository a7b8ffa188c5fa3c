// What n8n's AI workflow builder finds of the package (a server case, both majors): n8n 2.x's
// instance-level MCP server turned on as its settings page does, its `search_nodes` tool (the
// node search of n8n's builder) asked through the official MCP SDK for what users ask for, and
// the three nodes' builder hints (builderHints.ts) shown with what it finds; every node they
// name as related is a node this n8n has. n8n 1.x's instance MCP server has no node search:
// there the case checks that its tools hold none.
import assert from 'node:assert/strict';

import { answerOf, connectMcp } from '../lib/mcp.mjs';
import {
	PACKAGE_NODE_TYPE,
	PACKAGE_TOOL_NODE_TYPE,
	PACKAGE_TRIGGER_NODE_TYPE,
	PACKAGE_WEBHOOK_TRIGGER_NODE_TYPE,
} from '../lib/workflows.mjs';

/** What users ask for, and whether n8n 2.41's search must find the action node for it. */
const QUERIES = {
	'shorten a URL': true,
	'URL shortener': true,
	'QR code generator': true,
	qrcode: true,
	// n8n's search scores each word alone: "code" names its Code nodes exactly, and they fill the
	// five places (see docs/ai-agents.md). Asked, and reported, not required.
	'QR code': false,
};

/** The search's answer cut into its blocks, one per query (`## "<query>"`). */
function blocksOf(text) {
	const blocks = {};
	for (const block of text.split(/\n+---\n+/)) {
		const query = /^## "(.*)"/.exec(block.trim())?.[1];
		if (query !== undefined) blocks[query] = block;
	}
	return blocks;
}

/** The node IDs a block lists (`- <id>` lines). */
const nodesIn = (block = '') =>
	[...block.matchAll(/^- (\S+)/gm)].map(([, id]) => id.replace(/\s.*$/, ''));

export const builderSearchCase = {
	name: "n8n's AI builder: its node search (the instance MCP server's search_nodes) finds the node for \"shorten a URL\" and a QR code generator, with the nodes' builder hints",
	async check({ n8n }) {
		const enabled = await n8n.rest('PATCH', '/rest/mcp/settings', { mcpAccessEnabled: true });
		assert.equal(enabled.status, 200, `turning on MCP access: ${JSON.stringify(enabled.body)}`);
		let client;
		try {
			const key = await n8n.rest('GET', '/rest/mcp/api-key');
			assert.equal(key.status, 200, `the MCP API key: ${JSON.stringify(key.body).slice(0, 300)}`);
			client = await connectMcp(
				`${n8n.baseUrl}/mcp-server/http`,
				(key.body.data ?? key.body).apiKey,
			);
			const { tools } = await client.listTools();
			const names = tools.map((tool) => tool.name);
			if (n8n.target.major < 2) {
				assert.ok(!names.includes('search_nodes'), `n8n 1.x lists ${names.join(', ')}`);
				return {
					note: `n8n ${n8n.target.n8nVersion}'s MCP server has no node search (tools: ${names.join(', ')})`,
				};
			}
			assert.ok(names.includes('search_nodes'), `search_nodes among ${names.join(', ')}`);
			const search = async (queries, usage) =>
				answerOf(await client.callTool({ name: 'search_nodes', arguments: { queries, usage } }));

			const answer = await search(Object.keys(QUERIES));
			assert.equal(answer.isError, false, answer.text);
			const blocks = blocksOf(answer.text);
			const found = {};
			for (const [query, required] of Object.entries(QUERIES)) {
				const listed = nodesIn(blocks[query]);
				found[query] = listed.indexOf(PACKAGE_NODE_TYPE) + 1;
				if (required)
					assert.ok(found[query] > 0, `"${query}" finds ${listed.join(', ') || 'nothing'}`);
			}
			// what the builder reads with the node: its hint and the nodes that go with it
			const node = blocks['shorten a URL']
				.split(/\n(?=- )/)
				.find((part) => part.startsWith(`- ${PACKAGE_NODE_TYPE}\n`));
			assert.match(node, /@builderHint Shortens URLs and manages the short links/);
			assert.match(node, /operation upsert with matchOn url/);
			assert.match(node, /@n8n\/n8n-nodes-langchain\.mcpTrigger: "Offer the Link Management tools/);
			assert.match(node, /- link:[\s\S]*- upsert/, 'the resources and operations to pick from');

			// as an agent's tool: the Tool variant, for the same words
			const asTool = await search(['shorten a URL'], 'agentTool');
			assert.ok(
				nodesIn(blocksOf(asTool.text)['shorten a URL']).includes(PACKAGE_TOOL_NODE_TYPE),
				`usage agentTool: ${asTool.text.slice(0, 600)}`,
			);

			// every related node each hint names is a node of this n8n
			const types = await n8n.nodeTypes();
			const known = new Set(types.map((type) => type.name));
			const triggers = await search(['link clicks webhook', 'new QR code trigger']);
			for (const id of [
				PACKAGE_NODE_TYPE,
				PACKAGE_TRIGGER_NODE_TYPE,
				PACKAGE_WEBHOOK_TRIGGER_NODE_TYPE,
			]) {
				const description = types.find((type) => type.name === id);
				assert.ok(description?.builderHint?.searchHint, `${id} has a builder hint`);
				for (const { nodeType } of description.builderHint.relatedNodes ?? [])
					assert.ok(known.has(nodeType), `${id}: ${nodeType} is not a node of this n8n`);
			}
			const triggerHits = Object.values(blocksOf(triggers.text)).flatMap(nodesIn);
			const notFound = Object.entries(found)
				.filter(([, place]) => place === 0)
				.map(([query]) => `"${query}"`);
			return {
				note: `${Object.entries(found)
					.filter(([, place]) => place > 0)
					.map(([query, place]) => `"${query}" #${place}`)
					.join(
						', ',
					)}; not in the first five: ${notFound.join(', ') || 'none'}; trigger searches list ${triggerHits.filter((id) => id.startsWith('n8n-nodes-link-management')).join(', ') || 'no node of the package'}`,
			};
		} finally {
			await client?.close().catch(() => {});
			await n8n.rest('PATCH', '/rest/mcp/settings', { mcpAccessEnabled: false });
		}
	},
};
