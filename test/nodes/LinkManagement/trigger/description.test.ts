/**
 * The trigger's public interface, the names users' workflows store: type name,
 * polling, the `event` values, `channelId` as in the action node, `threshold`; and what n8n
 * shows of it: n8n's event wording, the subtitle, the codex file and the icons.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { getAll as campaigns } from '../../../../nodes/LinkManagement/resources/campaign/getAll';
import { getItems } from '../../../../nodes/LinkManagement/resources/channel/getItems';
import { getAll as qrCodes } from '../../../../nodes/LinkManagement/resources/qrCode/getAll';
import { TRIGGER_EVENTS } from '../../../../nodes/LinkManagement/trigger/events';
import { canvasSubtitle } from '../../../harness';
import { parameterNames, parameterOf } from '../../../helpers/description';
import { nodeType as actionNode } from '../../../helpers';
import { TRIGGER_TYPE, triggerType } from '../../../helpers/trigger';

const ROOT = join(__dirname, '..', '..', '..', '..');
const { description } = triggerType;
const property = parameterOf(description);

/** The events of the public interface: value → the endpoint it polls. */
const INTERFACE_EVENTS: Record<string, string> = {
	campaignCreated: '/campaigns',
	qrCodeCreated: '/qr',
	channelCreated: '/channels',
	pixelCreated: '/pixels',
	domainCreated: '/domains',
	splashPageCreated: '/splash',
	overlayCreated: '/overlay',
	channelItemAdded: '/channel/:channelId',
	qrCodeScanned: '/qr',
	qrCodeScansReached: '/qr',
	linkCreated: '/urls',
	linkClicked: '/urls',
	linkClicksReached: '/urls',
};

test('a polling trigger named as the interface says, with the same credential', () => {
	expect(description).toMatchObject({
		name: 'linkManagementTrigger',
		displayName: 'Link Management Trigger',
		version: 1,
		polling: true,
		group: ['trigger'],
		inputs: [],
		outputs: ['main'],
		credentials: [{ name: 'linkManagementApi', required: true }],
	});
	expect(typeof triggerType.poll).toBe('function');
	expect(parameterNames(description)).toEqual(['event', 'channelId', 'threshold', 'options']);
});

test("`event` offers exactly the interface's events, each polling its endpoint", () => {
	const event = property('event');
	const values = (event.options as INodePropertyOptions[]).map(({ value }) => value);
	expect([...values].sort()).toEqual(Object.keys(INTERFACE_EVENTS).sort());
	for (const { value, listOperation } of TRIGGER_EVENTS) {
		expect([value, listOperation.request.path]).toEqual([value, INTERFACE_EVENTS[value]]);
	}
	expect(event).toMatchObject({
		type: 'options',
		default: 'qrCodeCreated',
		noDataExpression: true,
	});
});

test("each event reads a resource's own list operation (path, records, output shape)", () => {
	const listOf = (value: string) =>
		TRIGGER_EVENTS.find((event) => event.value === value)?.listOperation;
	expect(listOf('campaignCreated')).toBe(campaigns);
	expect(listOf('qrCodeCreated')).toBe(qrCodes);
	expect(listOf('qrCodeScanned')).toBe(qrCodes);
	expect(listOf('channelItemAdded')).toBe(getItems);
});

test('events in n8n\'s wording: sorted "On …" names, a description, a panel action', () => {
	const event = property('event');
	// n8n's node panel lists a trigger's events from a parameter named "Event", "Events" or "Trigger On"
	expect(['event', 'events', 'trigger on']).toContain(event.displayName.toLowerCase());
	const options = event.options as INodePropertyOptions[];
	expect(options.map(({ name }) => name)).toEqual(
		[...options.map(({ name }) => name)].sort((a, b) => a.localeCompare(b)),
	);
	for (const option of options) {
		expect(option.name).toMatch(/^On [A-Z]/);
		expect(option.action).toMatch(/^On [a-zA-Z]/);
		expect(option.description).toMatch(/^Starts the workflow/);
	}
	expect(options.find(({ value }) => value === 'qrCodeCreated')).toMatchObject({
		name: 'On New QR Code',
		action: 'On new QR code',
	});
});

test("`channelId` is the action node's channel picker, for the channel event only", () => {
	const channelId = property('channelId');
	const actionChannelId = actionNode.description.properties.find(
		(candidate) =>
			candidate.name === 'channelId' &&
			candidate.displayOptions?.show?.operation?.includes('getItems'),
	) as INodeProperties;
	const { displayOptions, ...picker } = channelId;
	const { displayOptions: _actionDisplay, ...actionPicker } = actionChannelId;
	expect(picker).toEqual(actionPicker);
	expect(picker.type).toBe('resourceLocator');
	expect(displayOptions).toEqual({ show: { event: ['channelItemAdded'] } });
	expect(Object.keys(triggerType.methods.listSearch)).toEqual(['searchChannels']);
});

test('`threshold` is a number of at least 1, shown for the threshold events only', () => {
	expect(property('threshold')).toMatchObject({
		type: 'number',
		typeOptions: { minValue: 1 },
		displayOptions: { show: { event: ['qrCodeScansReached', 'linkClicksReached'] } },
	});
});

test("the Options are the action node's, Page Size included (1,000 by default)", () => {
	const names = (property('options').options as INodeProperties[]).map(({ name }) => name);
	expect(names.sort()).toEqual([
		'allowUnauthorizedCerts',
		'maxTotalWait',
		'maxWait',
		'pageSize',
		'proxy',
		'timeout',
	]);
	const pageSize = (property('options').options as INodeProperties[]).find(
		({ name }) => name === 'pageSize',
	);
	expect(pageSize).toMatchObject({ default: 1000 });
	expect(pageSize?.displayOptions).toBeUndefined();
});

test.each(TRIGGER_EVENTS.map(({ value, name }) => [value, name]))(
	"n8n's subtitle for %s is %j",
	(event, name) => {
		expect(canvasSubtitle(triggerType, TRIGGER_TYPE, { event })).toBe(name);
	},
);

test('registered in package.json, with a codex file and light and dark icons', () => {
	const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
	expect(pkg.n8n.nodes).toContain('dist/nodes/LinkManagement/LinkManagementTrigger.node.js');
	expect(existsSync(join(ROOT, 'nodes/LinkManagement/LinkManagementTrigger.node.ts'))).toBe(true);
	const codex = JSON.parse(
		readFileSync(join(ROOT, 'nodes/LinkManagement/LinkManagementTrigger.node.json'), 'utf8'),
	);
	expect(codex.node).toBe('n8n-nodes-link-management.linkManagementTrigger');
	const icon = description.icon as { light: string; dark: string };
	for (const file of [icon.light, icon.dark]) {
		expect(existsSync(join(ROOT, 'nodes/LinkManagement', file.replace(/^file:/, '')))).toBe(true);
	}
	expect(icon.light).not.toBe(icon.dark);
});
