import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { atAddress, findRecords } from '../records/lookup';
import { aliasOfShortUrl, linkByShortUrl } from '../resources/link/shortUrl';
import { clock } from '../transport/clock';
import type { RequestContext } from '../transport/context';

/**
 * The record of a notification's short URL, as Link › Get Many lists it, looked up through the
 * transport (the credential's rate-limit budget, shared with the other nodes) by the alias the
 * short URL ends in: one `GET /urls?short=<alias>`, or the whole list where the service ignores
 * `short`. Notifications of one short URL that come while its lookup is under way wait for it;
 * those that come within `reuseMs` of its answer take the record it gave (its `clicks` as they
 * were then). A link not found and a lookup that failed are not reused.
 */

interface Lookup {
	record: Promise<IDataObject | null>;
	/** When the service answered; unset while the lookup is under way. */
	answeredAt?: number;
}

/** Lookups per credential and short URL, oldest first; never more than MAX_REMEMBERED. */
const lookups = new Map<string, Lookup>();
const MAX_REMEMBERED = 1000;

export async function linkRecord(
	context: RequestContext,
	shortUrl: string,
	reuseMs: number,
): Promise<IDataObject | null> {
	const key = `${context.budget}\n${shortUrl.trim().replace(/\/+$/, '')}`;
	const known = lookups.get(key);
	if (known && (known.answeredAt === undefined || clock.now() - known.answeredAt < reuseMs)) {
		return await known.record;
	}
	const lookup: Lookup = { record: lookUp(context, shortUrl.trim()) };
	lookups.delete(key);
	lookups.set(key, lookup);
	if (lookups.size > MAX_REMEMBERED) lookups.delete(lookups.keys().next().value as string);
	let record: IDataObject | null = null;
	try {
		record = await lookup.record;
		return record;
	} finally {
		// Only a record found is reused; after a failure or a miss the next notification asks again.
		if (record) lookup.answeredAt = clock.now();
		else if (lookups.get(key) === lookup) lookups.delete(key);
	}
}

async function lookUp(context: RequestContext, shortUrl: string): Promise<IDataObject | null> {
	const alias = aliasOfShortUrl(shortUrl, 'The notification\'s "shorturl"');
	const found = atAddress(await findRecords(context, linkByShortUrl.lookup, alias), shortUrl);
	if (found.length > 1) {
		const ids = found.map((record) => String(record.id)).join(', ');
		throw new NodeOperationError(
			context.node,
			`Several links have the alias "${alias}" (IDs ${ids}), none of them the short URL ${shortUrl}`,
		);
	}
	return found[0] ?? null;
}

/** Forgets every record looked up (for tests). */
export function forgetLinkRecords(): void {
	lookups.clear();
}
