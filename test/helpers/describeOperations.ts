/**
 * The behaviour that operations of one kind share, written once: a list operation (Get Many,
 * Get Items of a channel) pages and outputs one item per record; an operation on one record
 * (Get, Update, Delete) takes the record's ID picked from the list or typed in, and refuses one
 * that is not a positive whole number; a Delete outputs success with the ID. Each registers its
 * tests in the describe it is called in.
 */
import type { IDataObject } from 'n8n-workflow';

import { listAnswer, messageAnswer } from './fixtures';
import type { Operation, RequestLine } from './operation';
import { operation } from './operation';
import { itRefusesIdsThatAreNotPositiveWholeNumbers, rl } from './service';

/**
 * A list operation: `list` is the envelope's array as the service sends it, such as
 * `{ campaigns: campaignRecords }`; `expected` what the node outputs for those records (the
 * records themselves unless given).
 */
export function describeListOperation(
	list: Operation,
	records: Record<string, IDataObject[]>,
	expected: IDataObject[] = Object.values(records)[0],
): void {
	const [[key, answered]] = Object.entries(records);

	test(`sends ${list.request} with page 1 and Limit 50; outputs one item per record`, async () => {
		const answer = listAnswer(key, answered);
		const sent = await list.send({}, { answer, query: { page: '1', limit: '50' } });

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

		const sent = await list.send({}, { answer, query: { page: '1', limit: '50' } });

		expect(sent.output).toEqual([]);
	});
}

export interface RecordIdSpec {
	/** How messages name the ID, such as "Pixel ID". */
	label: string;
	/** The service's answer for the record with this ID; the operation's own unless given. */
	answer?: (id: number) => unknown;
	/** What the node outputs for the record with this ID; unless given, success with the message of the operation's answer and the ID. */
	output?: (id: number) => IDataObject;
}

/**
 * How an operation on one record takes the record's ID (the request's first `:name`): picked
 * from the list, without spaces around it; refused before any request unless it is a positive
 * whole number, typed in or from an expression.
 */
export function describeRecordId(record: Operation, spec: RecordIdSpec): void {
	const id = record.idParameter;
	const withId = (value: string, mode: 'id' | 'list' = 'id') =>
		record.parameters({ [id]: rl(value, mode) });

	const { message } = record.answer as { message?: string };
	const output = spec.output ?? ((value: number) => ({ success: true, message, [id]: value }));

	test('takes the ID of a record picked from the list, trimmed', async () => {
		const picked = { [id]: rl(' 12 ', 'list') };

		const sent = await record.send(picked, { answer: spec.answer?.(12) });

		expect(sent.output).toEqual([output(12)]);
	});

	itRefusesIdsThatAreNotPositiveWholeNumbers(spec.label, (value) => withId(value));

	test('refuses an ID typed in that is not a positive whole number', async () => {
		await record.expectRefused(
			{ [id]: rl('1.5') },
			new RegExp(spec.label, 'i'),
			/positive whole number/,
		);
	});
}

/**
 * A Delete operation (nodes/LinkManagement/shared/descriptions.ts `deleteOperation`): sends
 * no body and outputs success, the service's message and the ID; takes the ID as every
 * operation on one record does.
 */
export function describeDeleteOperation(resource: string, request: RequestLine, label: string) {
	const message = `${label.replace(/ ID$/, '')} has been deleted successfully.`;
	const remove = operation(request, { resource, operation: 'delete' }, messageAnswer(message));
	const output = (id: number) => ({ success: true, message, [remove.idParameter]: id });

	test(`sends ${request}; outputs success with the ID`, async () => {
		const sent = await remove.send({ [remove.idParameter]: rl('7') });

		expect(sent.body).toBeUndefined();
		expect(sent.output).toEqual([output(7)]);
	});

	describeRecordId(remove, { label, output });
}
