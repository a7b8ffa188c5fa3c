/**
 * Every error of an item, the service's refusal or the node's own, ends ` [item N]` and carries
 * n8n's `itemIndex` N, with or without Continue On Fail, as n8n's own nodes do; how a failed
 * item ends otherwise: failedItems.test.ts.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { mockEndpoint, runNode, TEST_API_KEY, unmatchedRequests } from '../../../helpers';
import {
	CAMPAIGN_DELETED as DELETED,
	CAMPAIGN_NOT_FOUND as NOT_FOUND,
	deleteCampaign,
} from '../../../helpers/campaignDeletes';
import { errorAnswer, messageAnswer } from '../../../helpers/fixtures';

describe("every error of an item ends ' [item N]' and carries n8n's itemIndex N", () => {
	const middleOfThree = (values: IDataObject[]) => values.map((json) => ({ json }));

	/**
	 * A run of 3 items in which only the middle one (item 1) fails: the refusal's parameters and
	 * inputs, the requests items 0 and 2 send, and what item 1's message says before its mark.
	 */
	interface MiddleItemFails {
		parameters: INodeParameters;
		items: INodeExecutionData[];
		/** Mocks the requests of the items that go through (and, for the service, item 1's). */
		serve: () => void;
		message: string | RegExp;
		/** The refusal is the node's own: it comes with a description saying what is wanted. */
		own: boolean;
	}

	const cases: Array<[string, MiddleItemFails]> = [
		[
			"the service's refusal (HTTP 404)",
			{
				parameters: deleteCampaign('={{ $json.campaign }}'),
				items: middleOfThree([{ campaign: '1' }, { campaign: '2' }, { campaign: '3' }]),
				serve: () => {
					mockEndpoint('DELETE', '/api/campaign/1/delete', messageAnswer(DELETED));
					mockEndpoint('DELETE', '/api/campaign/2/delete', errorAnswer(NOT_FOUND), {
						status: 404,
					});
					mockEndpoint('DELETE', '/api/campaign/3/delete', messageAnswer(DELETED));
				},
				message: NOT_FOUND,
				own: false,
			},
		],
		[
			'an ID that is not a whole number',
			{
				parameters: deleteCampaign('={{ $json.campaign }}'),
				items: middleOfThree([{ campaign: '1' }, { campaign: '2.5' }, { campaign: '3' }]),
				serve: () => {
					mockEndpoint('DELETE', '/api/campaign/1/delete', messageAnswer(DELETED));
					mockEndpoint('DELETE', '/api/campaign/3/delete', messageAnswer(DELETED));
				},
				message: `'Campaign ID' must be a positive whole number (such as 42), but got "2.5"`,
				own: true,
			},
		],
		[
			'a required field left empty',
			{
				parameters: {
					resource: 'channel',
					operation: 'create',
					name: '={{ $json.name }}',
				},
				items: middleOfThree([{ name: 'Events' }, { name: ' ' }, { name: 'Events' }]),
				serve: () => {
					mockEndpoint(
						'POST',
						'/api/channel/add',
						{ error: 0, id: 43, name: 'Events' },
						{ times: 2 },
					);
				},
				message: "'Name' is required and must not be empty",
				own: true,
			},
		],
		[
			'a plan without its expiration',
			{
				parameters: {
					resource: 'user',
					operation: 'create',
					username: '={{ $json.username }}',
					email: '={{ $json.username }}@example.com',
					password: 'secret-pass',
					additionalFields: { planId: '={{ $json.plan }}' },
				},
				items: middleOfThree([
					{ username: 'ada_1', plan: '' },
					{ username: 'ada_2', plan: '2' },
					{ username: 'ada_3', plan: '' },
				]),
				serve: () => {
					mockEndpoint('POST', '/api/user/add', { error: 0, userid: 9 }, { times: 2 });
				},
				message: "'Expiration' is missing: it is required with 'Plan'",
				own: true,
			},
		],
	];

	describe.each(cases)('%s', (_, { parameters, items, serve, message, own }) => {
		const expectMarked = (text: unknown) => {
			expect(text).toEqual(expect.stringMatching(/ \[item 1\]$/));
			const before = String(text).replace(/ \[item 1\]$/, '');
			if (typeof message === 'string') expect(before).toBe(message);
			else expect(before).toMatch(message);
			// n8n adds no mark of its own, and the node adds it once.
			expect(before).not.toMatch(/\[item \d+\]/);
		};

		test('without Continue On Fail: the node fails with item 1, named in the message and the error', async () => {
			serve();

			const result = await runNode({ parameters, items });

			expect(result.items).toEqual([]);
			expectMarked(result.error?.message);
			expect(result.error?.context?.itemIndex).toBe(1);
			if (own) expect(result.error?.description).toMatch(/^(Give|Fill|Add|Choose) /);
			expect(JSON.stringify(result.run.data.resultData)).not.toContain(TEST_API_KEY);
		});

		test('with Continue On Fail: item 1 becomes { error } paired with it, items 0 and 2 go on', async () => {
			serve();

			const result = await runNode({ parameters, items, continueOnFail: true });

			expect(result.error).toBeUndefined();
			expect(result.items.map((item) => item.pairedItem)).toEqual([
				{ item: 0 },
				{ item: 1 },
				{ item: 2 },
			]);
			expect(Object.keys(result.items[1].json)).toEqual(['error']);
			expectMarked(result.items[1].json.error);
			for (const other of [result.items[0], result.items[2]]) {
				expect(other.json).not.toHaveProperty('error');
			}
			expect(unmatchedRequests()).toEqual([]);
		});
	});

	test("an error the items share (a Create or Update's list read once) names each item its own", async () => {
		const list = mockEndpoint('GET', '/api/pixels', errorAnswer('API key is missing or expired.'), {
			status: 401,
		});
		const names = ['Main site tags', 'Checkout tags', 'Blog tags'];

		const result = await runNode({
			parameters: {
				resource: 'pixel',
				operation: 'upsert',
				type: 'tagmgrpixel',
				name: '={{ $json.name }}',
				tag: 'GTM-ABC123',
			},
			items: names.map((name) => ({ json: { name } })),
			continueOnFail: true,
		});

		expect(list.requests).toHaveLength(1);
		expect(result.items.map(({ json }) => json)).toEqual([
			{ error: 'API key is missing or expired. [item 0]' },
			{ error: 'API key is missing or expired. [item 1]' },
			{ error: 'API key is missing or expired. [item 2]' },
		]);
		expect(result.items.map(({ error }) => error?.context?.itemIndex)).toEqual([0, 1, 2]);
	});

	test("the service's refusal keeps its description, with the request, and the index in its context", async () => {
		mockEndpoint('DELETE', '/api/campaign/5/delete', errorAnswer(NOT_FOUND), { status: 404 });

		const result = await runNode({ parameters: deleteCampaign('5') });

		expect(result.error?.description).toMatch(
			/answered DELETE \/campaign\/5\/delete with HTTP 404/,
		);
		expect(result.error?.context).toEqual({ itemIndex: 0 });
	});
});
