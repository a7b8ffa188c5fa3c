import { getAll as campaigns } from '../resources/campaign/getAll';
import { getAll as channels } from '../resources/channel/getAll';
import { getItems as channelItems } from '../resources/channel/getItems';
import { getAll as domains } from '../resources/domain/getAll';
import { getAll as links } from '../resources/link/getAll';
import { getAll as overlays } from '../resources/overlay/getAll';
import { getAll as pixels } from '../resources/pixel/getAll';
import { getAll as qrCodes } from '../resources/qrCode/getAll';
import { getAll as splashPages } from '../resources/splashPage/getAll';
import type { OperationDefinition } from '../shared/operation';

/**
 * The trigger's events: what each one polls and what it emits. The list each event reads is
 * a resource's own list operation, so its path, collection keys, record identity and output
 * shape (a campaign's `name`) are those of the action node's Get Many.
 */

/** `created`: records not seen before; `grew`: records whose count grew; `reached`: … reached the threshold. */
export type EventKind = 'created' | 'grew' | 'reached';

/** The count a `grew` or `reached` event watches, and the fields its items get. */
export interface Counter {
	/** The record's field: `scans`, `clicks`. */
	field: string;
	/** The count at the poll before: `previousScans`. */
	previous: string;
	/** What was added since: `newScans`. */
	added: string;
	/** In messages: "scans". */
	plural: string;
	/** In messages: "scanned". */
	verb: string;
}

export interface TriggerEvent {
	/** The `event` parameter's value, stored in workflows. */
	value: string;
	/** Its name in the Trigger On list, in n8n's wording. */
	name: string;
	/** Its name in n8n's node panel. */
	action: string;
	description: string;
	/** The action node's list operation it polls. */
	listOperation: OperationDefinition;
	kind: EventKind;
	/** One record, in messages: "QR code". */
	noun: string;
	counter?: Counter;
	/**
	 * Fetch Test Event's words where the list holds no record yet, when "There is no <noun> yet"
	 * would not say it ("The channel has no items yet").
	 */
	noRecordsYet?: string;
}

const SCANS: Counter = {
	field: 'scans',
	previous: 'previousScans',
	added: 'newScans',
	plural: 'scans',
	verb: 'scanned',
};
const CLICKS: Counter = {
	field: 'clicks',
	previous: 'previousClicks',
	added: 'newClicks',
	plural: 'clicks',
	verb: 'clicked',
};

function created(
	value: string,
	noun: string,
	title: string,
	listOperation: OperationDefinition,
): TriggerEvent {
	return {
		value,
		name: `On New ${title}`,
		action: `On new ${noun}`,
		description: `Starts the workflow once for each ${noun} created since the last poll`,
		listOperation,
		kind: 'created',
		noun,
	};
}

/** The two events of a count: it grew, and it reached a threshold. */
function counted(
	prefix: string,
	noun: string,
	title: string,
	listOperation: OperationDefinition,
	counter: Counter,
): TriggerEvent[] {
	const grownName = counter.verb[0].toUpperCase() + counter.verb.slice(1);
	const plural = counter.plural[0].toUpperCase() + counter.plural.slice(1);
	return [
		{
			value: `${prefix}${grownName}`,
			name: `On ${title} ${grownName}`,
			action: `On ${noun} ${counter.verb}`,
			description: `Starts the workflow once for each ${noun} whose ${counter.plural} grew since the last poll, with ${counter.previous} and ${counter.added}`,
			listOperation,
			kind: 'grew',
			noun,
			counter,
		},
		{
			value: `${prefix}${plural}Reached`,
			name: `On ${title} ${plural} Reached Threshold`,
			action: `On ${noun} ${counter.plural} reached threshold`,
			description: `Starts the workflow once for each ${noun} whose ${counter.plural} reached the threshold since the last poll (once per ${noun})`,
			listOperation,
			kind: 'reached',
			noun,
			counter,
		},
	];
}

export const TRIGGER_EVENTS: TriggerEvent[] = [
	created('campaignCreated', 'campaign', 'Campaign', campaigns),
	created('qrCodeCreated', 'QR code', 'QR Code', qrCodes),
	created('channelCreated', 'channel', 'Channel', channels),
	created('pixelCreated', 'pixel', 'Pixel', pixels),
	created('domainCreated', 'branded domain', 'Branded Domain', domains),
	created('splashPageCreated', 'splash page', 'Splash Page', splashPages),
	created('overlayCreated', 'CTA overlay', 'CTA Overlay', overlays),
	{
		value: 'channelItemAdded',
		name: 'On New Item in Channel',
		action: 'On new item in channel',
		description:
			'Starts the workflow once for each link, bio page or QR code newly in the chosen channel',
		listOperation: channelItems,
		kind: 'created',
		noun: 'channel item',
		noRecordsYet: 'The channel has no items yet',
	},
	...counted('qrCode', 'QR code', 'QR Code', qrCodes, SCANS),
	created('linkCreated', 'link', 'Link', links),
	...counted('link', 'link', 'Link', links, CLICKS),
];

export const TRIGGER_EVENT_VALUES = TRIGGER_EVENTS.map(({ value }) => value);

/** The events with a Threshold parameter. */
export const THRESHOLD_EVENTS = TRIGGER_EVENTS.filter(({ kind }) => kind === 'reached').map(
	({ value }) => value,
);
