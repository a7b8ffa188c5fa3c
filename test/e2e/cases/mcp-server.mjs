// The MCP server example (examples/mcp-server.json) in a running n8n, its client the official MCP
// TypeScript SDK (a server case, both majors): imported as the editor imports a file, with a
// Bearer token and a Link Management credential for a sandbox of the case's own that allows 6
// requests per 2 s; published; then the client lists the tools (names, descriptions, input
// schemas), calls every one and checks each answer against the sandbox, sees bad arguments
// refused before any request with what to change, makes 24 calls at once (each answered, each
// link made once, no 429), uses a delete tool added to the server, and never sees the API key.
// Without the token (or with a wrong one) n8n refuses the client.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';

import { answerOf, connectMcp, postInitialize } from '../lib/mcp.mjs';
import { startSandbox } from '../lib/sandbox.mjs';
import { waitFor } from '../lib/util.mjs';
import {
	BEARER_CREDENTIAL_TYPE,
	CREDENTIAL_TYPE,
	loadWorkflow,
	PACKAGE_TOOL_NODE_TYPE,
	prepareWorkflow,
} from '../lib/workflows.mjs';
import { SEED } from './sandbox-state.mjs';
import { executionsOf } from './trigger.mjs';

export const MCP_EXAMPLE = 'examples/mcp-server.json';
const TRIGGER_TYPE = '@n8n/n8n-nodes-langchain.mcpTrigger';
/** The budget the case's sandbox allows: 6 requests per 2 s. */
const BUDGET = { rateLimit: 6, rateWindowMs: 2000 };
const AT_ONCE = 24;

/**
 * The example's tools and their inputs as a client must see them: each argument's JSON type and,
 * for an optional one, its default (the rest are required).
 */
const TOOLS = {
	shorten_url: { url: ['string'] },
	find_links: { limit: ['number', 10], search: ['string', ''], order: ['string', 'date'] },
	get_link: { shortUrl: ['string'] },
	get_link_statistics: { shortUrl: ['string'] },
	change_link_destination: { shortUrl: ['string'], url: ['string'] },
	create_qr_code: { url: ['string'], name: ['string', ''], foreground: ['string', ''] },
	list_campaigns: { limit: ['number', 20] },
};

/** The delete tool the docs show how to add (docs/ai-agents.md). */
const deleteTool = (credential) => ({
	id: randomUUID(),
	name: 'delete_link',
	type: PACKAGE_TOOL_NODE_TYPE,
	typeVersion: 1,
	position: [1120, 240],
	parameters: {
		descriptionType: 'manual',
		toolDescription:
			'Delete a short link for good: its short URL stops working. Only when the user asked to delete that link.',
		resource: 'link',
		operation: 'delete',
		linkId: {
			__rl: true,
			mode: 'url',
			value: "={{ $fromAI('shortUrl', 'The short URL of the link to delete', 'string') }}",
		},
	},
	credentials: { [CREDENTIAL_TYPE]: { ...credential } },
});

export const mcpServerCase = {
	example: MCP_EXAMPLE, // saved by the case itself, with its token
	name: `example: MCP server (examples/mcp-server.json) with the official MCP SDK as its client: tools listed, each called, bad arguments refused, ${AT_ONCE} calls at once under 6 requests per 2 s, a delete tool added, no token refused`,
	async check({ n8n, apiKey }) {
		const sandbox = await startSandbox({ port: 0, apiKey, ...BUDGET, seed: SEED, maxLimit: 100 });
		const token = `mcp-e2e-${randomUUID()}`;
		const clients = [];
		const answers = [];
		const credentials = [];
		let workflow;
		try {
			const credential = await n8n.createCredential(
				'Link Management (6 requests per 2 s)',
				CREDENTIAL_TYPE,
				{ baseUrl: sandbox.url, apiKey },
			);
			credentials.push(credential);
			const bearer = await n8n.createCredential('MCP server token', BEARER_CREDENTIAL_TYPE, {
				token,
			});
			credentials.push(bearer);
			const example = prepareWorkflow(loadWorkflow(MCP_EXAMPLE), { credential, bearer });
			const trigger = example.nodes.find((node) => node.type === TRIGGER_TYPE);
			assert.deepEqual(trigger.credentials, { [BEARER_CREDENTIAL_TYPE]: bearer });
			const { name, nodes, connections, settings } = example;
			workflow = await n8n.createWorkflow(name, nodes, connections, settings);
			await n8n.activate(workflow);
			const url = `${n8n.baseUrl}/mcp/${trigger.parameters.path}`;
			// n8n registers the address a moment after it answers the activation
			await waitFor(async () => (await postInitialize(url)).status !== 404, {
				timeoutMs: 30_000,
				intervalMs: 200,
				what: `${url} registered`,
			});

			// no token, a wrong one: refused (n8n's Bearer check answers 403), nothing run
			for (const headers of [{}, { Authorization: 'Bearer not-the-token' }]) {
				const refused = await postInitialize(url, headers);
				assert.equal(refused.status, 403, `without the token: ${refused.text.slice(0, 200)}`);
			}
			await assert.rejects(
				connectMcp(url, 'not-the-token'),
				'the SDK cannot connect with a wrong token',
			);
			assert.equal(sandbox.stats.requests, 0, 'nothing reached the service');

			const client = await connectMcp(url, token);
			clients.push(client);
			const call = async (name, args) => {
				const answer = answerOf(await client.callTool({ name, arguments: args }));
				answers.push(answer.text);
				return answer;
			};
			// n8n 2.x sends the trigger's Instructions; 1.x's trigger has no such parameter
			assert.equal(
				client.getInstructions(),
				n8n.target.major >= 2 ? trigger.parameters.instructions : undefined,
			);

			await checkToolList(client, example);
			const applied = await everyTool(call, sandbox);
			const refusals = await badArguments(call, sandbox);
			const burst = await atOnce(call, sandbox);
			await withDeleteTool({ n8n, workflow, url, token, clients, answers, credential, sandbox });

			for (const text of answers) assert.ok(!text.includes(apiKey), 'an answer shows the API key');
			const executions = await checkExecutions(n8n, workflow.id, apiKey);
			assert.equal(sandbox.stats.rateLimited, 0, 'no request was answered 429');
			return {
				note: `${Object.keys(TOOLS).length} tools; ${applied}; ${refusals} bad arguments refused before any request; ${AT_ONCE} calls at once in ${(burst / 1000).toFixed(1)} s, no 429; ${answers.length} answers and ${executions} executions without the key`,
			};
		} finally {
			for (const client of clients) await client.close().catch(() => {});
			if (workflow) await n8n.rest('POST', `/rest/workflows/${workflow.id}/deactivate`, {});
			// A second Link Management credential would be the one the editor picks for a new node
			// (the browser check's), and its sandbox is gone.
			for (const { id } of credentials) await n8n.rest('DELETE', `/rest/credentials/${id}`);
			await sandbox.stop();
		}
	},
};

/** Every tool listed with the example's description (at most 1,024 characters) and its inputs. */
async function checkToolList(client, example) {
	const { tools } = await client.listTools();
	assert.deepEqual(tools.map((tool) => tool.name).sort(), Object.keys(TOOLS).sort());
	for (const tool of tools) {
		const node = example.nodes.find((candidate) => candidate.name === tool.name);
		assert.equal(
			tool.description,
			node.parameters.toolDescription,
			`${tool.name}: its description`,
		);
		assert.ok(
			tool.description.length <= 1024,
			`${tool.name}: ${tool.description.length} characters`,
		);
		const { properties, required = [] } = tool.inputSchema;
		const wanted = TOOLS[tool.name];
		assert.deepEqual(Object.keys(properties).sort(), Object.keys(wanted).sort(), tool.name);
		for (const [name, [type, fallback]] of Object.entries(wanted)) {
			assert.equal(properties[name].type, type, `${tool.name}.${name}: its type`);
			assert.equal(properties[name].default, fallback, `${tool.name}.${name}: its default`);
			assert.ok(properties[name].description, `${tool.name}.${name}: described`);
		}
		const requiredWanted = Object.keys(wanted).filter((name) => wanted[name].length === 1);
		assert.deepEqual([...required].sort(), requiredWanted.sort(), `${tool.name}: required`);
	}
}

/** What the sandbox was asked, by route, since `before` (its request count then). */
function askedSince(sandbox, before) {
	const asked = {};
	for (const entry of sandbox.stats.log.filter(({ n }) => n > before))
		asked[entry.route] = (asked[entry.route] ?? 0) + 1;
	return asked;
}

/** Each tool called once as a model would, its answer checked against the sandbox. */
async function everyTool(call, sandbox) {
	const { store } = sandbox;
	const ok = (answer, name) => {
		assert.equal(answer.isError, false, `${name} failed: ${answer.text}`);
		assert.ok(Array.isArray(answer.json), `${name} answers a JSON list: ${answer.text}`);
		return answer.json;
	};

	// shorten_url: one link, answered whole; asked again, the same link and nothing sent
	const newsletter = 'https://example.com/newsletter/2026-12?utm_source=mcp';
	let before = sandbox.stats.requests;
	const [shortened, ...more] = ok(await call('shorten_url', { url: newsletter }), 'shorten_url');
	assert.equal(more.length, 0);
	const made = store.links.get(shortened.id);
	assert.equal(made?.longurl, newsletter, 'the sandbox has the link to the address');
	assert.deepEqual(shortened, {
		id: made.id,
		shorturl: made.shorturl,
		longurl: newsletter,
		outcome: 'created',
	});
	assert.deepEqual(askedSince(sandbox, before), { 'GET /api/urls': 1, 'POST /api/url/add': 1 });
	before = sandbox.stats.requests;
	const [again] = ok(await call('shorten_url', { url: newsletter }), 'shorten_url again');
	assert.equal(again.id, made.id, 'the same link');
	assert.equal(again.shorturl, made.shorturl);
	assert.equal(again.outcome, 'unchanged');
	assert.deepEqual(askedSince(sandbox, before), { 'GET /api/urls': 1 }, 'nothing created twice');

	// find_links: the word searched, the most clicked first, the limit
	const found = ok(
		await call('find_links', { search: 'article', order: 'clicks', limit: 3 }),
		'find_links',
	);
	const articles = store.links
		.list()
		.filter((link) => link.longurl.includes('article'))
		.sort((a, b) => b.clicks - a.clicks || b.id - a.id)
		.slice(0, 3);
	assert.deepEqual(
		found.map(({ id, clicks }) => ({ id, clicks })),
		articles.map(({ id, clicks }) => ({ id, clicks })),
	);
	const searched = sandbox.stats.log.filter((entry) => entry.route === 'GET /api/urls').at(-1);
	assert.match(searched.url, /[?&]q=article(&|$)/);
	assert.match(searched.url, /[?&]order=click(&|$)/);
	const [newest] = ok(await call('find_links', {}), 'find_links without arguments');
	assert.ok(newest, 'the defaults: the newest links');

	// get_link by the short URL: destination and statistics
	const link4 = store.links.get(4);
	const [got] = ok(await call('get_link', { shortUrl: link4.shorturl }), 'get_link');
	assert.equal(got.id, 4);
	assert.equal(got.longurl, link4.longurl);
	assert.equal(typeof got.statistics?.clicks, 'number');

	// get_link_statistics: rows whose counts add up to the link's clicks, per dimension
	const link1 = store.links.get(1);
	const rows = ok(
		await call('get_link_statistics', { shortUrl: link1.shorturl }),
		'get_link_statistics',
	);
	const dimensions = [...new Set(rows.map((row) => row.dimension))];
	assert.deepEqual(dimensions, ['country', 'referrer', 'browser', 'os', 'social']);
	for (const dimension of ['country', 'referrer', 'browser', 'os']) {
		const of = rows.filter((row) => row.dimension === dimension);
		const sum = of.reduce((total, row) => total + row.count, 0);
		assert.equal(sum, link1.clicks, `${dimension}: the counts add up to the link's clicks`);
		assert.ok(Math.abs(of.reduce((total, row) => total + row.share, 0) - 1) < 1e-9);
		for (const row of of) assert.deepEqual(Object.keys(row).sort(), ROW_KEYS);
	}

	// change_link_destination: the sandbox's link leads to the new address
	const moved = 'https://example.com/newsletter/2026-12-corrected';
	const [changed] = ok(
		await call('change_link_destination', { shortUrl: made.shorturl, url: moved }),
		'change_link_destination',
	);
	assert.deepEqual(changed, { id: made.id, shorturl: made.shorturl, longurl: moved });
	assert.equal(store.links.get(made.id).longurl, moved);

	// create_qr_code: a QR code with the name and color, its image at the answered address
	const poster = 'https://example.com/poster/winter';
	const [qr] = ok(
		await call('create_qr_code', { url: poster, name: 'Winter poster', foreground: 'navy' }),
		'create_qr_code',
	);
	assert.deepEqual(Object.keys(qr).sort(), ['id', 'link']);
	const stored = store.qr.get(qr.id);
	assert.equal(stored?.data, poster);
	assert.equal(stored.name, 'Winter poster');
	assert.equal(stored.foreground, 'rgb(0,0,128)', 'navy, as the service takes colors');
	const image = await fetch(qr.link);
	assert.equal(image.status, 200, `the image address ${qr.link}`);
	assert.equal(image.headers.get('content-type'), 'image/png');

	// list_campaigns: the limit the model gave
	const campaigns = ok(await call('list_campaigns', { limit: 3 }), 'list_campaigns');
	assert.deepEqual(
		campaigns.map(({ id, name }) => ({ id, name })),
		[1, 2, 3].map((id) => ({ id, name: store.campaigns.get(id).name })),
	);
	return `${Object.keys(TOOLS).length} tools called (the shortened address once more: unchanged)`;
}

/** What a row of Get Statistics holds (docs/analytics.md). */
const ROW_KEYS = ['count', 'dimension', 'label', 'linkId', 'share', 'shorturl'];

/**
 * Arguments a model may get wrong, each refused with an error naming what to change (the
 * argument, as the model passed it), before any request reaches the sandbox: the node's checks,
 * and n8n's check of the input schema.
 */
async function badArguments(call, sandbox) {
	const cases = [
		[
			'shorten_url',
			{ url: 'example.com/newsletter' },
			[/'url'/, /http:\/\/ or https:\/\//, /example\.com\/newsletter/],
		],
		['shorten_url', { url: 42 }, [/url/, /string/i]],
		['shorten_url', {}, [/url/, /required/i]],
		[
			'change_link_destination',
			{ shortUrl: 'newsletter', url: 'https://example.com/x' },
			[/'shortUrl'/, /short URL/, /"newsletter"/],
		],
		[
			'create_qr_code',
			{ url: 'https://example.com/x', foreground: 'blurple' },
			[/'foreground'/, /#RRGGBB/, /"blurple"/],
		],
		['find_links', { order: 'popular' }, [/'order'/, /date, clicks/, /"popular"/]],
		['list_campaigns', { limit: 0 }, [/'limit'/, /positive whole number/, /"0"/]],
	];
	for (const [name, args, says] of cases) {
		const before = sandbox.stats.requests;
		const answer = await call(name, args);
		assert.equal(
			answer.isError,
			true,
			`${name} ${JSON.stringify(args)} was not refused: ${answer.text}`,
		);
		for (const pattern of says)
			assert.match(answer.text, pattern, `${name} ${JSON.stringify(args)}: ${answer.text}`);
		assert.equal(
			sandbox.stats.requests,
			before,
			`${name} ${JSON.stringify(args)} reached the sandbox`,
		);
	}
	return cases.length;
}

/** AT_ONCE addresses shortened at once: each answered with its own link, made once, no 429. */
async function atOnce(call, sandbox) {
	const urls = Array.from({ length: AT_ONCE }, (_, i) => `https://example.com/issue/${i + 1}`);
	const postsBefore = sandbox.stats.byPath['POST /api/url/add'] ?? 0;
	const started = Date.now();
	const answered = await Promise.all(urls.map((url) => call('shorten_url', { url })));
	const ms = Date.now() - started;
	answered.forEach((answer, i) => {
		assert.equal(answer.isError, false, `call ${i + 1} failed: ${answer.text}`);
		const [link] = answer.json;
		assert.equal(link.longurl, urls[i], `call ${i + 1} answers its own link`);
		assert.equal(link.outcome, 'created');
	});
	assert.equal(new Set(answered.map((answer) => answer.json[0].id)).size, AT_ONCE);
	for (const url of urls) {
		const links = sandbox.store.links.list().filter((link) => link.longurl === url);
		assert.equal(links.length, 1, `${url}: one link`);
	}
	assert.equal((sandbox.stats.byPath['POST /api/url/add'] ?? 0) - postsBefore, AT_ONCE);
	assert.equal(sandbox.stats.rateLimited, 0, 'no request was answered 429');
	return ms;
}

/** A delete tool added to the server and published: a new session lists it and it deletes. */
async function withDeleteTool({
	n8n,
	workflow,
	url,
	token,
	clients,
	answers,
	credential,
	sandbox,
}) {
	const tool = deleteTool(credential);
	const saved = await n8n.updateWorkflow(workflow.id, ({ nodes, connections }) => ({
		nodes: [...nodes, tool],
		connections: {
			...connections,
			[tool.name]: { ai_tool: [[{ node: 'MCP Server Trigger', type: 'ai_tool', index: 0 }]] },
		},
	}));
	await n8n.activate(saved);
	const client = await connectMcp(url, token);
	clients.push(client);
	const { tools } = await client.listTools();
	assert.ok(
		tools.some((listed) => listed.name === 'delete_link'),
		'the new session lists delete_link',
	);
	const victim = sandbox.store.links.get(2);
	const answer = answerOf(
		await client.callTool({ name: 'delete_link', arguments: { shortUrl: victim.shorturl } }),
	);
	answers.push(answer.text);
	assert.equal(answer.isError, false, answer.text);
	assert.deepEqual(answer.json, [{ deleted: true, linkId: 2 }]);
	assert.equal(sandbox.store.links.get(2), undefined, 'the sandbox has deleted link 2');
}

/** Every execution of the server's tool calls (n8n keeps one per call) without the API key. */
async function checkExecutions(n8n, workflowId, apiKey) {
	const executions = await executionsOf(n8n, workflowId);
	for (const { id, raw } of executions)
		assert.ok(!raw.includes(apiKey), `execution ${id} shows the API key`);
	return executions.length;
}
