import { getAll as campaigns } from '../resources/campaign/getAll';
import { getAll as channels } from '../resources/channel/getAll';
import { getItems as channelItems } from '../resources/channel/getItems';
import { getAll as domains } from '../resources/domain/getAll';
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

/** `created`: records not seen before; `scanned`: QR codes whose scans grew; `scansReached`: … reached the threshold. */
export type EventKind = 'created' | 'scanned' | 'scansReached';

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
}

function created(value: string, noun: string, title: string, listOperation: OperationDefinition) {
	return {
		value,
		name: `On New ${title}`,
		action: `On new ${noun}`,
		description: `Starts the workflow once for each ${noun} created since the last poll`,
		listOperation,
		kind: 'created' as const,
		noun,
	};
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
		action: 'On new item in a channel',
		description:
			'Starts the workflow once for each link, bio page or QR code newly in the chosen channel',
		listOperation: channelItems,
		kind: 'created',
		noun: 'channel item',
	},
	{
		value: 'qrCodeScanned',
		name: 'On QR Code Scanned',
		action: 'On QR code scanned',
		description:
			'Starts the workflow once for each QR code whose scans grew since the last poll, with previousScans and newScans',
		listOperation: qrCodes,
		kind: 'scanned',
		noun: 'QR code',
	},
	{
		value: 'qrCodeScansReached',
		name: 'On QR Code Scans Reached Threshold',
		action: 'On QR code scans reached a threshold',
		description:
			'Starts the workflow once for each QR code whose scans reached the threshold since the last poll (once per QR code)',
		listOperation: qrCodes,
		kind: 'scansReached',
		noun: 'QR code',
	},
];

export const EVENT_VALUES = TRIGGER_EVENTS.map(({ value }) => value);
