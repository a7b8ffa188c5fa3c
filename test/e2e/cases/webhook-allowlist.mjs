// The Link Management Webhook Trigger's IP(s) Allowlist in a running n8n (a server case, both
// majors); the notifications themselves are webhook-trigger.mjs's case.
import assert from 'node:assert/strict';

import { sleep } from '../lib/util.mjs';
import { post, webhookAddresses } from '../lib/webhooks.mjs';
import { PACKAGE_WEBHOOK_TRIGGER_NODE_TYPE, packageWebhookTriggerNode } from '../lib/workflows.mjs';
import { executionsOf, outputs } from './trigger.mjs';
import { finishedExecutions } from './webhook-trigger.mjs';

const ALLOWED = '203.0.113.7';
const LIST = `${ALLOWED}, 10.0.0.0/8, 2001:db8::/32`;

/**
 * Options › IP(s) Allowlist in a running n8n started with N8N_PROXY_HOPS=1 (major.mjs), so that
 * the caller n8n resolves is the last address of X-Forwarded-For, as behind one reverse proxy:
 * an allowed caller starts an execution; one outside the list, and one that put the allowed
 * address first in X-Forwarded-For itself, are answered 403 naming the address n8n saw and start
 * nothing; an IPv4 caller written as IPv6 (`::ffff:10.1.2.3`) matches its IPv4 range; a list
 * with an entry that is not an address refuses even the allowed caller and names the entry.
 */
export const webhookAllowlistCase = {
	name: 'webhook trigger allowlist (IP(s) Allowlist): allowed, refused with 403 and nothing started, N8N_PROXY_HOPS, mapped IPv4, a wrong entry',
	async check({ n8n, sandbox, credential }) {
		const trigger = (ipAllowlist) =>
			packageWebhookTriggerNode('Notification', { options: { ipAllowlist } }, { credential });
		const ids = [];
		const create = async (name, ipAllowlist) => {
			const { id } = await n8n.createWorkflow(name, [trigger(ipAllowlist)]);
			ids.push(id);
			return id;
		};
		try {
			const listed = await create('E2E: webhook trigger with an allowlist', LIST);
			const wrong = await create(
				'E2E: webhook trigger, a wrong allowlist entry',
				`${ALLOWED}, 10.0.0.300`,
			);
			// The address is registered once it answers; the probe is refused (403), never 404.
			const activated = async (workflowId) => {
				const { url, versionId } = await webhookAddresses(
					n8n,
					workflowId,
					PACKAGE_WEBHOOK_TRIGGER_NODE_TYPE,
				);
				const res = await n8n.rest('POST', `/rest/workflows/${workflowId}/activate`, { versionId });
				assert.equal(res.status, 200, JSON.stringify(res.body).slice(0, 600));
				const until = Date.now() + 30_000;
				while ((await post(url, {})).status === 404) {
					if (Date.now() > until)
						throw new Error(`${url} not registered 30 s after the activation`);
					await sleep(200);
				}
				return url;
			};
			const [listedUrl, wrongUrl] = [await activated(listed), await activated(wrong)];
			const click = {
				type: 'view',
				shorturl: sandbox.store.links.get(1).shorturl,
				country: 'Canada',
			};
			const from = async (url, forwardedFor) => {
				const res = await fetch(url, {
					method: 'POST',
					headers: {
						'Content-Type': 'application/json',
						...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}),
					},
					body: JSON.stringify({ ...click, city: forwardedFor ?? 'none' }),
				});
				return { status: res.status, body: await res.json().catch(() => null) };
			};
			const answers = {
				allowed: await from(listedUrl, ALLOWED),
				mapped: await from(listedUrl, '::ffff:10.1.2.3'),
				outside: await from(listedUrl, '198.51.100.9'),
				spoofed: await from(listedUrl, `${ALLOWED}, 198.51.100.9`),
				wrongEntry: await from(wrongUrl, ALLOWED),
			};
			assert.deepEqual(answers.allowed, { status: 200, body: { message: 'Received' } });
			assert.deepEqual(answers.mapped, { status: 200, body: { message: 'Received' } });
			const notListed = (address) => ({
				status: 403,
				body: {
					message: `Refused: the caller's address (${address}) is not in the trigger's IP(s) Allowlist`,
				},
			});
			assert.deepEqual(answers.outside, notListed('198.51.100.9'));
			// One proxy hop is trusted: the address it appended counts, not what the caller wrote.
			assert.deepEqual(answers.spoofed, notListed('198.51.100.9'));
			assert.deepEqual(answers.wrongEntry, {
				status: 403,
				body: {
					message:
						'Refused: the trigger\'s IP(s) Allowlist holds an entry that is not an IP address or CIDR range ("10.0.0.300"), so every call is refused until it is corrected',
				},
			});

			// Exactly the two allowed calls started an execution; the refused ones nothing.
			const runs = await finishedExecutions(n8n, listed, 2);
			assert.deepEqual(
				outputs(runs, 'Notification')
					.map((item) => item.city)
					.sort(),
				['203.0.113.7', '::ffff:10.1.2.3'].sort(),
			);
			assert.deepEqual(await executionsOf(n8n, wrong), [], 'the wrong list started nothing');
			return { note: 'allowed 2 (one as ::ffff:10.1.2.3), refused 3 with 403, 2 executions' };
		} finally {
			for (const id of ids) await n8n.rest('POST', `/rest/workflows/${id}/deactivate`, {});
		}
	},
};
