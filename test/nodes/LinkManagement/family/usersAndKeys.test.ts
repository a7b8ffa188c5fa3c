/**
 * (The family: real installations of the service, as opposed to the API reference's answers.)
 * Users and plans on n8n's engine against the sandbox's family profile: a customer's account
 * created, subscribed and signed in through its login link; users' own keys never output unless
 * asked for; a key that is not an administrator's, and keys with scopes, told what they lack on
 * every resource, in the action node, a picker and the trigger.
 */
import type { INodeParameters } from 'n8n-workflow';

import { searchPixels } from '../../../../nodes/LinkManagement/listSearch';
import { jsonOf, rl, runNode, select } from '../../../helpers';
import { sandboxPickerContext } from '../../../helpers/picker';
import { activeTrigger } from '../../../helpers/trigger';
import type { Sandbox } from '../../../sandbox/server';
import { SEEDED_USER_KEY } from '../../../sandbox/users';
import { credentialsOf, familySandbox, requestsTo } from './helpers';

const QR_ONLY = 'qr-only-key';

let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await familySandbox({ seed: 3, rateLimit: 0, scopedKeys: { [QR_ONLY]: ['qr'] } });
});
beforeEach(() => sandbox.reset());
afterAll(async () => await sandbox.stop());

const run = (parameters: INodeParameters, apiKey = sandbox.apiKey) =>
	runNode({ credentials: { ...credentialsOf(sandbox), apiKey }, parameters });

const succeeded = async (parameters: INodeParameters) => {
	const result = await run(parameters);
	expect(result.error).toBeUndefined();
	return jsonOf(result);
};

describe("a customer's account", () => {
	test('created on a plan, subscribed to another, signed in once through its login link', async () => {
		const [created] = await succeeded(
			select('user', 'create', {
				username: 'new_customer',
				email: 'customer@example.com',
				password: 'first-pass',
				additionalFields: { planId: rl('2', 'list'), expiration: '2031-01-31T00:00:00' },
			}),
		);
		const [subscribed] = await succeeded(
			select('plan', 'subscribeUser', {
				planId: rl('3'),
				userId: rl(String(created.id)),
				type: 'yearly',
			}),
		);
		const [link] = await succeeded(
			select('user', 'getLoginLink', { userId: rl(String(created.id)) }),
		);

		expect(created).toEqual({ id: 4, message: 'User has been successfully created.' });
		expect(requestsTo(sandbox, 'POST /api/user/add')[0].body).toBe(
			JSON.stringify({
				username: 'new_customer',
				email: 'customer@example.com',
				password: 'first-pass',
				planid: 2,
				expiration: '2031-01-31 00:00:00',
			}),
		);
		expect(subscribed).toEqual({
			success: true,
			message: 'User has been successfully subscribed.',
			planId: 3,
			userId: 4,
		});
		expect(sandbox.store.installation.users.get(4)).toMatchObject({ status: 'pro', planid: 3 });
		expect(link).toEqual({ userId: 4, url: expect.stringMatching(/\/user\/login\/sso\/\w+$/) });

		const visit = await fetch(String(link.url));
		expect(visit.status).toBe(200);
		expect(await visit.text()).toContain('Signed in as <b>new_customer</b>');
		expect((await fetch(String(link.url))).status).toBe(403);
	});

	test('found by its exact e-mail, without its own key unless Include API Keys is on', async () => {
		const byEmail = { filters: { email: 'ann@example.com' } };
		const { apikey } = sandbox.store.installation.users.get(2) ?? {};

		const [found] = await succeeded(select('user', 'getAll', byEmail));
		const [withKey] = await succeeded(
			select('user', 'getAll', { ...byEmail, options: { includeApiKeys: true } }),
		);
		const [got] = await succeeded(select('user', 'get', { userId: rl('2') }));

		expect(found).toMatchObject({ id: 2, username: 'customer_ann' });
		expect(found).not.toHaveProperty('apikey');
		expect(got).not.toHaveProperty('apikey');
		expect(withKey.apikey).toBe(apikey);
	});

	test("with Include API Keys, the administrator's own key is the credential's: masked", async () => {
		const [administrator] = await succeeded(
			select('user', 'getAll', {
				filters: { type: 'admin' },
				options: { includeApiKeys: true },
			}),
		);
		expect(administrator).toMatchObject({ username: 'sandbox', apikey: '***' });
	});

	test('the plans, whole; Limit applied to the one answer', async () => {
		const plans = await succeeded(select('plan', 'getAll', { limit: 2 }));

		expect(plans.map(({ id, name }) => [id, name])).toEqual([
			['3', 'Business'],
			['2', 'Starter'],
		]);
		expect(requestsTo(sandbox, 'GET /api/plans').map(({ url }) => url)).toEqual(['/api/plans']);
	});

	test('a username the service has: its words; nothing created', async () => {
		const result = await run(
			select('user', 'create', {
				username: 'Customer_Ann',
				email: 'other@example.com',
				password: 'first-pass',
			}),
		);
		expect(result.error?.message).toBe('Username already exists. [item 0]');
		expect(sandbox.store.installation.users.size).toBe(3);
	});
});

const USERS_AND_PLANS: INodeParameters[] = [
	select('user', 'getAll'),
	select('user', 'get', { userId: rl('3') }),
	select('user', 'create', {
		username: 'jane_doe',
		email: 'jane@example.com',
		password: 'hunter22',
	}),
	select('user', 'delete', { userId: rl('3') }),
	select('user', 'getLoginLink', { userId: rl('3') }),
	select('plan', 'getAll'),
	select('plan', 'subscribeUser', { planId: rl('2'), userId: rl('3'), type: 'monthly' }),
];

test.each(USERS_AND_PLANS)(
	"a customer's own key, %o: not an administrator's, said so; nothing done",
	async (parameters) => {
		const result = await run(parameters, SEEDED_USER_KEY);

		const resource = parameters.resource === 'user' ? 'User' : 'Plan';
		expect(result.error?.message).toBe(
			`The API key is not an administrator's: ${resource} operations need the key of an administrator of the service (the service answered "You do not have permission to access this endpoint.") [item 0]`,
		);
		expect(result.error?.httpCode).toBe('403');
		expect(sandbox.store.installation.users.size).toBe(3);
		expect(sandbox.store.installation.users.get(3)?.planid).toBeNull();
	},
);

const RESOURCES: Array<[string, string, INodeParameters]> = [
	['Account', 'account', select('account', 'get')],
	['Campaign', 'campaigns', select('campaign', 'create', { additionalFields: { name: 'Spring' } })],
	['Splash Page', 'splash', select('splashPage', 'getAll')],
	['Channel', 'channels', select('channel', 'getItems', { channelId: rl('1'), returnAll: true })],
	['Pixel', 'pixels', select('pixel', 'delete', { pixelId: rl('1') })],
	['CTA Overlay', 'cta', select('overlay', 'getAll')],
	['Branded Domain', 'domains', select('domain', 'upsert', { domain: 'https://go.example.com' })],
	['Link', 'links', select('link', 'get', { linkId: rl('1') })],
];

test.each(RESOURCES)(
	'a key with the "qr" scope only, on %s: the scope it lacks; nothing done, nothing sent again',
	async (resource, scope, parameters) => {
		const result = await run(parameters, QR_ONLY);

		expect(result.error?.message).toBe(
			`The API key lacks the "${scope}" scope, which ${resource} operations need (the service answered "You do not have access to this endpoint with this API key.") [item 0]`,
		);
		expect(sandbox.stats.requests).toBe(1);
		expect([sandbox.store.campaigns.created, sandbox.store.pixels.deleted]).toEqual([0, 0]);
	},
);

test('the same key does what its scope allows', async () => {
	const qrCodes = await succeeded({ ...select('qrCode', 'getAll', { returnAll: true }) });
	const asQrOnly = await run(select('qrCode', 'getAll', { returnAll: true }), QR_ONLY);
	expect(jsonOf(asQrOnly)).toEqual(qrCodes);
});

test('a picker and a trigger event with a key that lacks their scope say so', async () => {
	const credentials = { ...credentialsOf(sandbox), apiKey: QR_ONLY };
	await expect(searchPixels.call(sandboxPickerContext(sandbox, QR_ONLY))).rejects.toThrow(
		/^The API key lacks the "pixels" scope, which Pixel operations need/,
	);
	const { error } = await activeTrigger({ event: 'linkCreated' }, credentials).poll();
	expect(error?.message).toMatch(
		/^The API key lacks the "links" scope, which Link operations need/,
	);
});
