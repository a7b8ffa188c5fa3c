// An MCP client of a running n8n, through the official MCP TypeScript SDK
// (@modelcontextprotocol/sdk) over streamable HTTP: an MCP Server Trigger's workflow (`/mcp/<path>`)
// or n8n's own instance-level MCP server (`/mcp-server/http`).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

/** A connected client of the MCP server at `url`, sending `token` as a Bearer token. */
export async function connectMcp(url, token) {
	const client = new Client({ name: 'n8n-nodes-link-management e2e', version: '1.0.0' });
	const headers = token ? { Authorization: `Bearer ${token}` } : {};
	await client.connect(
		new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }),
	);
	return client;
}

/** A tool's answer as a model reads it: its text, whether it is an error, and the text as JSON. */
export function answerOf(result) {
	const text = (result.content ?? [])
		.filter((part) => part.type === 'text')
		.map((part) => part.text)
		.join('\n');
	let json;
	try {
		json = JSON.parse(text);
	} catch {
		json = undefined;
	}
	return { text, isError: result.isError === true, json };
}

/** An MCP `initialize` request posted as a client's first message, with these headers. */
export async function postInitialize(url, headers = {}) {
	const res = await fetch(url, {
		method: 'POST',
		headers: {
			'Content-Type': 'application/json',
			Accept: 'application/json, text/event-stream',
			...headers,
		},
		body: JSON.stringify({
			jsonrpc: '2.0',
			id: 1,
			method: 'initialize',
			params: {
				protocolVersion: '2025-03-26',
				capabilities: {},
				clientInfo: { name: 'e2e without a token', version: '1.0.0' },
			},
		}),
	});
	return { status: res.status, text: await res.text() };
}
