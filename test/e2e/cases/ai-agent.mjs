// The AI agent example in a running n8n (a server case, both majors): examples/ai-agent-link-manager.json
// imported as it is, its five Link Management tool nodes known to the editor without issues, and
// each tool run as the editor's "Execute step" on a tool node runs it (n8n's tool executor fills
// the $fromAI() parameters; no language model involved).
import assert from 'node:assert/strict';

import { CREDENTIAL_TYPE, PACKAGE_TOOL_NODE_TYPE, toolNodeNames } from '../lib/workflows.mjs';
import { ids, range, SEED, sentBody } from './sandbox-state.mjs';

export const aiAgentCase = {
	name: 'example: AI agent with Link Management tools (Tool type known, no issues, each tool run by n8n)',
	file: 'examples/ai-agent-link-manager.json',
	async check(ctx) {
		const { n8n, sandbox, apiKey, workflow } = ctx;
		const expectedTools = toolNodeNames(workflow);
		assert.equal(expectedTools.length, 5, 'the example has five Link Management tools');

		// n8n import:workflow took it as it is: the tools, their connection to the agent, the credential
		const stored = await n8n.rest('GET', `/rest/workflows/${workflow.id}`);
		assert.equal(
			stored.status,
			200,
			`GET /rest/workflows/${workflow.id} answered ${stored.status}`,
		);
		const saved = stored.body.data ?? stored.body;
		const tools = saved.nodes.filter((node) => node.type === PACKAGE_TOOL_NODE_TYPE);
		assert.deepEqual(
			tools.map((node) => node.name),
			expectedTools,
		);
		for (const tool of tools) {
			assert.deepEqual(
				saved.connections[tool.name]?.ai_tool?.[0]?.map((c) => c.node),
				['AI Agent'],
				`"${tool.name}" is a tool of the AI Agent`,
			);
			assert.equal(
				tool.credentials?.[CREDENTIAL_TYPE]?.id,
				ctx.credential.id,
				`"${tool.name}" uses the imported credential`,
			);
		}

		// the editor's node types hold the Tool variant n8n generates from `usableAsTool`
		const types = await n8n.nodeTypes();
		const description = types.find(
			(type) => type.name === PACKAGE_TOOL_NODE_TYPE && [].concat(type.version).includes(1),
		);
		assert.ok(
			description,
			`${PACKAGE_TOOL_NODE_TYPE} version 1 is among the ${types.length} node types of /types/nodes.json`,
		);
		assert.deepEqual(description.outputs, ['ai_tool']);
		assert.deepEqual(description.inputs, []);
		assert.ok(
			description.credentials?.some((c) => c.name === CREDENTIAL_TYPE),
			'the tool takes the Link Management API credential',
		);
		assert.ok(
			description.properties.some((p) => p.name === 'toolDescription'),
			"the tool has n8n's Description parameter",
		);

		// no parameter issues (the red warning in the editor), no parameter the tool does not know
		const { NodeHelpers } = n8n.requireFromN8n('n8n-workflow');
		for (const tool of tools) {
			const issues = NodeHelpers.getNodeParametersIssues(description.properties, tool, description);
			assert.equal(issues, null, `"${tool.name}" has parameter issues: ${JSON.stringify(issues)}`);
			const resolved = NodeHelpers.getNodeParameters(
				description.properties,
				tool.parameters,
				true,
				false,
				tool,
				description,
			);
			const unknown = Object.keys(tool.parameters).filter((name) => !(name in resolved));
			assert.deepEqual(unknown, [], `"${tool.name}" has parameters the tool does not know`);
		}

		// each tool as the model would call it: n8n's tool executor fills the $fromAI() parameters
		const runs = [];
		const run = async (tool, query) => {
			const result = await n8n.runTool(workflow.id, {
				tool,
				query,
				trigger: 'When chat message received',
				triggerItem: { sessionId: 'e2e', action: 'sendMessage', chatInput: 'Make me a QR code' },
			});
			assert.ok(!result.raw.includes(apiKey), `the execution of "${tool}" shows the API key`);
			runs.push(result);
			return result;
		};
		const ok = (result, tool) =>
			assert.equal(
				result.status,
				'success',
				`"${tool}" ran: ${result.status} ${result.error ?? ''}`,
			);

		const create = await run('Create QR code', {
			url: 'https://example.com/spring-sale',
			name: 'Spring sale flyer',
		});
		ok(create, 'Create QR code');
		const [created, ...more] = create.output;
		assert.equal(more.length, 0);
		assert.equal(created.id, SEED.qr + 1);
		assert.match(
			String(created.link),
			/^http:\/\/127\.0\.0\.1:\d+\/qr\//,
			'the tool answers with the image address',
		);
		assert.equal(sandbox.store.qr.created, 1);
		assert.deepEqual(sentBody({ sandbox }, 'POST /api/qr/add'), {
			type: 'link',
			data: 'https://example.com/spring-sale',
			name: 'Spring sale flyer',
		});

		// Shorten URL: a link to the address; asked again, the same link, nothing created twice
		const address = 'https://example.com/spring-sale?utm_source=agent';
		const shortened = await run('Shorten URL', { url: address });
		ok(shortened, 'Shorten URL');
		const [link] = shortened.output;
		const made = sandbox.store.links.get(link.id);
		assert.equal(made?.longurl, address);
		assert.deepEqual(link, {
			id: made.id,
			shorturl: made.shorturl,
			longurl: address,
			outcome: 'created',
		});
		const again = await run('Shorten URL', { url: address });
		ok(again, 'Shorten URL again');
		assert.equal(again.output[0].id, made.id);
		assert.equal(again.output[0].outcome, 'unchanged');
		assert.equal(sandbox.stats.byPath['POST /api/url/add'], 1, 'one link created');

		const stats = await run('Get QR code statistics', { qrCodeId: created.id });
		ok(stats, 'Get QR code statistics');
		assert.equal(stats.output.length, 1);
		assert.equal(stats.output[0].id, created.id);
		assert.equal(stats.output[0].name, 'Spring sale flyer');
		assert.equal(typeof stats.output[0].statistics, 'object');

		const qrs = await run('List QR codes', { limit: 3 });
		ok(qrs, 'List QR codes');
		assert.deepEqual(ids(qrs.output), [1, 2, 3], 'the limit the model gave');

		const campaigns = await run('List campaigns', {});
		ok(campaigns, 'List campaigns');
		assert.deepEqual(
			ids(campaigns.output),
			range(1, 20),
			'the $fromAI default limit (20) when the model gives none',
		);
		assert.equal(campaigns.output[0].name, 'Campaign 1');

		const missing = await run('Get QR code statistics', { qrCodeId: 999 });
		assert.equal(missing.status, 'error', 'an unknown QR code fails the tool');
		assert.match(
			String(missing.error),
			/QR code 999 does not exist\./,
			`the tool fails with the service's message: ${missing.error}`,
		);

		return {
			note: `${tools.length} tools; ${runs.length} tool runs (${runs.map((r) => r.status).join(', ')})`,
		};
	},
};
