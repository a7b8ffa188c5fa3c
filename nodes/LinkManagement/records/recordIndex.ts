import type { IDataObject } from 'n8n-workflow';

import type { MatchKey, OperationFacts } from '../shared/operation';
import { text } from '../shared/validation';
import type { RequestContext } from '../transport/context';
import { readFilteredPage, readListRecords } from './listRecords';

/** An item's place in the line of its key (see RecordIndex.placeInLine). */
export interface PlaceInLine {
	run<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * The records of one list by their key (a name, an alias…), shared by every item of one run of
 * the node: the list is read once (Return All, pages of the Page Size) however many items ask,
 * and kept up to date by what the items create and update, so two items with the same key make
 * one record. Items with the same key take turns. Where the service can find records by the key
 * itself (a link's alias) and the list is long, each key is asked for instead, when that costs
 * fewer requests than reading the rest of the list.
 */
export class RecordIndex {
	private readonly byKey = new Map<string, IDataObject[]>();
	private readonly asked = new Map<string, Promise<void>>();
	private readonly turns = new Map<string, Promise<void>>();
	private firstPage?: Promise<{ complete: boolean; pages: number }>;
	private rest?: Promise<void>;

	constructor(
		private readonly list: OperationFacts,
		private readonly key: MatchKey,
		/** How many items may ask (an upper bound of the distinct keys). */
		private readonly items: number,
	) {}

	/** The key as records are compared on: trimmed, and normalized where the key says. */
	keyOf(value: unknown): string {
		const trimmed = text(value);
		return this.key.normalize ? this.key.normalize(trimmed) : trimmed;
	}

	/**
	 * An item's place in the line of its key, taken at once (the node hands the items over in
	 * their order, so the line is in item order): `run` does the item's work after the items
	 * before it with the same key are done, failed or not.
	 */
	placeInLine(wanted: string): PlaceInLine {
		const before = this.turns.get(wanted) ?? Promise.resolve();
		let done: () => void = () => {};
		const mine = new Promise<void>((resolve) => (done = resolve));
		this.turns.set(
			wanted,
			before.then(async () => await mine),
		);
		return {
			run: async (work) => {
				await before;
				try {
					return await work();
				} finally {
					done();
				}
			},
		};
	}

	/** The records whose key is `wanted`. */
	async find(context: RequestContext, wanted: string): Promise<IDataObject[]> {
		this.firstPage ??= this.readFirstPage(context);
		const { complete, pages } = await this.firstPage;
		if (!complete) {
			// Asking per key costs one request each; the rest of the list one per page.
			if (this.key.filter && this.items < pages - 1 && !this.rest) {
				await this.askFor(context, wanted);
			} else {
				await this.readRest(context);
			}
		}
		return [...(this.byKey.get(wanted) ?? [])];
	}

	/** A record the run created, as a later item with its key will find it. */
	add(record: IDataObject): void {
		const wanted = this.keyOf(record[this.key.shownAs]);
		this.byKey.set(wanted, [...(this.byKey.get(wanted) ?? []), record]);
	}

	private async readFirstPage(context: RequestContext) {
		let pages = 1;
		let complete = true;
		await readListRecords(context, this.list, async (records, page) => {
			this.store(records);
			pages = page.maxPage ?? pages + 1;
			complete =
				page.last ||
				(page.maxPage === undefined
					? records.length < context.settings.pageSize
					: page.maxPage <= 1);
			return 'stop';
		});
		return { complete, pages };
	}

	/** The pages after the first, once however many items need them. */
	private async readRest(context: RequestContext): Promise<void> {
		this.rest ??= readListRecords(
			context,
			this.list,
			async (records) => {
				this.store(records);
			},
			{ from: 2 },
		);
		await this.rest;
	}

	/** One key asked of the service; where it ignores the filter, the rest of the list is read. */
	private async askFor(context: RequestContext, wanted: string): Promise<void> {
		let asking = this.asked.get(wanted);
		if (!asking) {
			asking = (async () => {
				const matches = (record: IDataObject) => this.keyOf(record[this.key.shownAs]) === wanted;
				const filter = this.key.filter as string;
				const found = await readFilteredPage(context, this.list, filter, wanted, matches);
				if (found) this.store(found);
				else await this.readRest(context);
			})();
			this.asked.set(wanted, asking);
		}
		await asking;
	}

	/** Records as the list operation outputs them, each once (by ID). */
	private store(records: IDataObject[]): void {
		for (const record of records) {
			const wanted = this.keyOf(record[this.key.shownAs]);
			const known = this.byKey.get(wanted) ?? [];
			if (known.some((other) => other.id !== undefined && other.id === record.id)) continue;
			this.byKey.set(wanted, [...known, record]);
		}
	}
}
