// The service's notification URLs (its webhooks): the two addresses a user sets in the dashboard
// (Integrations → Zapier), one for new short links and one for clicks, and the small JSON document
// the service POSTs to them (`Content-Type: application/json`): `url` when a link is created
// through the API, `view` on each visit of a short URL. Once, synchronously (the API's answer and
// the visitor's redirect wait for the notification's answer), without a signature, a secret or a
// retry. The service sets no time limit; the sandbox gives up after `timeoutMs` so that a test
// never hangs. As the service does, a click is not notified for a bot, nor for a visitor who
// visited the same link within 15 minutes. The addresses are set by the options (the CLI's
// --notify-created and --notify-clicked), by `sandbox.notifications.set()`, or through the control
// route `/_sandbox/notifications` (GET shows them and the deliveries, PUT sets them; API key).

import type { PublicMatch, PublicRequest } from './publicRoutes';
import { errorReply, parseJsonBody, Reply } from './http';
import { formatTimestamp } from './records';
import type { LinkRecord } from './records';
import type { VisitRequest } from './visits';
import { visitOf } from './visits';

export interface NotificationUrls {
	/** Where a new link is notified (`type` `url`); unset: nowhere. */
	created?: string;
	/** Where a click is notified (`type` `view`); unset: nowhere. */
	clicked?: string;
}

export interface Delivery {
	type: 'url' | 'view';
	url: string;
	payload: Record<string, string>;
	/** When it was sent (the sandbox's clock). */
	sentAt: number;
	/** The answer's status; undefined when none came (`error` says why). */
	status?: number;
	/** The answer's body, as text. */
	answer?: string;
	error?: string;
	/** How long the answer took, in ms (wall time). */
	ms?: number;
}

/** Repeat visits of one link by one visitor within this time are not notified. */
export const REPEAT_VISIT_MS = 15 * 60_000;
const BOT = /bot\b|bot\/|crawl|spider|slurp|facebookexternalhit|bingpreview/i;
const MAX_DELIVERIES = 5000;

export class Notifier {
	readonly urls: NotificationUrls = {};
	/** Every notification sent since the start (or the last reset), oldest first. */
	readonly deliveries: Delivery[] = [];
	/** When each link was last notified for each visitor. */
	private readonly lastNotified = new Map<string, number>();
	private readonly stopping = new AbortController();

	constructor(
		urls: NotificationUrls,
		private readonly now: () => number,
		private readonly timeoutMs = 30_000,
	) {
		this.set(urls);
	}

	/** Sets the addresses given (`''` or `null` unsets one); refuses one that is not http(s). */
	set(urls: { created?: string | null; clicked?: string | null }): void {
		for (const key of ['created', 'clicked'] as const) {
			const given: unknown = urls[key];
			if (given === undefined) continue;
			if (given !== null && typeof given !== 'string') {
				throw new Error(`The notification URL for ${key} links must be an address or null.`);
			}
			const url = given?.trim() || undefined;
			if (url !== undefined && !/^https?:\/\/[^/\s]+/i.test(url)) {
				throw new Error(
					`The notification URL for ${key} links must be an http(s) address, not '${url}'.`,
				);
			}
			this.urls[key] = url;
		}
	}

	/** A link created through the API: `url`, its date day first. */
	async linkCreated(link: LinkRecord): Promise<void> {
		const [date, time] = link.date.split(' ');
		const dayFirst = `${date.split('-').reverse().join('-')} ${time}`;
		await this.send('url', this.urls.created, {
			type: 'url',
			longurl: link.longurl,
			shorturl: link.shorturl,
			date: dayFirst,
		});
	}

	/** A visit of a short link (counted): `view`, unless a bot or a repeat visit within 15 minutes. */
	async linkClicked(link: LinkRecord, request: VisitRequest): Promise<void> {
		if (!this.urls.clicked || BOT.test(request.userAgent ?? '')) return;
		const visit = visitOf(request);
		const key = `${link.id} ${visit.visitor ?? ''}`;
		const now = this.now();
		const last = this.lastNotified.get(key);
		if (last !== undefined && now - last < REPEAT_VISIT_MS) return;
		this.lastNotified.set(key, now);
		await this.send('view', this.urls.clicked, {
			type: 'view',
			shorturl: link.shorturl,
			country: visit.country ?? '',
			city: request.city?.trim() ?? '',
			referer: request.referer?.trim() || 'direct',
			os: visit.os ?? 'Other',
			browser: visit.browser ?? 'Other',
			date: formatTimestamp(now),
		});
	}

	/** Forgets the deliveries and the visitors seen; the addresses stay. */
	reset(): void {
		this.deliveries.length = 0;
		this.lastNotified.clear();
	}

	/** Gives up on the notifications under way. */
	stop(): void {
		this.stopping.abort();
	}

	private async send(
		type: Delivery['type'],
		url: string | undefined,
		payload: Record<string, string>,
	): Promise<void> {
		if (!url) return;
		const delivery: Delivery = { type, url, payload, sentAt: this.now() };
		this.deliveries.push(delivery);
		if (this.deliveries.length > MAX_DELIVERIES) this.deliveries.shift();
		const started = Date.now();
		try {
			const response = await fetch(url, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify(payload),
				redirect: 'manual',
				signal: AbortSignal.any([this.stopping.signal, AbortSignal.timeout(this.timeoutMs)]),
			});
			delivery.answer = await response.text();
			delivery.status = response.status;
		} catch (error) {
			const cause = error instanceof Error ? (error.cause as Error | undefined) : undefined;
			delivery.error = `${String(error)}${cause?.message ? ` (${cause.message})` : ''}`;
		} finally {
			delivery.ms = Date.now() - started;
		}
	}
}

const CONTROL_PATH = '/_sandbox/notifications';

/**
 * The control route (not the service's: it has no API for these addresses): GET shows the
 * addresses and the deliveries, PUT `{created, clicked}` sets them. Needs the API key.
 */
export function matchNotificationControl(
	notifier: Notifier,
	request: PublicRequest,
	authorized: boolean,
): PublicMatch | undefined {
	if (request.path !== CONTROL_PATH || !['GET', 'PUT'].includes(request.method)) return undefined;
	const answer = async (): Promise<Reply> => {
		if (!authorized) return errorReply(401, 'Invalid API key.');
		if (request.method === 'PUT') {
			try {
				notifier.set(parseJsonBody(request.body) as NotificationUrls);
			} catch (error) {
				return errorReply(400, error instanceof Error ? error.message : String(error));
			}
		}
		return {
			status: 200,
			body: {
				error: 0,
				created: notifier.urls.created ?? null,
				clicked: notifier.urls.clicked ?? null,
				deliveries: notifier.deliveries,
			},
		};
	};
	return { pattern: `${request.method} ${CONTROL_PATH}`, answer };
}
