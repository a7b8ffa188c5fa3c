import type { INodeParameters } from 'n8n-workflow';

import {
	expr,
	itBehavesLike,
	jsonOf,
	mockEndpoint,
	operation,
	parametersOf,
	rl,
	runNode,
} from '../../../helpers';
import {
	errorAnswer,
	messageAnswer,
	userRecords,
	wholeListAnswer,
	withoutApiKey,
} from '../../../helpers/fixtures';

// One describe per operation of resources/user/ in the node. Each user record carries that
// user's own API key (`apikey`): it is output only with Options › Include API Keys.

const user = parametersOf('user');
const [owner, jane] = userRecords;
const withApiKeys = { options: { includeApiKeys: true } };

describe('user: getAll', () => {
	const getAll = operation('GET /api/users', user('getAll'), wholeListAnswer(userRecords));

	itBehavesLike.aListWithoutPages(getAll, userRecords, userRecords.map(withoutApiKey));

	test("with Include API Keys, each user's own key is output", async () => {
		const { output } = await getAll.send({ returnAll: true, ...withApiKeys });
		expect(output).toEqual(userRecords);
	});

	test.each([
		['admin', 'admin'],
		['free', 'free'],
		['paid', 'pro'],
	])('Filters › Type %s is sent as filter=%s', async (type, filter) => {
		const { query } = await getAll.send({ filters: { type } }, { query: { filter } });
		expect(query).toEqual({ filter });
	});

	test('Filters › Type All sends no filter; Email sends the exact address', async () => {
		const filters = { type: 'all', email: ' jane@example.com ' };
		const answer = wholeListAnswer([jane]);

		const { output } = await getAll.send(
			{ filters },
			{ answer, query: { email: 'jane@example.com' } },
		);

		expect(output).toEqual([withoutApiKey(jane)]);
	});

	test('refuses a Type with an Email (the service would ignore the Email) before any request', async () => {
		await getAll.expectRefused(
			{ filters: { type: 'free', email: 'jane@example.com' } },
			/^Filters: 'Email' finds a user only with 'Type' "All"/,
		);
	});

	test.each([
		[{ email: 'jane.example.com' }, /'Email' must be an email address/],
		[{ type: expr('customers') }, /'Type' must be one of all, admin, free, paid/],
	])('refuses the filters %j before any request', async (filters, message) => {
		await getAll.expectRefused({ filters }, message);
	});
});

describe('user: get', () => {
	const get = operation('GET /api/user/:userId', user('get', { userId: rl('7') }), {
		error: 0,
		data: jane,
	});

	test('sends GET /api/user/:userId; outputs the user without its own API key', async () => {
		const { body, output } = await get.send();
		expect(body).toBeUndefined();
		expect(output).toEqual([withoutApiKey(jane)]);
		expect(JSON.stringify(output)).not.toContain(jane.apikey);
	});

	test("with Include API Keys, outputs the user's own key", async () => {
		const { output } = await get.send(withApiKeys);
		expect(output).toEqual([jane]);
	});

	test("an unknown user fails with the service's words", async () => {
		const error = await get.failsOn(errorAnswer('User does not exist.'), { userId: rl('8') });
		expect(error?.message).toBe('User does not exist. [item 0]');
	});

	itBehavesLike.anOperationOnOneRecord(get, {
		label: 'User ID',
		answer: (id) => ({ error: 0, data: { ...jane, id } }),
		output: (id) => ({ ...withoutApiKey(jane), id }),
	});
});

describe('user: create', () => {
	const newUser = { username: 'jane_doe', email: 'jane@example.com', password: 'hunter22' };
	const CREATED = { error: 0, message: 'User has been successfully created.', userid: 12 };
	const create = operation('POST /api/user/add', user('create', newUser), CREATED);

	test('sends POST /api/user/add with username, e-mail and password; outputs the new ID', async () => {
		const { body, output } = await create.send();
		expect(body).toEqual(newUser);
		expect(output).toEqual([{ id: 12, message: 'User has been successfully created.' }]);
	});

	test("sends a plan with its expiration, in the workflow's time zone, as the service writes dates", async () => {
		// The harness's workflow is in n8n's default time zone, America/New_York (UTC−5 in January).
		const additionalFields = {
			planId: rl('2', 'list'),
			expiration: expr('2031-01-31T17:00:00.000+00:00'),
		};

		const { body } = await create.send({ additionalFields });

		expect(body).toEqual({ ...newUser, planid: 2, expiration: '2031-01-31 12:00:00' });
	});

	test('sends the password exactly as typed', async () => {
		const { body } = await create.send({ password: ' pass phrase ' });
		expect(body).toEqual({ ...newUser, password: ' pass phrase ' });
	});

	const REFUSED: Array<[string, INodeParameters, RegExp]> = [
		[
			'a username of 3 characters',
			{ username: 'abc' },
			/^Please enter a valid username\. 'Username' must be 4 to 20 letters, digits or underscores/,
		],
		[
			'a username of 21 characters',
			{ username: 'a'.repeat(21) },
			/^Please enter a valid username\./,
		],
		['a username with a dash', { username: 'jane-doe' }, /^Please enter a valid username\./],
		[
			'an e-mail without @',
			{ email: 'jane.example.com' },
			/^Please enter a valid email\. 'Email' must be an email address/,
		],
		[
			'a bad username and a bad e-mail (the username first)',
			{ username: 'j', email: 'x' },
			/^Please enter a valid username\./,
		],
		[
			'a password of 4 characters',
			{ password: '1234' },
			/^'Password' must be at least 5 characters\. \[item 0\]$/,
		],
		[
			'a plan without expiration',
			{ additionalFields: { planId: rl('2') } },
			/^'Expiration' is missing: it is required with 'Plan' \[item 0\]$/,
		],
		[
			'an expiration without a plan',
			{ additionalFields: { expiration: '2031-01-31T00:00:00' } },
			/^'Expiration' was given without 'Plan': the service ignores it then \[item 0\]$/,
		],
		[
			'an expiration that is no date',
			{ additionalFields: { planId: rl('2'), expiration: 'next month' } },
			/^'Expiration' must be a date and time/,
		],
		[
			'a plan that is no ID',
			{ additionalFields: { planId: rl('Starter'), expiration: '2031-01-31T00:00:00' } },
			/^'Plan' must be a positive whole number/,
		],
		['an empty username', { username: ' ' }, /'Username' is required/],
		['an empty password from an expression', { password: expr('') }, /'Password' is required/],
	];

	test.each(REFUSED)('refuses %s before any request', async (_what, more, message) => {
		await create.expectRefused(more, message);
	});

	test('never quotes the password it refuses', async () => {
		const result = await runNode({ parameters: user('create', { ...newUser, password: 'abcd' }) });
		expect(result.error?.message).not.toContain('abcd');
		expect(result.error?.description ?? '').not.toContain('abcd');
	});

	test.each([
		'Username already exists.',
		'An account is already associated with this email.',
		'Invalid request or incorrect data format.',
	])('a refusal only the service can make fails with its words: %s', async (message) => {
		const error = await create.failsOn(errorAnswer(message));

		expect(error?.message).toBe(`${message} [item 0]`);
	});
});

describe('user: delete', () => {
	itBehavesLike.aDeleteOperation('user', 'DELETE /api/user/:userId/delete', 'User ID');
});

describe('user: getLoginLink', () => {
	const url = 'https://links.example.test/user/login/sso/5f0c1d2e3a4b';
	const getLoginLink = operation(
		'GET /api/user/login/:userId',
		user('getLoginLink', { userId: rl('7') }),
		{ error: 0, url },
	);

	test('sends GET /api/user/login/:userId; outputs the user ID and the link', async () => {
		const { body, output } = await getLoginLink.send();
		expect(body).toBeUndefined();
		expect(output).toEqual([{ userId: 7, url }]);
	});

	itBehavesLike.anOperationOnOneRecord(getLoginLink, {
		label: 'User ID',
		output: (id) => ({ userId: id, url }),
	});
});

describe("users' own keys never show unless asked for", () => {
	test("not in a picked user's output items, nor with Continue On Fail in an error item", async () => {
		mockEndpoint('GET', '/api/user/1', { error: 0, data: owner });
		// A service that quotes a user's key in an error: the node does not pass it on.
		mockEndpoint('GET', '/api/user/7', {
			error: 1,
			message: { apikey: jane.apikey, user: 'The user is locked.' },
		});

		const result = await runNode({
			parameters: user('get', { userId: rl('={{ $json.id }}') }),
			items: [{ json: { id: 1 } }, { json: { id: 7 } }],
			continueOnFail: true,
		});

		expect(jsonOf(result)).toEqual([
			withoutApiKey(owner),
			{ error: 'user: The user is locked. [item 1]' },
		]);
		const everything = JSON.stringify(result.run);
		for (const { apikey } of [owner, jane]) expect(everything).not.toContain(apikey);
	});

	test('not in the output of a Delete whose answer holds one', async () => {
		mockEndpoint('DELETE', '/api/user/7/delete', {
			...messageAnswer('User has been deleted successfully.'),
			apikey: jane.apikey,
		});

		const result = await runNode({ parameters: user('delete', { userId: rl('7') }) });

		expect(jsonOf(result)).toEqual([{ deleted: true, userId: 7 }]);
		expect(JSON.stringify(result.run)).not.toContain(jane.apikey);
	});
});
