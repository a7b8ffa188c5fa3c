import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { keyNeedsOf } from '../resources';
import { linkByShortUrl } from '../resources/link/shortUrl';
import type { RequestSettings } from '../shared/options';
import { requestSettings } from '../shared/options';
import { guard, InputError, oneOf, toBoolean } from '../shared/validation';
import { requestContextOf } from '../transport/context';
import { asNodeError, withoutSecrets } from '../transport/errors';
import { redact } from '../transport/redact';
import { DEFAULT_REUSE_SECONDS, IP_ALLOWLIST_LABEL } from './description';
import { isAllowed, readAllowlist } from './ipAllowlist';
import { linkRecord } from './linkRecord';
import type { NotificationEvent, Refusal } from './notification';
import { EVENT_VALUES, notificationItem, readNotification } from './notification';

/** What the node's parameters ask for, read before anything is answered. */
interface Setup {
	events: NotificationEvent[];
	/** Set when the link's record is to be added. */
	lookup?: { settings: RequestSettings; reuseMs: number };
}

type WebhookResponse = ReturnType<IWebhookFunctions['getResponseObject']>;

/**
 * One notification, turned into one item and answered 200 (the service waits for the answer while
 * it redirects the visitor): by n8n, as for its own Webhook node, or, with Add Link Record, by the
 * node itself before the link is looked up. A body that is not a notification is answered 4xx,
 * one of an event not chosen 200; neither starts the workflow; nor does a call from outside the
 * IP(s) Allowlist, answered 403 before its body is read. A lookup that fails leaves the
 * notification's item without the record (`link` null) and says why (`linkError`).
 */
export async function webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const response = this.getResponseObject();
	const callerRefused = refusalOfCaller(this);
	if (callerRefused) return answered(response, callerRefused.status, callerRefused.message);
	const reading = readNotification(this.getBodyData(), this.getHeaderData()['content-type']);
	if ('refusal' in reading) {
		return answered(response, reading.refusal.status, reading.refusal.message);
	}
	const setup = readSetup(this);
	const { event, payload } = reading;
	if (!setup.events.includes(event.value)) {
		return answered(response, 200, `Received; this trigger does not start on ${event.plural}`);
	}
	const item = notificationItem(event, payload);
	if (!setup.lookup) {
		// n8n answers with this as it does for its own Webhook node: in 2.x once the execution is
		// made (in queue mode: queued), so an answered click is never one that started nothing.
		return { webhookResponse: RECEIVED, workflowData: [this.helpers.returnJsonArray([item])] };
	}
	// The lookup may take seconds: the service (and its visitor) is not kept waiting for it.
	answer(response, 200, RECEIVED.message);
	const json = { ...item, ...(await withLinkRecord(this, String(item.shorturl), setup.lookup)) };
	return { noWebhookResponse: true, workflowData: [this.helpers.returnJsonArray([json])] };
}

const RECEIVED = { message: 'Received' };

function answer(response: WebhookResponse, status: number, message: string): void {
	response.status(status).json({ message });
}

function answered(
	response: WebhookResponse,
	status: number,
	message: string,
): IWebhookResponseData {
	answer(response, status, message);
	return { noWebhookResponse: true };
}

/**
 * Why the caller may not call, or undefined when it may: its address (as n8n resolved it,
 * through N8N_PROXY_HOPS) outside the IP(s) Allowlist, or an allowlist that cannot be read. A
 * list with an entry that is not an address lets nobody in, rather than everyone. Never throws:
 * n8n's webhook handling gets an answer whatever the list holds.
 */
function refusalOfCaller(fns: IWebhookFunctions): Refusal | undefined {
	const refused = (why: string): Refusal => ({ status: 403, message: `Refused: ${why}` });
	try {
		const reading = readAllowlist(fns.getNodeParameter('options.ipAllowlist', ''));
		if (reading.kind === 'everyone') return undefined;
		if (reading.kind === 'wrong') {
			const entries = reading.entries.map((entry) => `"${entry}"`).join(', ');
			const what =
				reading.entries.length === 1
					? 'an entry that is not an IP address or CIDR range'
					: 'entries that are not IP addresses or CIDR ranges';
			const why = `the trigger's ${IP_ALLOWLIST_LABEL} holds ${what} (${entries}), so every call is refused until it is corrected`;
			fns.logger.warn(`${fns.getNode().name}: ${why}`);
			return refused(why);
		}
		const caller = fns.getRequestObject().ip;
		if (isAllowed(reading.ranges, caller)) return undefined;
		return refused(
			`the caller's address (${caller ?? 'unknown'}) is not in the trigger's ${IP_ALLOWLIST_LABEL}`,
		);
	} catch (caught) {
		return refused(
			`the trigger's ${IP_ALLOWLIST_LABEL} could not be read (${(caught as Error).message})`,
		);
	}
}

function readSetup(fns: IWebhookFunctions): Setup {
	return guard(fns.getNode(), 0, () => {
		const chosen = fns.getNodeParameter('events', EVENT_VALUES) as unknown[];
		const events = chosen.map((value) => oneOf(EVENT_VALUES)(value, 'Events'));
		if (!toBoolean(fns.getNodeParameter('addLinkRecord', false), 'Add Link Record')) {
			return { events: events as NotificationEvent[] };
		}
		const options = fns.getNodeParameter('options', {}) as IDataObject;
		const reuse = options.reuseLinkRecord ?? DEFAULT_REUSE_SECONDS;
		const reuseSeconds = Number(reuse);
		if (reuse === '' || !Number.isFinite(reuseSeconds) || reuseSeconds < 0) {
			throw new InputError(
				`'Reuse Link Record for (Seconds)' must be a number of 0 or more, but got "${String(reuse)}"`,
				'Give a number of seconds, 0 to look the link up for every notification.',
			);
		}
		return {
			events: events as NotificationEvent[],
			lookup: { settings: requestSettings(options), reuseMs: reuseSeconds * 1000 },
		};
	});
}

/** `link`: the short URL's record, or null and `linkError` saying why. Never throws. */
async function withLinkRecord(
	fns: IWebhookFunctions,
	shortUrl: string,
	{ settings, reuseMs }: NonNullable<Setup['lookup']>,
): Promise<IDataObject> {
	let secrets: readonly string[] = [];
	try {
		const context = await requestContextOf(fns, {
			settings,
			needs: keyNeedsOf(linkByShortUrl.lookup.list),
		});
		secrets = context.secrets;
		// A copy: the record may serve other notifications' items.
		const record = await withoutSecrets(secrets, context.node, async () => {
			const found = await linkRecord(context, shortUrl, reuseMs);
			return found && { ...found };
		});
		if (record) return { link: record };
		return { link: null, linkError: `No link of this account has the short URL ${shortUrl}` };
	} catch (caught) {
		return { link: null, linkError: redact(secrets, asNodeError(fns.getNode(), caught).message) };
	}
}
