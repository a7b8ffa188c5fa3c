// The whole loop of the AI agent example (examples/ai-agent-link-manager.json) in a running n8n,
// without a network (a server case, both majors): its OpenAI Chat Model's credential points at a
// language model the case runs (lib/model.mjs), scripted as a model answers: asked to shorten an
// address, it calls the "Shorten URL" tool; given the tool's answer, it writes its reply from it.
// A chat message is run through the workflow as the editor's chat runs it; n8n's AI Agent sends
// the model the tools, runs the one it asks for against the sandbox, hands the answer back, and
// the workflow ends with the short URL the sandbox made in the agent's reply.
import assert from 'node:assert/strict';

import { startScriptedModel } from '../lib/model.mjs';
import { toolNodeNames } from '../lib/workflows.mjs';

export const AI_EXAMPLE = 'examples/ai-agent-link-manager.json';
const CHAT_TRIGGER = 'When chat message received';
const ASKED = 'https://example.com/newsletter/2026-12/agents';
const TOOL = 'Shorten_URL'; // the tool n8n makes of the node "Shorten URL"

/**
 * The model's script: the first turn asks for the tool, as a model does when the user asks to
 * shorten an address; the next reads the tool's answer and replies with its short URL.
 */
function script(body, turn) {
	if (turn === 0) return { toolCalls: [{ name: TOOL, arguments: { url: ASKED } }] };
	const result = body.messages.findLast((message) => message.role === 'tool');
	const [link] = JSON.parse(result.content);
	return { content: `Here is your short link for the newsletter: ${link.shorturl}` };
}

export const agentLoopCase = {
	name: 'example: AI agent, the whole loop (a scripted model asks for "Shorten URL", the agent runs it, the reply carries the short URL the sandbox made)',
	file: AI_EXAMPLE,
	async check({ n8n, sandbox, apiKey, workflow }) {
		const model = await startScriptedModel(script);
		try {
			const openAi = await n8n.createCredential('OpenAI (scripted e2e model)', 'openAiApi', {
				apiKey: 'sk-e2e-scripted-model',
				url: model.url,
			});
			await n8n.updateWorkflow(workflow.id, ({ nodes }) => ({
				nodes: nodes.map((node) =>
					node.credentials?.openAiApi ? { ...node, credentials: { openAiApi: openAi } } : node,
				),
			}));
			const run = await n8n.runFromTrigger(workflow.id, {
				trigger: CHAT_TRIGGER,
				triggerItem: {
					sessionId: 'e2e-agent-loop',
					action: 'sendMessage',
					chatInput: `Please shorten ${ASKED} for the newsletter.`,
				},
				timeoutMs: 120_000,
			});
			assert.equal(run.status, 'success', `the workflow ran: ${run.status} ${run.error ?? ''}`);
			assert.ok(!run.raw.includes(apiKey), 'the execution shows the API key');

			// the model was asked twice: first with the tools, then with the tool's answer
			assert.equal(model.requests.length, 2, 'two turns of the model');
			const [first, second] = model.requests.map((request) => request.body);
			assert.equal(model.requests[0].authorization, 'Bearer sk-e2e-scripted-model');
			const offered = (first.tools ?? []).map((tool) => tool.function.name).sort();
			const expected = toolNodeNames(workflow).map((name) => name.replace(/[^a-zA-Z0-9_-]+/g, '_'));
			assert.deepEqual(offered, expected.sort(), 'the agent offers the model every tool');
			const shorten = first.tools.find((tool) => tool.function.name === TOOL).function;
			assert.deepEqual(shorten.parameters.required, ['url']);
			assert.equal(shorten.parameters.properties.url.type, 'string');
			assert.match(first.messages[0].content, /Shorten URL/, "the example's system message");
			assert.match(first.messages.at(-1).content, /shorten https:\/\/example\.com\/newsletter/);
			const toolMessage = second.messages.findLast((message) => message.role === 'tool');
			assert.ok(!toolMessage.content.includes(apiKey), 'the tool answer shows the API key');

			// the sandbox made the link once; the agent's reply carries its short URL
			const links = sandbox.store.links.list().filter((link) => link.longurl === ASKED);
			assert.equal(links.length, 1, 'one link to the address');
			const [made] = links;
			assert.deepEqual(JSON.parse(toolMessage.content), [
				{ id: made.id, shorturl: made.shorturl, longurl: ASKED, outcome: 'created' },
			]);
			const reply = run.runData['AI Agent']?.[0]?.data?.main?.[0]?.[0]?.json?.output;
			assert.equal(reply, `Here is your short link for the newsletter: ${made.shorturl}`);
			const ran = run.runData['Shorten URL'] ?? [];
			assert.equal(ran.length, 1, 'the tool ran once');
			return { note: `reply: "${reply}"` };
		} finally {
			await model.close();
		}
	},
};
