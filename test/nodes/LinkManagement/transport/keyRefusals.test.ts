/**
 * A key refused for what it is, rather than for what was asked: a key without the scope of a
 * resource's routes (HTTP 200, `error` true), and a key that is not an administrator's on the
 * users and plans routes (HTTP 403). Each fails the item saying what the key lacks (the
 * resource, and the scope's name or an administrator's key), with the service's words, after one
 * request: sending it again would be refused again.
 */
import type { INodeParameters } from 'n8n-workflow';

import {
	searchPlans,
	searchQrCodes,
	searchUsers,
} from '../../../../nodes/LinkManagement/listSearch';
import type { Method } from '../../../helpers';
import { mockEndpoint, rl, runNode, select, unmatchedRequests } from '../../../helpers';
import {
	NO_SCOPE_ANSWER,
	NOT_ADMINISTRATOR_ANSWER,
	wholeListAnswer,
} from '../../../helpers/fixtures';
import { answeringContext } from '../../../helpers/picker';
import { activeTrigger } from '../../../helpers/trigger';

const SERVICE_NO_SCOPE = `(the service answered "${NO_SCOPE_ANSWER.message}")`;
const SERVICE_NOT_ADMIN = `(the service answered "${NOT_ADMINISTRATOR_ANSWER.message}")`;

/** One operation of each resource, the request it sends first, and the scope its routes need. */
const BY_RESOURCE: Array<[string, string, INodeParameters, `${Method} ${string}`]> = [
	['Account', 'account', select('account', 'get'), 'GET /api/account'],
	['Campaign', 'campaigns', select('campaign', 'getAll'), 'GET /api/campaigns'],
	['Splash Page', 'splash', select('splashPage', 'getAll'), 'GET /api/splash'],
	['QR Code', 'qr', select('qrCode', 'delete', { qrCodeId: rl('3') }), 'DELETE /api/qr/3/delete'],
	['Channel', 'channels', select('channel', 'create', { name: 'Print' }), 'POST /api/channel/add'],
	[
		'Pixel',
		'pixels',
		select('pixel', 'upsert', { name: 'Ads', type: 'forum', tag: 'F-1' }),
		'GET /api/pixels',
	],
	['CTA Overlay', 'cta', select('overlay', 'getAll'), 'GET /api/overlay'],
	[
		'Branded Domain',
		'domains',
		select('domain', 'getAll', { returnAll: true }),
		'GET /api/domains',
	],
	[
		'Link',
		'links',
		select('link', 'create', { url: 'https://example.com/a' }),
		'POST /api/url/add',
	],
];

const request = (line: string) => line.split(' ') as [Method, string];

describe.each(BY_RESOURCE)('a key without the scope of %s', (resource, scope, parameters, line) => {
	test(`fails naming ${resource} and "${scope}", with the service's words, after one request`, async () => {
		const [method, path] = request(line);
		const endpoint = mockEndpoint(method, path, NO_SCOPE_ANSWER);

		const result = await runNode({ parameters });

		expect(result.error?.message).toBe(
			`The API key lacks the "${scope}" scope, which ${resource} operations need ${SERVICE_NO_SCOPE} [item 0]`,
		);
		expect(result.error?.description).toMatch(
			new RegExp(
				`^Give the key the "${scope}" scope \\(or "all"\\) in the service's API key settings`,
			),
		);
		expect(result.error?.httpCode).toBe('200');
		// Sent again, it would be a request nothing answers.
		expect(endpoint.requests).toHaveLength(1);
		expect(unmatchedRequests()).toEqual([]);
	});
});

test('with Continue On Fail, each item says what the key lacks', async () => {
	mockEndpoint('GET', '/api/qr/1', NO_SCOPE_ANSWER);
	mockEndpoint('GET', '/api/qr/2', NO_SCOPE_ANSWER);

	const result = await runNode({
		parameters: select('qrCode', 'get', { qrCodeId: rl('={{ $json.id }}') }),
		items: [{ json: { id: 1 } }, { json: { id: 2 } }],
		continueOnFail: true,
	});

	expect(result.items.map(({ json }) => json.error)).toEqual([
		expect.stringMatching(/^The API key lacks the "qr" scope, which QR Code operations need/),
		expect.stringMatching(/^The API key lacks the "qr" scope, which QR Code operations need/),
	]);
});

/** Every operation of users and plans, the request it sends. */
const ADMINISTRATORS_ONLY: Array<[string, INodeParameters, `${Method} ${string}`]> = [
	['User › Get Many', select('user', 'getAll'), 'GET /api/users'],
	['User › Get', select('user', 'get', { userId: rl('7') }), 'GET /api/user/7'],
	[
		'User › Create',
		select('user', 'create', {
			username: 'jane_doe',
			email: 'jane@example.com',
			password: 'hunter22',
		}),
		'POST /api/user/add',
	],
	['User › Delete', select('user', 'delete', { userId: rl('7') }), 'DELETE /api/user/7/delete'],
	[
		'User › Get Login Link',
		select('user', 'getLoginLink', { userId: rl('7') }),
		'GET /api/user/login/7',
	],
	['Plan › Get Many', select('plan', 'getAll'), 'GET /api/plans'],
	[
		'Plan › Subscribe User',
		select('plan', 'subscribeUser', { planId: rl('2'), userId: rl('7'), type: 'monthly' }),
		'PUT /api/plan/2/user/7',
	],
];

describe.each(ADMINISTRATORS_ONLY)(
	"%s with a key that is not an administrator's",
	(what, parameters, line) => {
		test("fails saying so, with the service's words, after one request", async () => {
			const [method, path] = request(line);
			const endpoint = mockEndpoint(method, path, NOT_ADMINISTRATOR_ANSWER, { status: 403 });

			const result = await runNode({ parameters });

			const resource = what.split(' ›')[0];
			expect(result.error?.message).toBe(
				`The API key is not an administrator's: ${resource} operations need the key of an administrator of the service ${SERVICE_NOT_ADMIN} [item 0]`,
			);
			expect(result.error?.description).toMatch(
				new RegExp(`^Only the keys of the service's administrators may use ${resource} operations`),
			);
			expect(result.error?.description).not.toMatch(/your plan includes this endpoint/);
			expect(result.error?.httpCode).toBe('403');
			expect(endpoint.requests).toHaveLength(1);
		});
	},
);

test("the same words on another resource are the service's only (no administrator is needed there)", async () => {
	mockEndpoint('GET', '/api/account', NOT_ADMINISTRATOR_ANSWER, { status: 403 });

	const result = await runNode({ parameters: select('account', 'get') });

	expect(result.error?.message).toBe(`${NOT_ADMINISTRATOR_ANSWER.message} [item 0]`);
});

describe('pickers and choice lists say what the key lacks', () => {
	test('the QR code picker: the "qr" scope', async () => {
		const { context } = answeringContext(NO_SCOPE_ANSWER);
		await expect(searchQrCodes.call(context)).rejects.toThrow(
			/^The API key lacks the "qr" scope, which QR Code operations need/,
		);
	});

	test("the user and plan pickers: an administrator's key", async () => {
		const { context } = answeringContext(NOT_ADMINISTRATOR_ANSWER);
		await expect(searchUsers.call(context)).rejects.toThrow(
			/^The API key is not an administrator's: User operations/,
		);
		await expect(searchPlans.call(context)).rejects.toThrow(
			/^The API key is not an administrator's: Plan operations/,
		);
	});

	test('the user picker reads the list once and never labels a user by its key', async () => {
		const users = [
			{ id: 1, username: 'owner', email: 'owner@example.com', apikey: 'owner-own-key-123' },
			{ id: 7, username: 'jane_doe', email: 'jane@example.com', apikey: 'jane-own-key-456' },
		];
		const { context, asked } = answeringContext(wholeListAnswer(users));

		const found = await searchUsers.call(context, 'jane');

		expect(found).toEqual({
			results: [{ name: 'jane_doe · jane@example.com (ID 7)', value: '7' }],
		});
		expect(asked.map(({ options }) => [options.url, options.qs])).toEqual([
			['https://h.test/short/api/users', undefined],
		]);
		expect(JSON.stringify(found)).not.toMatch(/own-key/);
	});
});

test('a trigger event says what the key lacks', async () => {
	mockEndpoint('GET', '/api/urls', NO_SCOPE_ANSWER);
	const trigger = activeTrigger({ event: 'linkCreated' });

	const { error } = await trigger.poll();

	expect(error?.message).toBe(
		`The API key lacks the "links" scope, which Link operations need ${SERVICE_NO_SCOPE}`,
	);
});
