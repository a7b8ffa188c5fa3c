import { createHash } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';

/**
 * What Create or Update remembers of the records it created or updated, so that a row equal to
 * what was last sent to its record sends nothing when the list cannot show it (a QR code's data,
 * colors and logo; a link's targeting, expiry, password…). Kept in the node's static data, which
 * n8n saves as JSON after every execution that is not manual (also a failed one, also on a
 * queue-mode worker) and loads with the workflow at the next.
 *
 * One entry a record: the hash of the list, the match and the row's key (12 characters) →
 * `<record ID>:<hash of the fields the row sends>` (12 characters): about 36 bytes of JSON with a
 * 5-digit ID. Nothing of a record's content is kept in clear. Entries are in the order they were
 * last written or confirmed; past MAX_REMEMBERED the oldest are forgotten: a forgotten record is
 * sent again, never skipped wrongly.
 */

/** Records remembered per node: some 400 KB of the workflow's row at most. */
export const MAX_REMEMBERED = 10_000;

/** Where in the node's static data the entries are kept. */
export const STATIC_DATA_FIELD = 'createOrUpdate';

/** A plain-JSON object of the node's static data, as n8n hands it over (a Proxy noting changes). */
type StaticData = IDataObject;

/** The 72-bit SHA-256 prefix of `text`, URL-safe base64 (12 characters). */
const digest = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 12);

/** JSON with every object's keys in order: the same fields give the same text, in any order. */
function stable(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
	if (typeof value === 'object' && value !== null) {
		const entries = Object.entries(value as IDataObject)
			.filter(([, entry]) => entry !== undefined)
			.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
		return `{${entries.map(([name, entry]) => `${JSON.stringify(name)}:${stable(entry)}`).join(',')}}`;
	}
	return JSON.stringify(value) ?? 'null';
}

/** The fingerprint of the fields a row sends. */
export const fingerprintOf = (body: IDataObject): string => digest(stable(body));

export class SentMemory {
	/** The entries in the static data's order (oldest first), mirrored to find the oldest at once. */
	private readonly order: Map<string, true>;

	constructor(
		private readonly entries: StaticData,
		private readonly cap = MAX_REMEMBERED,
	) {
		this.order = new Map(Object.keys(entries).map((entry) => [entry, true]));
	}

	/** The memory kept in the node's static data (created there at its first write). */
	static of(staticData: StaticData, cap?: number): SentMemory {
		const kept = staticData[STATIC_DATA_FIELD];
		if (typeof kept !== 'object' || kept === null || Array.isArray(kept)) {
			// Set on the static data before anything is written in it, so that n8n saves it.
			staticData[STATIC_DATA_FIELD] = {};
		}
		return new SentMemory(staticData[STATIC_DATA_FIELD] as StaticData, cap);
	}

	/** The entry's name for a record found by `key` in a list: the service, list and value. */
	static entryOf(...parts: string[]): string {
		return digest(parts.join('\n'));
	}

	/** Whether `fingerprint` is what was last sent to the record `id` under `entry`. */
	holds(entry: string, id: unknown, fingerprint: string): boolean {
		return this.entries[entry] === `${String(id)}:${fingerprint}`;
	}

	/** `fingerprint` was sent to (or confirmed on) the record `id`: it becomes the newest entry. */
	remember(entry: string, id: unknown, fingerprint: string): void {
		this.forget(entry);
		this.entries[entry] = `${String(id)}:${fingerprint}`;
		this.order.set(entry, true);
		for (const oldest of this.order.keys()) {
			if (this.order.size <= this.cap) break;
			this.forget(oldest);
		}
	}

	/** Nothing is known of the record: before a request that could change it is sent. */
	forget(entry: string): void {
		if (!this.order.has(entry)) return;
		this.order.delete(entry);
		delete this.entries[entry];
	}
}
