import { mockEndpoint, operation, runNode } from '../../../helpers';
import { accountRecord, messageAnswer } from '../../../helpers/fixtures';

// One describe per operation of resources/account/ in the node.

describe('account: get', () => {
	const parameters = { resource: 'account', operation: 'get' };
	const answer = { error: 0, data: accountRecord };

	test('sends GET /api/account with the bearer key; outputs the account record', async () => {
		// The service stand-in answers only the test's bearer key.
		const { body, output } = await operation('GET /api/account', parameters, answer).send();

		expect(body).toBeUndefined();
		expect(output).toEqual([accountRecord]);
	});

	test('runs once per input item, each output paired with its input', async () => {
		const endpoint = mockEndpoint('GET', '/api/account', answer, { times: 2 });

		const result = await runNode({ parameters, items: [{ json: { n: 1 } }, { json: { n: 2 } }] });

		expect(endpoint.requests).toHaveLength(2);
		expect(result.items).toEqual([
			{ json: accountRecord, pairedItem: { item: 0 } },
			{ json: accountRecord, pairedItem: { item: 1 } },
		]);
	});
});

describe('account: update', () => {
	const UPDATED = 'Account has been successfully updated.';
	const update = operation(
		'PUT /api/account/update',
		{ resource: 'account', operation: 'update' },
		messageAnswer(UPDATED),
	);
	const newEmail = { email: 'new@example.com' };
	const newPassword = { password: 'n3w-Passw0rd!' };

	test.each([
		['a new e-mail address', newEmail, newEmail],
		['a new password', newPassword, newPassword],
		['a password with spaces, as given', { password: ' two words ' }, { password: ' two words ' }],
		['both', { ...newEmail, ...newPassword }, { ...newEmail, ...newPassword }],
		['the e-mail address, not an empty password', { ...newEmail, password: '' }, newEmail],
	])('sends %s in PUT /api/account/update', async (_, fields, sent) => {
		const { body, output } = await update.send({ updateFields: fields });

		expect(body).toEqual(sent);
		expect(output).toEqual([{ success: true, message: UPDATED }]);
	});

	test.each([
		['no field', {}],
		['only empty strings', { email: '', password: '' }],
		['only blanks', { email: '   ', password: ' ' }],
	])('refuses an update with %s, naming what can be updated', async (_what, updateFields) => {
		await update.expectRefused(
			{ updateFields },
			"Nothing to update: 'Update Fields' holds none of 'Email', 'Password' [item 0]",
		);
	});

	test.each([
		'not-an-email',
		'owner@',
		'@example.com',
		'owner example@example.com',
		'owner@example',
	])('refuses the e-mail address %j before sending a request', async (email) => {
		const updateFields = { email, password: 'secret-pass' };
		await update.expectRefused({ updateFields }, /Email/, /email address/);
	});
});
