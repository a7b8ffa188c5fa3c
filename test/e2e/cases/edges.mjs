// Options › Proxy and Ignore SSL Issues in a running n8n (a server case, both majors), through a
// forward proxy the case starts on loopback (lib/proxy.mjs: http targets in absolute form, https
// ones through CONNECT; one open, one asking for a Basic password) and a copy of the sandbox
// served over https with a self-signed certificate made at run time (lib/tls.mjs). One workflow,
// started by n8n's own Webhook node, holds a Link Management node per situation (each with
// Continue On Fail, so that each says what it says): items succeed through the proxies (the
// proxies saw them), a wrong proxy password fails its item saying the PROXY refused it (407),
// the self-signed service fails its item naming the certificate and the option and succeeds
// with the option on, https goes through the proxy as a tunnel that never shows the key, and
// no create is sent twice (the sandbox counts them). Download QR Image and both triggers' lookups
// go through the proxy too. Neither password shows in any output, message or n8n's log.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';

import { startProxy } from '../lib/proxy.mjs';
import { startHttpsFront } from '../lib/tls.mjs';
import { waitFor } from '../lib/util.mjs';
import { activateWebhookTrigger, post } from '../lib/webhooks.mjs';
import {
	CREDENTIAL_TYPE,
	credentialsOf,
	n8nWebhookNode,
	PACKAGE_NODE_TYPE,
	PACKAGE_TRIGGER_NODE_TYPE,
	PACKAGE_WEBHOOK_TRIGGER_NODE_TYPE,
} from '../lib/workflows.mjs';
import { executionsOf } from './trigger.mjs';

const PROXY_USER = 'e2e-proxy-user';
const PROXY_PASSWORD = 'Pr0xy-pass-e2e-5c1d';
const WRONG_PASSWORD = 'Wr0ng-pass-e2e-9b2e';

const PROXY_REFUSED =
	'The proxy refused the request: it answered HTTP 407 (Proxy Authentication Required)';
const CERTIFICATE_REFUSED =
	'Could not reach the Link Management service: its SSL certificate could not be verified';

/** A QR code create (type link) named `name`, with these Options. */
const createQr = (name, options) => ({
	resource: 'qrCode',
	operation: 'create',
	type: 'link',
	data: `https://example.com/${name}`,
	additionalFields: { name },
	options,
});

async function createCredential(n8n, name, data) {
	const res = await n8n.rest('POST', '/rest/credentials', { name, type: CREDENTIAL_TYPE, data });
	assert.equal(res.status, 200, `creating ${name}: ${JSON.stringify(res.body).slice(0, 600)}`);
	return { id: (res.body.data ?? res.body).id, name };
}

async function createWorkflow(n8n, name, nodes, connections = {}) {
	const res = await n8n.rest('POST', '/rest/workflows', {
		name,
		nodes,
		connections,
		settings: { executionOrder: 'v1' },
		active: false,
	});
	assert.equal(res.status, 200, `creating ${name}: ${JSON.stringify(res.body).slice(0, 600)}`);
	const { id, versionId } = res.body.data ?? res.body;
	return { id, versionId };
}

async function activate(n8n, { id, versionId }) {
	const res = await n8n.rest('POST', `/rest/workflows/${id}/activate`, { versionId });
	assert.equal(res.status, 200, `activating ${id}: ${JSON.stringify(res.body).slice(0, 600)}`);
}

/** Every item n8n kept of `node` in `execution`: its json and what n8n kept of its error. */
function itemsOf(execution, node) {
	const task = execution.runData[node]?.[0];
	assert.ok(task, `node "${node}" ran (ran: ${Object.keys(execution.runData).join(', ')})`);
	return (task.data?.main?.[0] ?? []).map(({ json, error }) => ({ json, error }));
}

export const edgesCase = {
	name: 'proxy and certificates: Options › Proxy (open, with a password, a wrong one; http and CONNECT) and Ignore SSL Issues against a self-signed copy of the sandbox; the QR image and both triggers through the proxy',
	async check({ n8n, sandbox, apiKey, credential }) {
		const openProxy = await startProxy();
		const guardedProxy = await startProxy({
			auth: { username: PROXY_USER, password: PROXY_PASSWORD },
		});
		const httpsSandbox = await startHttpsFront(sandbox.url);
		const withPassword = (password) =>
			`http://${PROXY_USER}:${password}@127.0.0.1:${guardedProxy.port}`;
		const workflows = [];
		let https;
		try {
			https = await createCredential(n8n, 'Link Management over https (self-signed)', {
				baseUrl: httpsSandbox.url,
				apiKey,
			});
			const lm = (name, parameters, cred = credential) => ({
				id: randomUUID(),
				name,
				type: PACKAGE_NODE_TYPE,
				typeVersion: 1,
				position: [0, 0],
				parameters,
				credentials: credentialsOf(cred),
				onError: 'continueRegularOutput',
			});
			const steps = [
				lm('Open proxy: create', createQr('via-open-proxy', { proxy: openProxy.url })),
				lm('Open proxy: QR image', {
					resource: 'qrCode',
					operation: 'downloadImage',
					qrCodeId: {
						__rl: true,
						mode: 'id',
						value: "={{ $('Open proxy: create').item.json.id }}",
					},
					format: 'png',
					size: 300,
					binaryPropertyName: 'data',
					options: { proxy: openProxy.url },
				}),
				lm(
					'Proxy password: create',
					createQr('via-guarded-proxy', { proxy: withPassword(PROXY_PASSWORD) }),
				),
				lm(
					'Wrong proxy password: create',
					createQr('wrong-proxy-password', { proxy: withPassword(WRONG_PASSWORD) }),
				),
				lm('Self-signed: create', createQr('self-signed-refused', {}), https),
				lm(
					'Self-signed, Ignore SSL Issues: create',
					createQr('self-signed-accepted', { allowUnauthorizedCerts: true }),
					https,
				),
				lm(
					'Self-signed through the proxy: create',
					createQr('self-signed-tunnelled', {
						allowUnauthorizedCerts: true,
						proxy: withPassword(PROXY_PASSWORD),
					}),
					https,
				),
				lm(
					'Self-signed, wrong proxy password: create',
					createQr('tunnel-wrong-password', {
						allowUnauthorizedCerts: true,
						proxy: withPassword(WRONG_PASSWORD),
					}),
					https,
				),
			];
			const webhook = n8nWebhookNode('Start', 'lastNode');
			const { path } = webhook.parameters;
			const chain = [webhook, ...steps];
			const connections = Object.fromEntries(
				chain
					.slice(0, -1)
					.map((node, i) => [
						node.name,
						{ main: [[{ node: chain[i + 1].name, type: 'main', index: 0 }]] },
					]),
			);
			const actions = await createWorkflow(n8n, 'E2E: proxy and certificates', chain, connections);
			workflows.push(actions.id);
			await activate(n8n, actions);
			const url = `${n8n.baseUrl}/webhook/${path}`;
			for (const proxy of [openProxy, guardedProxy]) proxy.seen.length = 0;
			sandbox.reset();
			// n8n answers 404 until it has registered the address (nothing runs then); the first
			// other answer is the one run, answered when the workflow ends.
			const started = await waitFor(
				async () => {
					const answer = await post(url, { run: 1 });
					return answer.status !== 404 && answer;
				},
				{ timeoutMs: 30_000, intervalMs: 300, what: 'the workflow’s webhook' },
			);
			assert.equal(started.status, 200, started.text.slice(0, 600));
			const execution = await waitFor(async () => (await executionsOf(n8n, actions.id))[0], {
				timeoutMs: 60_000,
				intervalMs: 500,
				what: 'the execution',
			});
			const only = (node) => {
				const items = itemsOf(execution, node);
				assert.equal(items.length, 1, `${node}: ${items.length} items`);
				return items[0];
			};

			// Through the open proxy: the create and the QR image, both seen by it (absolute form).
			const openCreate = only('Open proxy: create');
			const created = openCreate.json;
			assert.equal(created.error, undefined, JSON.stringify(openCreate).slice(0, 3000));
			const image = only('Open proxy: QR image');
			assert.equal(image.json.error, undefined, JSON.stringify(image.json));
			const imageRun = execution.runData['Open proxy: QR image'][0].data.main[0][0];
			assert.equal(imageRun.binary?.data?.mimeType, 'image/png', JSON.stringify(imageRun.binary));
			const qrId = Number(created.id);
			assert.deepEqual(
				openProxy.seen.map(({ method, target }) => `${method} ${new URL(target).pathname}`),
				[
					'POST /api/qr/add',
					`GET /api/qr/${qrId}`,
					`GET ${new URL(sandbox.store.qr.get(qrId).link).pathname}/download/png/300`,
				],
				JSON.stringify(openProxy.seen.map(({ method, target }) => `${method} ${target}`)),
			);

			// With the password: through; a wrong one: the proxy's 407, said so, nothing sent on.
			assert.equal(only('Proxy password: create').json.error, undefined);
			for (const node of [
				'Wrong proxy password: create',
				'Self-signed, wrong proxy password: create',
			]) {
				const { json, error } = only(node);
				assert.ok(json.error?.startsWith(PROXY_REFUSED), `${node}: ${JSON.stringify(json)}`);
				if (error?.description)
					assert.match(
						error.description,
						/Options › 'Proxy' \(127\.0\.0\.1:\d+\) did not accept the user name and password given/,
					);
			}
			assert.deepEqual(
				guardedProxy.seen.map(({ method, target, authorized }) => [
					method,
					method === 'CONNECT' ? target : new URL(target).pathname,
					authorized,
				]),
				[
					['POST', '/api/qr/add', true],
					['POST', '/api/qr/add', false],
					['CONNECT', `127.0.0.1:${httpsSandbox.port}`, true],
					['CONNECT', `127.0.0.1:${httpsSandbox.port}`, false],
				],
				JSON.stringify(guardedProxy.seen.map(({ method, target }) => `${method} ${target}`)),
			);

			// The self-signed service: refused naming the certificate and the option; accepted with it.
			const refused = only('Self-signed: create');
			assert.ok(refused.json.error?.startsWith(CERTIFICATE_REFUSED), JSON.stringify(refused.json));
			if (refused.error?.description)
				assert.match(refused.error.description, /Ignore SSL Issues \(Insecure\)/);
			assert.equal(only('Self-signed, Ignore SSL Issues: create').json.error, undefined);
			// Through the proxy n8n 2.x applies Ignore SSL Issues to the tunnel too; n8n 1.x applies it
			// to the proxy's connection only, so the certificate is refused there, and the message
			// says what helps instead.
			const viaTunnel = only('Self-signed through the proxy: create');
			const tunnelAccepted = n8n.target.major >= 2;
			if (tunnelAccepted) assert.equal(viaTunnel.json.error, undefined);
			else {
				assert.ok(viaTunnel.json.error?.startsWith(CERTIFICATE_REFUSED), JSON.stringify(viaTunnel));
				if (viaTunnel.error?.description)
					assert.match(
						viaTunnel.error.description,
						/n8n 1\.x does not apply it through a proxy.*NODE_EXTRA_CA_CERTS/,
					);
			}
			// Through CONNECT the proxy saw encrypted bytes only: never the key.
			const tunnelled = guardedProxy.tunnelled();
			assert.ok(tunnelled.length > 0, 'bytes went through the tunnel');
			assert.ok(!tunnelled.includes(apiKey), 'the proxy saw the API key in the tunnel');
			assert.ok(!tunnelled.includes('qr/add'), 'the proxy saw the request in the tunnel');

			// Each create that reached the sandbox came once; none of the refused ones came.
			const creates = sandbox.stats.log.filter((entry) => entry.route === 'POST /api/qr/add');
			const reached = ['via-open-proxy', 'via-guarded-proxy', 'self-signed-accepted'];
			const refusedNames = ['wrong-proxy-password', 'self-signed-refused', 'tunnel-wrong-password'];
			(tunnelAccepted ? reached : refusedNames).push('self-signed-tunnelled');
			assert.equal(creates.length, reached.length, `${creates.length} creates reached the sandbox`);
			const names = sandbox.store.qr.list().map((record) => record.name);
			for (const name of reached)
				assert.equal(names.filter((n) => n === name).length, 1, `${name} created once`);
			for (const name of refusedNames) assert.ok(!names.includes(name), `${name} was not created`);

			// Both triggers' requests go through the proxy too.
			const triggers = await triggersThroughProxy({
				n8n,
				sandbox,
				credential,
				proxy: guardedProxy,
				withPassword,
				workflows,
			});

			// No password in any output, message or n8n's log (the workflow keeps the Proxy address as
			// typed, in its own parameters).
			const said = JSON.stringify([
				...Object.values(execution.runData).flatMap((tasks) => tasks.map((task) => task.data)),
				...triggers.outputs,
			]);
			for (const secret of [PROXY_PASSWORD, WRONG_PASSWORD, apiKey])
				assert.ok(!said.includes(secret), 'a password or the key shows in an output');
			assert.ok(!n8n.serverLog.includes(PROXY_PASSWORD), "the proxy password is in n8n's log");
			assert.ok(!n8n.serverLog.includes(WRONG_PASSWORD), "the wrong password is in n8n's log");

			return {
				note: `${creates.length} creates through 2 proxies and a self-signed https copy, each once${tunnelAccepted ? '' : ' (n8n 1.x: the self-signed copy through the proxy refused, saying why)'}; 407 and the certificate refused with their messages; ${guardedProxy.tunnelled().length} bytes tunnelled without the key; ${triggers.note}`,
			};
		} finally {
			for (const id of workflows) await n8n.rest('POST', `/rest/workflows/${id}/deactivate`, {});
			// The editor offers the newest credential of the type first: the browser check that
			// follows must not get this one, whose service is gone with the case.
			if (https) await n8n.rest('DELETE', `/rest/credentials/${https.id}`);
			await openProxy.close();
			await guardedProxy.close();
			await httpsSandbox.close();
		}
	},
};

/**
 * The polling trigger's first poll (n8n makes it on activation) and the webhook trigger's lookup
 * of a notified short URL go through the proxy with the password; with a wrong one the webhook
 * trigger's item says the proxy refused the lookup.
 */
const POLL = /\/api\/qr(\?|$)/;

async function triggersThroughProxy({ n8n, sandbox, credential, proxy, withPassword, workflows }) {
	const seenBefore = proxy.seen.length;
	const poller = await createWorkflow(n8n, 'E2E: trigger through the proxy', [
		{
			id: randomUUID(),
			name: 'New QR code',
			type: PACKAGE_TRIGGER_NODE_TYPE,
			typeVersion: 1,
			position: [0, 0],
			parameters: {
				event: 'qrCodeCreated',
				pollTimes: { item: [{ mode: 'everyMinute' }] },
				options: { proxy: withPassword(PROXY_PASSWORD) },
			},
			credentials: credentialsOf(credential),
		},
	]);
	workflows.push(poller.id);
	const webhookTrigger = (name, password) => ({
		id: randomUUID(),
		name,
		type: PACKAGE_WEBHOOK_TRIGGER_NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		webhookId: randomUUID(),
		// Reuse 0: other cases of this n8n looked the same links up with this credential, and a
		// record they left must not answer for the proxy.
		parameters: {
			addLinkRecord: true,
			options: { proxy: withPassword(password), reuseLinkRecord: 0 },
		},
		credentials: credentialsOf(credential),
	});
	const lookups = await createWorkflow(n8n, 'E2E: webhook trigger through the proxy', [
		webhookTrigger('Notification', PROXY_PASSWORD),
	]);
	const refusedLookups = await createWorkflow(n8n, 'E2E: webhook trigger, wrong proxy password', [
		webhookTrigger('Notification', WRONG_PASSWORD),
	]);
	workflows.push(lookups.id, refusedLookups.id);
	await activate(n8n, poller);
	await waitFor(() => proxy.seen.slice(seenBefore).some(({ target }) => POLL.test(target)), {
		timeoutMs: 60_000,
		intervalMs: 300,
		what: "the trigger's first poll through the proxy",
	});
	const polled = proxy.seen.slice(seenBefore).filter(({ target }) => POLL.test(target));
	assert.ok(polled.every(({ authorized }) => authorized));

	const outputs = [];
	// Two short URLs, each looked up through the proxy (nothing reused, see webhookTrigger above).
	for (const [workflow, expect, linkId] of [
		[lookups, 'record', 5],
		[refusedLookups, 'refused', 6],
	]) {
		const { url } = await activateWebhookTrigger(
			n8n,
			workflow.id,
			PACKAGE_WEBHOOK_TRIGGER_NODE_TYPE,
		);
		const shorturl = sandbox.store.links.get(linkId).shorturl;
		const answer = await post(url, { type: 'view', shorturl, country: 'Canada' });
		assert.equal(answer.status, 200, answer.text);
		let item;
		await waitFor(
			async () => {
				const [execution] = await executionsOf(n8n, workflow.id);
				item = execution?.runData.Notification?.[0]?.data?.main?.[0]?.[0]?.json;
				return item;
			},
			{ timeoutMs: 60_000, intervalMs: 500, what: "the webhook trigger's execution" },
		);
		outputs.push(item);
		if (expect === 'record') assert.equal(item.link?.id, 5, JSON.stringify(item));
		else {
			assert.equal(item.link, null, JSON.stringify(item));
			assert.ok(item.linkError?.startsWith(PROXY_REFUSED), JSON.stringify(item));
		}
	}
	const lookupsSeen = proxy.seen
		.slice(seenBefore)
		.filter(({ target }) => target.includes('/api/urls?'))
		.map(({ authorized }) => authorized);
	assert.deepEqual(lookupsSeen, [true, false], 'one lookup with the password, one refused');
	return {
		outputs,
		note: `the trigger's first poll and the webhook trigger's lookups through the proxy (a wrong password: "${PROXY_REFUSED}" in linkError)`,
	};
}
