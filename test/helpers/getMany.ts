/**
 * The behaviour every list operation shares (Get Many, and Get Items of a channel): the
 * request it sends and the one-item-per-record output, checked against a service answer.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runNode } from '../harness';
import { listAnswer } from './fixtures';
import { mockEndpoint, unmatchedRequests } from './service';

export interface ListOperationSpec {
	parameters: INodeParameters;
	/** Path the service is asked, such as /api/campaigns. */
	path: string;
	/** The envelope's array, such as `campaigns`. */
	collectionKey: string;
	/** What the service lists. */
	records: IDataObject[];
	/** What the node outputs for them, one item each; the records themselves unless given. */
	expected?: IDataObject[];
}

export function describeListOperation(spec: ListOperationSpec): void {
	const expected = spec.expected ?? spec.records;

	test(`sends GET ${spec.path} with page 1 and the default Limit 50, and outputs one item per record`, async () => {
		const endpoint = mockEndpoint('GET', spec.path, listAnswer(spec.collectionKey, spec.records));

		const result = await runNode({ parameters: spec.parameters });

		expect(result.error).toBeUndefined();
		expect(endpoint.requests).toEqual([
			{ method: 'GET', path: spec.path, query: { page: '1', limit: '50' }, body: undefined },
		]);
		expect(result.items).toEqual(expected.map((json) => ({ json, pairedItem: { item: 0 } })));
		for (const item of result.items) expect(item.json).not.toHaveProperty('error');
		expect(unmatchedRequests()).toEqual([]);
	});

	test('asks for no more records than Limit and outputs at most Limit items', async () => {
		// A service that sends more than it was asked for must still not exceed the Limit.
		const endpoint = mockEndpoint(
			'GET',
			spec.path,
			listAnswer(spec.collectionKey, spec.records, { perpage: 1 }),
		);

		const result = await runNode({
			parameters: { ...spec.parameters, returnAll: false, limit: 1 },
		});

		expect(result.error).toBeUndefined();
		expect(endpoint.requests).toHaveLength(1);
		expect(endpoint.requests[0].query).toEqual({ page: '1', limit: '1' });
		expect(result.items).toEqual([{ json: expected[0], pairedItem: { item: 0 } }]);
	});

	test('with Return All reads from page 1 and outputs every record of a one-page list', async () => {
		const endpoint = mockEndpoint('GET', spec.path, listAnswer(spec.collectionKey, spec.records));

		const result = await runNode({ parameters: { ...spec.parameters, returnAll: true } });

		expect(result.error).toBeUndefined();
		expect(endpoint.requests).toHaveLength(1);
		expect(endpoint.requests[0].query.page).toBe('1');
		expect(Number(endpoint.requests[0].query.limit)).toBeGreaterThanOrEqual(1);
		expect(Number.isInteger(Number(endpoint.requests[0].query.limit))).toBe(true);
		expect(result.items).toEqual(expected.map((json) => ({ json, pairedItem: { item: 0 } })));
	});

	test('an empty list outputs no items', async () => {
		mockEndpoint('GET', spec.path, listAnswer(spec.collectionKey, [], { maxpage: 0 }));

		const result = await runNode({ parameters: spec.parameters });

		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([]);
	});
}
