/**
 * The behaviour that operations of one kind share, written once, as shared examples: each
 * `itBehavesLike` entry registers its tests in the describe it is called in.
 * - aListOperation: a list operation (Get Many, Get Items of a channel) asks for page 1 and
 *   Limit, and outputs one item per record;
 * - aListWithoutPages: a list the service answers whole (users, plans): one request without
 *   page or Limit, Return All and Limit applied to its answer;
 * - anOperationOnOneRecord: an operation on one record (Get, Update, Delete, Assign) takes the
 *   record's ID picked from the list or typed in, and refuses one that is not a positive whole
 *   number before any request;
 * - aDeleteOperation: a Delete sends no body and outputs `{ deleted: true }` with the ID;
 * - aCreateOrUpdateOperation: a Create or Update (./createOrUpdate).
 */
import type { IDataObject } from 'n8n-workflow';

import { createOrUpdateExamples } from './createOrUpdate';
import { listAnswer, messageAnswer, NOT_POSITIVE_WHOLE_NUMBERS, wholeListAnswer } from './fixtures';
import type { Operation, RequestLine } from './operation';
import { operation } from './operation';
import { expr, rl } from './service';

/**
 * A list operation: `records` is the envelope's array as the service sends it, such as
 * `{ campaigns: campaignRecords }`; `expected` what the node outputs for those records (the
 * records themselves unless given).
 */
function aListOperation(
	list: Operation,
	records: Record<string, IDataObject[]>,
	expected: IDataObject[] = Object.values(records)[0],
): void {
	const [[key, answered]] = Object.entries(records);
	const firstPage = { page: '1', limit: '50' };

	test(`sends ${list.request} with page 1 and Limit 50; outputs each record`, async () => {
		const answer = listAnswer(key, answered);

		const sent = await list.send({}, { answer, query: firstPage });

		expect(sent.body).toBeUndefined();
		expect(sent.output).toEqual(expected);
		for (const json of sent.output) expect(json).not.toHaveProperty('error');
	});

	test('asks for no more records than Limit and outputs at most Limit items', async () => {
		// A service that sends more than it was asked for must still not exceed the Limit.
		const answer = listAnswer(key, answered, { perpage: 1 });
		const limited = { returnAll: false, limit: 1 };

		const sent = await list.send(limited, { answer, query: { page: '1', limit: '1' } });

		expect(sent.output).toEqual([expected[0]]);
	});

	test('with Return All reads from page 1 and outputs every record of a one-page list', async () => {
		const answer = listAnswer(key, answered);
		const query = { page: '1', limit: expect.any(String) };

		const sent = await list.send({ returnAll: true }, { answer, query });

		expect(Number(sent.query.limit)).toBeGreaterThanOrEqual(1);
		expect(Number.isInteger(Number(sent.query.limit))).toBe(true);
		expect(sent.output).toEqual(expected);
	});

	test('an empty list outputs no items', async () => {
		const answer = listAnswer(key, [], { maxpage: 0 });

		const sent = await list.send({}, { answer, query: firstPage });

		expect(sent.output).toEqual([]);
	});
}

/**
 * A list the service answers whole, every record under `data` (users, plans): `records` as the
 * service sends them, `expected` what the node outputs for them (the records unless given).
 */
function aListWithoutPages(
	list: Operation,
	records: IDataObject[],
	expected: IDataObject[] = records,
): void {
	test(`sends ${list.request} once, without page or limit; outputs each record`, async () => {
		const sent = await list.send({ returnAll: true }, { answer: wholeListAnswer(records) });

		expect(sent.body).toBeUndefined();
		expect(sent.output).toEqual(expected);
		for (const json of sent.output) expect(json).not.toHaveProperty('error');
	});

	test('applies Limit to the one answer: the first records, still one request', async () => {
		const limited = { returnAll: false, limit: 2 };

		const sent = await list.send(limited, { answer: wholeListAnswer(records) });

		expect(sent.output).toEqual(expected.slice(0, 2));
	});

	test('outputs a record the answer repeats once', async () => {
		const answer = wholeListAnswer([...records, records[0]]);

		const sent = await list.send({ returnAll: true }, { answer });

		expect(sent.output).toEqual(expected);
	});

	test('an empty list outputs no items', async () => {
		const sent = await list.send({}, { answer: wholeListAnswer([]) });

		expect(sent.output).toEqual([]);
	});
}

export interface RecordIdSpec {
	/** How messages name the ID, such as "Pixel ID". */
	label: string;
	/** The ID parameter: the request's first `:name` unless given. */
	parameter?: string;
	/** The service's answer for the record with this ID; the operation's own unless given. */
	answer?: (id: number) => unknown;
	/**
	 * What the node outputs for the record with this ID (one item, or a list's items); unless
	 * given, success with the message of the operation's answer and the ID.
	 */
	output?: (id: number) => IDataObject | IDataObject[];
}

/**
 * How an operation on one record takes an ID parameter: a resource locator picked from the
 * list is used without the spaces around it; a value that is not a positive whole number is
 * refused before any request, with a message naming the field and saying what is expected,
 * whether it comes from an expression (the node's own check) or is typed in (an empty plain
 * field is refused by n8n itself, as "required").
 */
function anOperationOnOneRecord(record: Operation, spec: RecordIdSpec): void {
	const id = spec.parameter ?? record.idParameter;
	const given = record.parameters()[id];
	const locator = typeof given === 'object' && given !== null && '__rl' in given;
	const withId = (value: string) => record.parameters({ [id]: locator ? rl(value) : value });

	if (locator) {
		const { message } = record.answer as { message?: string };
		const output = spec.output ?? ((value: number) => ({ success: true, message, [id]: value }));

		test('takes the ID of a record picked from the list, trimmed', async () => {
			const picked = { [id]: rl(' 12 ', 'list') };

			const sent = await record.send(picked, { answer: spec.answer?.(12) });

			expect(sent.output).toEqual([output(12)].flat());
		});
	}

	test.each(NOT_POSITIVE_WHOLE_NUMBERS)(
		`refuses ${spec.label} %j from an expression before sending a request`,
		async (value) => {
			await record.expectRefused(withId(expr(value)), spec.label, /positive whole number/);
		},
	);

	if (locator) {
		test(`refuses a ${spec.label} typed in that is not a positive whole number`, async () => {
			const label = new RegExp(spec.label, 'i');
			await record.expectRefused(withId('1.5'), label, /positive whole number/);
		});
	} else {
		test.each(NOT_POSITIVE_WHOLE_NUMBERS)(
			`refuses ${spec.label} %j typed in before sending a request`,
			async (value) => {
				const expected =
					value === '' ? /positive whole number|is required/ : /positive whole number/;
				await record.expectRefused(withId(value), spec.label, expected);
			},
		);
	}
}

/**
 * A Delete operation (nodes/LinkManagement/shared/commonOperations.ts `deleteOperation`): sends
 * no body and outputs `{ deleted: true, <ID parameter>: <ID> }` (n8n's convention for a
 * deletion), the ID as the integer the path used, whatever the service's message said; takes
 * the ID as every operation on one record does.
 */
function aDeleteOperation(resource: string, request: RequestLine, label: string): void {
	const message = `${label.replace(/ ID$/, '')} has been deleted successfully.`;
	const id = /:(\w+)/.exec(request)?.[1] ?? '';
	const parameters = { resource, operation: 'delete', [id]: rl('7') };
	const remove = operation(request, parameters, messageAnswer(message));
	const output = (value: number) => ({ deleted: true, [id]: value });

	test(`sends ${request}; outputs { deleted: true, ${id} } and nothing else`, async () => {
		const sent = await remove.send();

		expect(sent.body).toBeUndefined();
		expect(sent.output).toEqual([output(7)]);
	});

	test('outputs the same for an answer with more than a message, or none', async () => {
		for (const answer of [{ error: 0, message, data: { id: 7 } }, { error: '0' }]) {
			const sent = await remove.send({}, { answer });

			expect(sent.output).toEqual([output(7)]);
		}
	});

	anOperationOnOneRecord(remove, { label, output });
}

export const itBehavesLike = {
	aListOperation,
	aListWithoutPages,
	anOperationOnOneRecord,
	aDeleteOperation,
	...createOrUpdateExamples,
};
