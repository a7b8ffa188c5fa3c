/**
 * What "Create or Update" (operation `upsert`) does on every resource, written once: the
 * shared example `itBehavesLike.aCreateOrUpdateOperation(spec)` registers it in the describe it
 * is called in. It is what the node promises its users (docs/create-or-update.md):
 * - no record has the key: the list is read once, then the record is created with what create
 *   sends, and the item is create's answer with `outcome: 'created'`;
 * - one has it: the update goes to its ID with what an update sends; `outcome: 'updated'`;
 * - the list shows every field the update would send with the asked value: nothing is sent after
 *   the list, and the item is the listed record with `outcome: 'unchanged'`; a field the list
 *   does not show makes it an update every time;
 * - several have it: the item fails naming their IDs, and nothing is sent;
 * - keys match with the spaces around them trimmed; an empty key is refused before any request.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { listAnswer } from './fixtures';
import type { RequestLine } from './operation';
import { operation } from './operation';
import { expectRefused, expr, mockEndpoint, refusalOf, unmatchedRequests } from './service';

/** The query of a list read by Create or Update: page 1 of the Page Size's default (1000). */
export const LIST_READ = { page: '1', limit: '1000' };

/** A list as the service answers it: its request and the key its records come under. */
export type ListOf = [request: RequestLine, collection: string];

/** The list `list` holding `records`, as one request expected before the operation's own. */
export const listRead = ([request, collection]: ListOf, records: IDataObject[]) => ({
	request,
	answer: listAnswer(collection, records),
	query: LIST_READ,
});

/** An operation whose one request is the list read: for an item that sends nothing after it. */
export const onlyTheListRead = (
	[request, collection]: ListOf,
	parameters: INodeParameters,
	records: IDataObject[],
) => operation(request, parameters, listAnswer(collection, records), LIST_READ);

/**
 * Asserts that the run fails after reading `list` (showing `records`) once and sending nothing
 * else, with a message that matches every pattern.
 */
export async function expectFailsAfterListRead(
	parameters: INodeParameters,
	[request, collection]: ListOf,
	records: IDataObject[],
	...patterns: Array<string | RegExp>
): Promise<string> {
	const path = request.split(' ')[1];
	const read = mockEndpoint('GET', path, listAnswer(collection, records));

	const { message } = await refusalOf({ parameters });

	for (const pattern of patterns) expect(message).toMatch(pattern);
	expect(read.requests).toHaveLength(1);
	expect(unmatchedRequests()).toEqual([]);
	return message;
}

/** A request of the operation: its line, the body it sends, the service's answer, the output. */
interface Exchange {
	request: RequestLine;
	/** Parameters over the spec's own that lead to this request. */
	parameters: INodeParameters;
	body: IDataObject;
	answer: unknown;
	/** The item output, without `outcome`. */
	output: IDataObject;
}

export interface CreateOrUpdateSpec {
	/** The operation's parameters, whose key the `listed` record has. */
	parameters: INodeParameters;
	list: ListOf;
	/**
	 * The key: its parameter, the record field the list shows it in, how messages name it; the
	 * name unless given.
	 */
	key?: { parameter: string; shownAs: string; label: string };
	/** The record the list shows with every value `parameters` asks for. */
	listed: IDataObject;
	/** A create: `parameters` name a key no listed record has. */
	created: Exchange;
	/** An update of `listed`: `parameters` change one of its values (its ID is in `request`). */
	updated: Exchange;
	/**
	 * A field the list does not show (QR data): with the other values as
	 * listed, an update sending `body` all the same. Without `parameters`, `parameters` of the
	 * spec hold the field already (it is required), so the record is never unchanged.
	 */
	notShown?: { field: string; parameters?: INodeParameters; body: IDataObject };
	/**
	 * `listed` as a list may write it (a color in other case, the name under another field):
	 * the same values, so unchanged; the item is `output` (the record itself unless given).
	 */
	writtenAs?: { what: string; record: IDataObject; output?: IDataObject };
}

const BY_NAME = { parameter: 'name', shownAs: 'name', label: 'Name' };

function aCreateOrUpdateOperation(spec: CreateOrUpdateSpec): void {
	const { created, updated, listed, key = BY_NAME, notShown, writtenAs } = spec;
	const label = key.label;
	const sending = (exchange: Exchange) =>
		operation(exchange.request, spec.parameters, exchange.answer);

	test(`no record has the ${label}: one list read, then ${created.request}`, async () => {
		const sent = await sending(created).send(created.parameters, {
			before: [listRead(spec.list, [listed])],
		});

		expect(sent.body).toEqual(created.body);
		expect(sent.output).toEqual([{ ...created.output, outcome: 'created' }]);
	});

	test(`one has the ${label}: ${updated.request} with what an update sends`, async () => {
		const sent = await sending(updated).send(updated.parameters, {
			before: [listRead(spec.list, [listed])],
		});

		expect(sent.body).toEqual(updated.body);
		expect(sent.output).toEqual([{ id: listed.id, ...updated.output, outcome: 'updated' }]);
	});

	if (!notShown || notShown.parameters) {
		test('the list shows every asked value: no request after it, unchanged', async () => {
			const read = onlyTheListRead(spec.list, spec.parameters, [listed]);

			const sent = await read.send();

			expect(sent.output).toEqual([{ ...listed, outcome: 'unchanged' }]);
		});
	}

	if (writtenAs) {
		test(`a list that writes ${writtenAs.what}: same values, unchanged`, async () => {
			const read = onlyTheListRead(spec.list, spec.parameters, [writtenAs.record]);

			const sent = await read.send();

			const output = writtenAs.output ?? writtenAs.record;
			expect(sent.output).toEqual([{ ...output, outcome: 'unchanged' }]);
		});
	}

	if (notShown) {
		test(`the list does not show ${notShown.field}: updated, the rest the same`, async () => {
			const sent = await sending(updated).send(notShown.parameters, {
				before: [listRead(spec.list, [listed])],
			});

			expect(sent.body).toEqual(notShown.body);
			expect(sent.output).toEqual([expect.objectContaining({ id: listed.id, outcome: 'updated' })]);
		});
	}

	test(`two records have the ${label}: fails naming both IDs, sends nothing`, async () => {
		const twin = { ...listed, id: Number(listed.id) + 100 };
		const records = [listed, twin];
		await expectFailsAfterListRead(
			spec.parameters,
			spec.list,
			records,
			`2 records have the ${label.toLowerCase()} "${String(spec.parameters[key.parameter])}"`,
			`(IDs ${String(listed.id)}, ${twin.id}); nothing was sent`,
		);
	});

	test(`the ${label} matches with spaces around it, asked or listed`, async () => {
		const value = String(spec.parameters[key.parameter]);
		const spaced = { ...listed, [key.shownAs]: `${String(listed[key.shownAs])} ` };

		const sent = await sending(updated).send(
			{ ...updated.parameters, [key.parameter]: `  ${value}` },
			{ before: [listRead(spec.list, [spaced])] },
		);

		expect(sent.body).toEqual(updated.body);
	});

	test(`refuses an empty ${label} from an expression before any request`, async () => {
		await expectRefused({ parameters: { ...spec.parameters, [key.parameter]: expr('  ') } }, label);
	});
}

export const createOrUpdateExamples = { aCreateOrUpdateOperation };
