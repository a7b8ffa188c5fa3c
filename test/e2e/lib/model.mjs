// A language model for the agent loop, without a network: an OpenAI-compatible server on loopback
// (`POST /v1/chat/completions`, `GET /v1/models`) whose every answer comes from a script, in the
// shapes OpenAI answers in: an assistant message with `tool_calls` (finish_reason `tool_calls`) or
// with text (`stop`), as JSON or, when the request asks to `stream`, as server-sent chunks. n8n's
// OpenAI Chat Model reaches it through an OpenAI credential whose Base URL is `url`.
import http from 'node:http';

import { listenOnLoopback } from './serve.mjs';

const MODEL = 'gpt-e2e-scripted';

/**
 * `answer(request, turn)` gets each chat request's body (its `messages`, `tools` …) and its turn
 * (0 for the first) and returns `{ toolCalls: [{ name, arguments }] }` or `{ content }`.
 * @returns {Promise<{ url: string, requests: Array<{ body: object, authorization?: string }>, close: () => Promise<void> }>}
 */
export async function startScriptedModel(answer) {
	const requests = [];
	const server = http.createServer(async (request, response) => {
		const chunks = [];
		for await (const chunk of request) chunks.push(chunk);
		const text = Buffer.concat(chunks).toString('utf8');
		const send = (status, body) => {
			response.writeHead(status, { 'Content-Type': 'application/json' });
			response.end(JSON.stringify(body));
		};
		if (request.method === 'GET' && request.url === '/v1/models') {
			send(200, { object: 'list', data: [{ id: MODEL, object: 'model', owned_by: 'e2e' }] });
			return;
		}
		if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
			send(404, { error: { message: `${request.method} ${request.url} is not scripted` } });
			return;
		}
		const body = JSON.parse(text);
		requests.push({ body, authorization: request.headers.authorization });
		let reply;
		try {
			reply = await answer(body, requests.length - 1);
		} catch (error) {
			send(500, { error: { message: `the script failed: ${error.message}` } });
			return;
		}
		const message = assistantMessage(reply, requests.length);
		const finish = message.tool_calls ? 'tool_calls' : 'stop';
		if (body.stream) {
			response.writeHead(200, { 'Content-Type': 'text/event-stream' });
			for (const delta of [message, {}]) {
				const chunk = completion('chat.completion.chunk', {
					index: 0,
					delta,
					finish_reason: delta === message ? null : finish,
				});
				response.write(`data: ${JSON.stringify(chunk)}\n\n`);
			}
			response.end('data: [DONE]\n\n');
			return;
		}
		send(200, completion('chat.completion', { index: 0, message, finish_reason: finish }));
	});
	const { port, close } = await listenOnLoopback(server);
	return { url: `http://127.0.0.1:${port}/v1`, requests, close };
}

/** The assistant's message as OpenAI sends it: tool calls (arguments as JSON text) or text. */
function assistantMessage({ toolCalls, content }, turn) {
	if (!toolCalls) return { role: 'assistant', content };
	return {
		role: 'assistant',
		content: null,
		tool_calls: toolCalls.map((call, i) => ({
			index: i,
			id: `call_e2e_${turn}_${i}`,
			type: 'function',
			function: { name: call.name, arguments: JSON.stringify(call.arguments) },
		})),
	};
}

function completion(object, choice) {
	return {
		id: `chatcmpl-e2e-${Date.now()}`,
		object,
		created: Math.floor(Date.now() / 1000),
		model: MODEL,
		choices: [choice],
		usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
	};
}
