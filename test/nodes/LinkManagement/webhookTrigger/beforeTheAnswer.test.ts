/**
 * What the webhook trigger costs n8n while the service waits for the answer (the visitor's
 * redirect waits with it). n8n 2.x needs its expression engine only where an expression is
 * evaluated: with N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true a call that evaluates nothing builds no
 * isolate. So, until a notification is answered, nothing of the node's own may evaluate an
 * expression, ask for an isolate or read the credential (which n8n resolves in an isolate too):
 * its webhook description resolves without the engine, as n8n's own Webhook node's does, and its
 * parameters are read as the plain values the editor stores. With Add Link Record the credential
 * is read, and the link looked up, only after the answer.
 */
import nock from 'nock';
import type { INodeParameters } from 'n8n-workflow';
import {
	Expression,
	nodeParametersAreStatic,
	webhookDescriptionIsNativelyResolvable,
} from 'n8n-workflow';

import { TEST_BASE_URL } from '../../../helpers';
import { listAnswer, linkRecords } from '../../../helpers/fixtures';
import {
	linkClickedNotification as clicked,
	linkCreatedNotification as created,
	webhookTrigger,
	webhookTriggerType,
} from '../../../helpers/webhookTrigger';
import { TestCredentialsHelper } from '../../../harness';

const ALLOWLIST = { options: { ipAllowlist: '203.0.113.0/24, 2001:db8::/32' } };
const LOOKUP = { addLinkRecord: true, options: { reuseLinkRecord: 0, pageSize: 100 } };

/**
 * A trigger whose `events` also note each expression evaluated (`evaluated`), each isolate asked
 * for (`isolate`) and each read of the credential (`credential read`), in order with its answers.
 */
function watchedTrigger(parameters: INodeParameters) {
	const trigger = webhookTrigger(parameters);
	const note = (what: string) => trigger.events.push(what);
	const evaluate = Expression.prototype.resolveSimpleParameterValue;
	jest.spyOn(Expression.prototype, 'resolveSimpleParameterValue').mockImplementation(function (
		this: Expression,
		...args
	) {
		if (typeof args[0] === 'string' && args[0].startsWith('=')) note('evaluated');
		return evaluate.apply(this, args);
	});
	const acquire = Expression.prototype.acquireIsolate;
	jest.spyOn(Expression.prototype, 'acquireIsolate').mockImplementation(async function (
		this: Expression,
	) {
		note('isolate');
		return await acquire.call(this);
	});
	const read = TestCredentialsHelper.prototype.getDecrypted;
	jest.spyOn(TestCredentialsHelper.prototype, 'getDecrypted').mockImplementation(async function (
		this: TestCredentialsHelper,
		...args
	) {
		note('credential read');
		return await read.apply(this, args);
	});
	return trigger;
}

afterEach(() => jest.restoreAllMocks());

test("n8n resolves the webhook's description without its expression engine", () => {
	const webhooks = webhookTriggerType.description.webhooks ?? [];

	expect(webhooks).toHaveLength(1);
	for (const webhook of webhooks)
		expect(webhookDescriptionIsNativelyResolvable(webhook)).toBe(true);
});

test.each([
	['as the editor adds it', {}],
	['with an IP(s) Allowlist', ALLOWLIST],
	['with Add Link Record', LOOKUP],
])('its parameters %s are plain values', (_what, parameters) => {
	expect(nodeParametersAreStatic(webhookTrigger(parameters).node)).toBe(true);
});

test.each([
	['a click', {}, clicked, {}],
	['a new link', {}, created, {}],
	['an event not chosen', { events: ['linkCreated'] }, clicked, {}],
	['a body that is not a notification', {}, { type: 'bio' }, {}],
	['a caller in the IP(s) Allowlist', ALLOWLIST, clicked, { ip: '203.0.113.9' }],
	['a caller outside it', ALLOWLIST, clicked, { ip: '198.51.100.9' }],
	['an allowlist that cannot be read', { options: { ipAllowlist: '10.0.0.300' } }, clicked, {}],
])('%s: answered with nothing evaluated, no isolate, no credential read', async (...args) => {
	const [, parameters, body, options] = args;
	const trigger = watchedTrigger(parameters);

	const { answer } = await trigger.post(body, options);

	expect(answer).toBeDefined();
	expect(trigger.events).toEqual([`answered ${answer?.status}`]);
});

test('Add Link Record: the credential is read, and the link looked up, after the answer', async () => {
	nock(TEST_BASE_URL)
		.get('/api/urls')
		.query(true)
		.reply(200, () => listAnswer('urls', [linkRecords[0]]));
	const trigger = watchedTrigger(LOOKUP);

	const { items } = await trigger.post(clicked);

	expect(items?.[0].link).toEqual(linkRecords[0]);
	expect(trigger.events[0]).toBe('answered 200');
	expect(trigger.events).toContain('credential read');
});
