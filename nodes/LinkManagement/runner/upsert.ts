import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { recordOf } from '../records/envelope';
import type { PlaceInLine } from '../records/recordIndex';
import { RecordIndex } from '../records/recordIndex';
import type { MatchKey, UpsertFacts } from '../shared/operation';
import { fillPath } from '../shared/path';
import { fillIn, guard, InputError, quoted, text } from '../shared/validation';
import type { RequestContext } from '../transport/context';
import { sendRequest } from '../transport/send';
import { fingerprintOf, SentMemory } from './sentMemory';

/**
 * "Create or Update" for one item: the record with the item's key is looked up in the list (read
 * once per run of the node, see RecordIndex). None: it is created. One: it is updated — unless
 * the list shows every field the update would send with the asked value already, then nothing is
 * sent and the item says `unchanged`. Several: the item fails naming them, and nothing is sent.
 * Where the update sends fields the list does not show (a QR code's data), the record is also
 * `unchanged` when the row is what was last sent to it, as the node's memory of what it sent
 * says (sentMemory.ts), and the list shows it under the same ID with the same shown values.
 */

export type Outcome = 'created' | 'updated' | 'unchanged';

/** What Create or Update keeps for one run of the node: its record indexes, by list and key. */
export interface UpsertRun {
	indexes: Map<string, RecordIndex>;
	/** How many items the run has (an upper bound of the distinct keys). */
	items: number;
	/** What the node sent in earlier executions, for the resources that remember it. */
	memory?: SentMemory;
}

function indexFor(run: UpsertRun, facts: UpsertFacts, key: MatchKey): RecordIndex {
	// One credential serves every item of a node's run: the list and the key name the index.
	const name = [facts.list.request.path, key.shownAs].join(' ');
	let index = run.indexes.get(name);
	if (!index) {
		index = new RecordIndex(facts.list, key, run.items);
		run.indexes.set(name, index);
	}
	return index;
}

/** An item's Create or Update, in line behind the earlier items with its key. */
export interface UpsertTurn {
	key: MatchKey;
	index: RecordIndex;
	wanted: string;
	place: PlaceInLine;
	/** The run's memory, where the resource remembers what it sent. */
	memory?: SentMemory;
}

/** How an item's Create or Update treats the memory of what was sent. */
export interface UpsertChoices {
	/** Update a matched record even where the row is what was last sent to it. */
	alwaysUpdate: boolean;
}

/**
 * Takes the item's place in line at once, as n8n hands the item over (before anything waits), so
 * that items with the same key are created or updated in their order: the later row wins.
 */
export function takeTurn(
	run: UpsertRun,
	facts: UpsertFacts,
	body: IDataObject,
	parameter: (name: string) => unknown,
	staticData: () => IDataObject,
): UpsertTurn {
	const key = facts.key(parameter);
	const index = indexFor(run, facts, key);
	const wanted = index.keyOf(body[key.field]);
	if (facts.remembersSent) run.memory ??= SentMemory.of(staticData());
	return { key, index, wanted, place: index.placeInLine(wanted), memory: run.memory };
}

export async function upsert(
	context: RequestContext,
	facts: UpsertFacts,
	{ key, index, wanted, place, memory: kept }: UpsertTurn,
	body: IDataObject,
	{ alwaysUpdate }: UpsertChoices = { alwaysUpdate: false },
): Promise<IDataObject> {
	return await place.run(async () => {
		guard(context.node, context.itemIndex, () => {
			if (!wanted) {
				throw new InputError(
					`${quoted(key.label)} must not be empty: records are matched on it`,
					fillIn(key.label),
				);
			}
		});
		const matches = await index.find(context, wanted);
		if (matches.length > 1) {
			const ids = matches.map((record) => String(record.id)).join(', ');
			throw new NodeOperationError(
				context.node,
				`${matches.length} records have the ${key.label.toLowerCase()} "${text(body[key.field])}" (IDs ${ids}); nothing was sent`,
				{
					itemIndex: context.itemIndex,
					description: `Create or Update needs the ${key.label.toLowerCase()} to name one record. Make it unique, or update the one you mean by its ID.`,
				},
			);
		}
		const memory = kept && {
			kept,
			entry: SentMemory.entryOf(context.apiRoot, facts.list.request.path, key.shownAs, wanted),
			fingerprint: fingerprintOf(body),
		};
		// Forgotten before a request that may change the record, remembered once it has: a run
		// stopped in between, or a request whose fate is unknown, costs a resend, never a skip.
		const send = async (operation: UpsertFacts['create'], path: string, sent: IDataObject) => {
			memory?.kept.forget(memory.entry);
			return await sendRequest(context, { method: operation.request.method, path, body: sent });
		};
		const remember = (id: unknown) => {
			if (memory && id !== undefined && id !== null && id !== '') {
				memory.kept.remember(memory.entry, id, memory.fingerprint);
			}
		};

		if (matches.length === 0) {
			const answer = await send(facts.create, facts.create.request.path, body);
			// Kept as create outputs it (a campaign's name under `name`), as a later item outputs it.
			const created = (facts.create.output ?? same)(recordOf(answer, {}), {}, body);
			index.add({ ...shown(facts, body), ...created });
			remember(created.id);
			return { ...created, outcome: 'created' };
		}

		const [match] = matches;
		guard(context.node, context.itemIndex, () => refuseFixedChanges(facts, match, body, key.label));
		const update = facts.updateBody(body);
		const updatedAsListed = shown(facts, update);
		// What the run has set since the list was read wins over what the list shows within.
		const listed = { ...facts.shownWithin?.(match), ...match };
		const unchanged =
			alreadyHas(listed, updatedAsListed) ||
			(memory !== undefined &&
				!alwaysUpdate &&
				showsAlike(listed, updatedAsListed) &&
				memory.kept.holds(memory.entry, match.id, memory.fingerprint));
		if (unchanged) {
			remember(match.id);
			return { ...match, outcome: 'unchanged' };
		}
		const { path } = fillPath(facts.update, () => match.id);
		const answer = await send(facts.update, path, update);
		Object.assign(match, updatedAsListed);
		remember(match.id);
		const updated = (facts.update.output ?? same)(recordOf(answer, {}), {}, update);
		return { id: match.id, ...updated, outcome: 'updated' };
	});
}

const same = (record: IDataObject) => record;

/** The sent fields under the names the list shows them by. */
function shown(facts: UpsertFacts, body: IDataObject): IDataObject {
	const names = facts.shownAs ?? {};
	return Object.fromEntries(
		Object.entries(body).map(([field, value]) => [names[field] ?? field, value]),
	);
}

/** Every field the update would send is shown by the list with that value already. */
function alreadyHas(record: IDataObject, sent: IDataObject): boolean {
	return Object.entries(sent).every(
		([field, value]) => field in record && equal(record[field], value),
	);
}

/** Every field the update would send that the list shows, it shows with that value. */
function showsAlike(record: IDataObject, sent: IDataObject): boolean {
	return Object.entries(sent).every(
		([field, value]) => !(field in record) || equal(record[field], value),
	);
}

/** Equal as the service stores them: text trimmed (colors in any case), numbers, yes/no. */
function equal(stored: unknown, asked: unknown): boolean {
	if (typeof asked === 'boolean') return truthy(stored) === asked;
	if (typeof asked === 'object' && asked !== null) {
		return JSON.stringify(stored) === JSON.stringify(asked);
	}
	const [a, b] = [text(stored), text(asked)];
	if (/^#[0-9a-f]{6}$/i.test(b)) return a.toLowerCase() === b.toLowerCase();
	return a === b;
}

const truthy = (value: unknown) =>
	value === true || value === 1 || ['1', 'true'].includes(text(value).toLowerCase());

function refuseFixedChanges(
	facts: UpsertFacts,
	match: IDataObject,
	body: IDataObject,
	keyLabel: string,
): void {
	for (const field of facts.fixed ?? []) {
		if (body[field] === undefined || !(field in match) || equal(match[field], body[field]))
			continue;
		throw new InputError(
			`${quoted(`${field[0].toUpperCase()}${field.slice(1)}`)} cannot be changed by an update: the record with this ${keyLabel.toLowerCase()} (ID ${String(match.id)}) has ${field} "${text(match[field])}", not "${text(body[field])}". Nothing was sent`,
			`Delete the record and create it again with the new ${field}, or use another ${keyLabel.toLowerCase()}.`,
		);
	}
}
