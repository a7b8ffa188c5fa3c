import { runNode } from '../../../harness';
import { accountRecord, messageAnswer } from '../../../helpers/fixtures';
import {
	expectNoRequestSent,
	mockEndpoint,
	refusalOf,
	unmatchedRequests,
	useServiceMocks,
} from '../../../helpers/service';

// One describe per operation of resources/account/ in the node.
useServiceMocks();

describe('account: get', () => {
	test('sends GET /api/account with the bearer key and outputs the account record itself', async () => {
		const endpoint = mockEndpoint('GET', '/api/account', { error: 0, data: accountRecord });

		const result = await runNode({ parameters: { resource: 'account', operation: 'get' } });

		expect(result.error).toBeUndefined();
		expect(endpoint.requests).toEqual([
			{ method: 'GET', path: '/api/account', query: {}, body: undefined },
		]);
		expect(result.items).toEqual([{ json: accountRecord, pairedItem: { item: 0 } }]);
		expect(unmatchedRequests()).toEqual([]);
	});

	test('runs once per input item, each output paired with its input', async () => {
		const endpoint = mockEndpoint(
			'GET',
			'/api/account',
			{ error: 0, data: accountRecord },
			{ times: 2 },
		);

		const result = await runNode({
			parameters: { resource: 'account', operation: 'get' },
			items: [{ json: { n: 1 } }, { json: { n: 2 } }],
		});

		expect(endpoint.requests).toHaveLength(2);
		expect(result.items).toEqual([
			{ json: accountRecord, pairedItem: { item: 0 } },
			{ json: accountRecord, pairedItem: { item: 1 } },
		]);
	});
});

describe('account: update', () => {
	const UPDATED = 'Account has been successfully updated.';

	test.each([
		['the e-mail address', { email: 'new@example.com' }, { email: 'new@example.com' }],
		['the password', { password: 'n3w-Passw0rd!' }, { password: 'n3w-Passw0rd!' }],
		[
			'a password with spaces, exactly as given',
			{ password: ' two words ' },
			{ password: ' two words ' },
		],
		[
			'both',
			{ email: 'new@example.com', password: 'n3w-Passw0rd!' },
			{ email: 'new@example.com', password: 'n3w-Passw0rd!' },
		],
		[
			'the e-mail address, leaving out an empty password',
			{ email: 'new@example.com', password: '' },
			{ email: 'new@example.com' },
		],
	])(
		'changing %s sends PUT /api/account/update with exactly those fields and outputs success',
		async (_what, updateFields, body) => {
			const endpoint = mockEndpoint('PUT', '/api/account/update', messageAnswer(UPDATED));

			const result = await runNode({
				parameters: { resource: 'account', operation: 'update', updateFields },
			});

			expect(result.error).toBeUndefined();
			expect(endpoint.requests).toEqual([
				{ method: 'PUT', path: '/api/account/update', query: {}, body },
			]);
			expect(result.items).toEqual([
				{ json: { success: true, message: UPDATED }, pairedItem: { item: 0 } },
			]);
		},
	);

	test.each([
		['no field', {}],
		['only empty strings', { email: '', password: '' }],
		['only blanks', { email: '   ', password: ' ' }],
	])(
		'refuses an update with %s before sending a request, naming what can be updated',
		async (_what, updateFields) => {
			const { message } = await refusalOf({
				parameters: { resource: 'account', operation: 'update', updateFields },
			});

			expect(message).toMatch(/Nothing to update/);
			expect(message).toContain('email');
			expect(message).toContain('password');
			expectNoRequestSent();
		},
	);

	test.each([
		'not-an-email',
		'owner@',
		'@example.com',
		'owner example@example.com',
		'owner@example',
	])('refuses the e-mail address %j before sending a request', async (email) => {
		const { message } = await refusalOf({
			parameters: {
				resource: 'account',
				operation: 'update',
				updateFields: { email, password: 'secret-pass' },
			},
		});

		expect(message).toMatch(/Email/);
		expect(message).toMatch(/e-mail address/);
		expectNoRequestSent();
	});
});
