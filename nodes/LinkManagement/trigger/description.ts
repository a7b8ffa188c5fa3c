import type { INodeProperties } from 'n8n-workflow';

import { requestOptions } from '../shared/options';
import { channelIdLocator } from '../shared/recordPickers';
import { THRESHOLD_EVENTS, TRIGGER_EVENTS } from './events';

/** The trigger's parameters: the event, the channel or threshold some events need, Options. */

export const DEFAULT_EVENT = 'qrCodeCreated';
export const DEFAULT_THRESHOLD = 100;

const eventSelector: INodeProperties = {
	displayName: 'Trigger On',
	name: 'event',
	type: 'options',
	noDataExpression: true,
	required: true,
	options: TRIGGER_EVENTS.map(({ name, value, action, description }) => ({
		name,
		value,
		action,
		description,
	})).sort((a, b) => a.name.localeCompare(b.name)),
	default: DEFAULT_EVENT,
};

const threshold: INodeProperties = {
	displayName: 'Threshold',
	name: 'threshold',
	type: 'number',
	typeOptions: { minValue: 1 },
	required: true,
	default: DEFAULT_THRESHOLD,
	description:
		'Number of scans (QR codes) or clicks (links) a record has to reach, at least, to start the workflow; each record starts it once',
};

const onlyFor = (events: string[], property: INodeProperties): INodeProperties => ({
	...property,
	displayOptions: { show: { event: events } },
});

export const triggerProperties: INodeProperties[] = [
	eventSelector,
	onlyFor(['channelItemAdded'], channelIdLocator),
	onlyFor(THRESHOLD_EVENTS, threshold),
	// The action node's Options (waits, Timeout, Page Size…), Page Size shown for every event.
	requestOptions(),
];

/** The node's subtitle on the canvas: the event's name ("On New QR Code"). */
export const eventSubtitle = `={{ ${JSON.stringify(
	Object.fromEntries(TRIGGER_EVENTS.map(({ value, name }) => [value, name])),
)}[$parameter["event"]] }}`;
