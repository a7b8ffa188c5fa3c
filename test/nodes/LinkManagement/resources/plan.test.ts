import { expr, itBehavesLike, operation, parametersOf, rl } from '../../../helpers';
import {
	errorAnswer,
	messageAnswer,
	planRecords,
	wholeListAnswer,
} from '../../../helpers/fixtures';

// One describe per operation of resources/plan/ in the node.

const plan = parametersOf('plan');
const SUBSCRIBED = 'User has been successfully subscribed.';

describe('plan: getAll', () => {
	const getAll = operation('GET /api/plans', plan('getAll'), wholeListAnswer(planRecords));
	itBehavesLike.aListWithoutPages(getAll, planRecords);
});

describe('plan: subscribeUser', () => {
	const parameters = plan('subscribeUser', { planId: rl('2'), userId: rl('7'), type: 'yearly' });
	const subscribe = operation(
		'PUT /api/plan/:planId/user/:userId',
		parameters,
		messageAnswer(SUBSCRIBED),
	);

	test('sends PUT /api/plan/:planId/user/:userId with the type; outputs success with both IDs', async () => {
		const { body, output } = await subscribe.send();
		expect(body).toEqual({ type: 'yearly' });
		expect(output).toEqual([{ success: true, message: SUBSCRIBED, planId: 2, userId: 7 }]);
	});

	test("sends an expiration in the workflow's time zone, as the service writes dates", async () => {
		// The harness's workflow is in n8n's default time zone, America/New_York (UTC−4 in July).
		const additionalFields = { expiration: expr('2031-07-01T04:00:00.000Z') };

		const { body } = await subscribe.send({ type: 'lifetime', additionalFields });

		expect(body).toEqual({ type: 'lifetime', expiration: '2031-07-01 00:00:00' });
	});

	test.each([
		['weekly', /'Type' must be one of monthly, yearly, lifetime/],
		['', /'Type' is required/],
	])('refuses the type %j from an expression before any request', async (type, message) => {
		await subscribe.expectRefused({ type: expr(type) }, message);
	});

	test.each(['Plan does not exist.', 'User does not exist.'])(
		'a refusal of the service fails with its words: %s',
		async (message) => {
			const error = await subscribe.failsOn(errorAnswer(message));
			expect(error?.message).toBe(`${message} [item 0]`);
		},
	);

	itBehavesLike.anOperationOnOneRecord(subscribe, {
		label: 'Plan ID',
		output: (id) => ({ success: true, message: SUBSCRIBED, planId: id, userId: 7 }),
	});
	itBehavesLike.anOperationOnOneRecord(subscribe, {
		label: 'User ID',
		parameter: 'userId',
		output: (id) => ({ success: true, message: SUBSCRIBED, planId: 2, userId: id }),
	});
});
