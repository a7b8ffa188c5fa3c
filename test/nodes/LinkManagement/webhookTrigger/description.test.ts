/**
 * The webhook trigger's public interface, the names users' workflows store: type name, the one
 * POST webhook, `events`, `addLinkRecord` and its Options; and what n8n shows of it: where to
 * paste the address, the trigger panel, the subtitle, the credential only when it is needed, the
 * codex file and the icons.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { canvasSubtitle } from '../../../harness';
import { parameterNames, parameterOf } from '../../../helpers/description';
import { triggerType as pollingTrigger } from '../../../helpers/trigger';
import { WEBHOOK_TRIGGER_TYPE, webhookTriggerType } from '../../../helpers/webhookTrigger';

const ROOT = join(__dirname, '..', '..', '..', '..');
const { description } = webhookTriggerType;
const property = parameterOf(description);

test('a webhook trigger named as the interface says, with the same credential and icon', () => {
	expect(description).toMatchObject({
		name: 'linkManagementWebhookTrigger',
		displayName: 'Link Management Webhook Trigger',
		// workflows saved at 1 keep it; the editor adds 1.1
		version: [1, 1.1],
		defaultVersion: 1.1,
		group: ['trigger'],
		inputs: [],
		outputs: ['main'],
		icon: pollingTrigger.description.icon,
	});
	expect(description.polling).toBeUndefined();
	expect(typeof webhookTriggerType.webhook).toBe('function');
	expect(parameterNames(description)).toEqual([
		'whereToPaste',
		'events',
		'addLinkRecord',
		'options',
	]);
});

test("one POST address for both notifications, answered on receipt with the node's own answer", () => {
	expect(description.webhooks).toEqual([
		{
			name: 'default',
			httpMethod: 'POST',
			responseMode: 'onReceived',
			// n8n answers with the node's `webhookResponse` only when this is empty
			responseData: '',
			path: 'notification',
		},
	]);
});

test('`events`: Link Created and Link Clicked, both by default', () => {
	const events = property('events');
	expect(events).toMatchObject({
		displayName: 'Events',
		type: 'multiOptions',
		noDataExpression: true,
		default: ['linkClicked', 'linkCreated'],
	});
	expect(
		(events.options as INodePropertyOptions[]).map(({ name, value }) => [name, value]),
	).toEqual([
		['Link Clicked', 'linkClicked'],
		['Link Created', 'linkCreated'],
	]);
});

test("`addLinkRecord` is off by default; the credential and the lookup's Options are asked only with it", () => {
	expect(property('addLinkRecord')).toMatchObject({ type: 'boolean', default: false });
	expect(description.credentials).toEqual([
		{
			name: 'linkManagementApi',
			required: true,
			displayOptions: { show: { addLinkRecord: [true] } },
		},
	]);
	const options = property('options');
	expect(options.displayOptions).toBeUndefined();
	const shownWith = Object.fromEntries(
		(options.options as INodeProperties[]).map(({ name, displayOptions }) => [
			name,
			displayOptions ?? 'always',
		]),
	);
	const withLookup = { show: { '/addLinkRecord': [true] } };
	expect(shownWith).toEqual({
		allowUnauthorizedCerts: withLookup,
		ipAllowlist: 'always',
		maxTotalWait: withLookup,
		maxWait: withLookup,
		pageSize: withLookup,
		proxy: withLookup,
		reuseLinkRecord: withLookup,
		timeout: withLookup,
	});
	expect((options.options as INodeProperties[]).map(({ displayName }) => displayName)).toEqual(
		(options.options as INodeProperties[])
			.map(({ displayName }) => displayName)
			.sort((a, b) => a.localeCompare(b)),
	);
	expect(
		(options.options as INodeProperties[]).find(({ name }) => name === 'reuseLinkRecord'),
	).toMatchObject({
		displayName: 'Reuse Link Record for (Seconds)',
		type: 'number',
		default: 60,
		typeOptions: { minValue: 0 },
	});
});

test('`ipAllowlist` in Options: "IP(s) Allowlist", text, empty by default, shown whatever Add Link Record says', () => {
	const options = property('options');
	expect(
		(options.options as INodeProperties[]).find(({ name }) => name === 'ipAllowlist'),
	).toMatchObject({
		displayName: 'IP(s) Allowlist',
		type: 'string',
		default: '',
		placeholder: expect.stringMatching(/^e\.g\. /),
	});
});

test('the panel says where to paste the Production URL, and what the Test URL is for', () => {
	const notice = property('whereToPaste');
	expect(notice.type).toBe('notice');
	expect(notice.displayName).toContain('Integrations → Zapier');
	expect(notice.displayName).toContain('Production URL');
	expect(notice.displayName).toContain('The Test URL works only while this panel listens');
	const panel = description.triggerPanel as {
		executionsHelp: { inactive: string; active: string };
	};
	expect(panel.executionsHelp.inactive).toContain('Test URL');
	expect(panel.executionsHelp.inactive).toContain('Production URL');
	expect(panel.executionsHelp.active).toContain('Production URL');
});

test.each([
	[['linkClicked', 'linkCreated'], 'On Link Created or Clicked'],
	[['linkCreated'], 'On Link Created'],
	[['linkClicked'], 'On Link Clicked'],
])("n8n's subtitle for Events %j is %j", (events, subtitle) => {
	expect(canvasSubtitle(webhookTriggerType, WEBHOOK_TRIGGER_TYPE, { events })).toBe(subtitle);
});

test('registered in package.json, with a codex file', () => {
	const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
	expect(pkg.n8n.nodes).toContain('dist/nodes/LinkManagement/LinkManagementWebhookTrigger.node.js');
	const codex = JSON.parse(
		readFileSync(join(ROOT, 'nodes/LinkManagement/LinkManagementWebhookTrigger.node.json'), 'utf8'),
	);
	expect(codex.node).toBe('n8n-nodes-link-management.linkManagementWebhookTrigger');
	expect(codex.resources.primaryDocumentation[0].url).toMatch(/docs\/webhook-trigger\.md$/);
	expect(existsSync(join(ROOT, 'docs/webhook-trigger.md'))).toBe(true);
});
