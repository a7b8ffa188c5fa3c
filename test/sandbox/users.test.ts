// Users and plans (administrators' keys only), keys with scopes and users' one-time login links,
// in both profiles: the answers and refusals of the service family, word for word.

import { call, Json, sandboxStarter } from './helpers';
import type { Profile, Sandbox } from './server';
import { SEEDED_USER_KEY } from './users';

const start = sandboxStarter({ order: 'oldest' });
const PROFILES: Profile[] = ['reference', 'family'];

const NOT_ADMIN = { error: 1, message: 'You do not have permission to access this endpoint.' };
const NO_SCOPE = {
	error: true,
	message: 'You do not have access to this endpoint with this API key.',
};
const refused = (message: string) => ({ error: 1, message });

const JANE = { username: 'jane_doe', email: 'jane@example.com', password: 'secret1' };

const usernames = (body: Json) => (body.data as Json[]).map((user) => user.username);

describe.each(PROFILES)('%s profile', (profile) => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await start({
			profile,
			scopedKeys: { 'qr-only': ['qr'], 'links-and-qr': ['links', 'qr'] },
		});
	});
	beforeEach(() => sandbox.reset());

	describe('GET /api/users: every matching user at once, under data', () => {
		test('without a filter, every user with its own API key; no pages', async () => {
			const { status, body } = await call(sandbox, 'GET', '/api/users?page=2&limit=1');

			expect(status).toBe(200);
			expect(body.error).toBe(0);
			expect(usernames(body)).toEqual(['sandbox', 'customer_ann', 'customer_bob']);
			expect(Object.keys(body.data[0]).sort()).toEqual(
				[
					'apikey',
					'avatar',
					'email',
					'expires',
					'id',
					'planid',
					'registered',
					'status',
					'username',
				].sort(),
			);
			expect(body.data[1].apikey).toBe(SEEDED_USER_KEY);
		});

		test.each([
			['admin', ['sandbox']],
			['free', ['customer_bob']],
			['pro', ['sandbox', 'customer_ann']],
			['anything', ['sandbox', 'customer_ann']],
		])('filter=%s', async (filter, expected) => {
			const { body } = await call(sandbox, 'GET', `/api/users?filter=${filter}`);
			expect(usernames(body)).toEqual(expected);
		});

		test('email finds the user with exactly that address, and only without a filter', async () => {
			const found = await call(sandbox, 'GET', '/api/users?email=ann@example.com');
			const otherCase = await call(sandbox, 'GET', '/api/users?email=ANN@example.com');
			const withFilter = await call(sandbox, 'GET', '/api/users?filter=free&email=ann@example.com');

			expect(usernames(found.body)).toEqual(['customer_ann']);
			expect(usernames(otherCase.body)).toEqual([]);
			expect(usernames(withFilter.body)).toEqual(['customer_bob']);
		});
	});

	describe('GET /api/user/:id', () => {
		test('one user under data', async () => {
			const { body } = await call(sandbox, 'GET', '/api/user/2');
			expect(body).toMatchObject({
				error: 0,
				data: { id: 2, username: 'customer_ann', status: 'pro', planid: 2 },
			});
		});

		test.each(['99', 'abc'])('user %s: HTTP 200 "User does not exist."', async (id) => {
			const { status, body } = await call(sandbox, 'GET', `/api/user/${id}`);
			expect([status, body]).toEqual([200, refused('User does not exist.')]);
		});
	});

	describe('POST /api/user/add: the checks in the product order', () => {
		test('creates the user and answers its ID only; its own key works against the sandbox', async () => {
			const { body } = await call(sandbox, 'POST', '/api/user/add', { body: JANE });

			expect(body).toEqual({ error: 0, message: 'User has been successfully created.', userid: 4 });
			const jane = sandbox.store.installation.users.get(4);
			expect(jane).toMatchObject({
				...JANE,
				status: 'free',
				planid: null,
				expires: null,
				admin: false,
			});
			const asJane = await call(sandbox, 'GET', '/api/qr?limit=1', { key: jane?.apikey });
			expect(asJane.body.error).toBe(profile === 'family' ? 0 : '0');
		});

		test('with a plan and its expiration (a date, or a date and time): on the plan until then', async () => {
			await call(sandbox, 'POST', '/api/user/add', {
				body: { ...JANE, planid: 2, expiration: '2031-01-31' },
			});
			const body = { ...JANE, username: 'jim_doe', email: 'jim@example.com', planid: 3 };
			await call(sandbox, 'POST', '/api/user/add', {
				body: { ...body, expiration: '2031-02-01 12:30:00' },
			});

			const { users } = sandbox.store.installation;
			expect(users.get(4)).toMatchObject({
				status: 'pro',
				planid: 2,
				expires: '2031-01-31 00:00:00',
			});
			expect(users.get(5)).toMatchObject({
				status: 'pro',
				planid: 3,
				expires: '2031-02-01 12:30:00',
			});
		});

		test.each<[string, Json, string]>([
			[
				'no username',
				{ email: JANE.email, password: JANE.password },
				'Invalid request or incorrect data format.',
			],
			['an empty password', { ...JANE, password: '' }, 'Invalid request or incorrect data format.'],
			[
				'a missing field before a bad username',
				{ username: 'x', email: JANE.email },
				'Invalid request or incorrect data format.',
			],
			[
				'a username of 3 characters',
				{ ...JANE, username: 'abc' },
				'Please enter a valid username.',
			],
			[
				'a username of 21 characters',
				{ ...JANE, username: 'a'.repeat(21) },
				'Please enter a valid username.',
			],
			[
				'a username with a dash',
				{ ...JANE, username: 'jane-doe' },
				'Please enter a valid username.',
			],
			[
				'a taken username (any case)',
				{ ...JANE, username: 'Customer_Ann' },
				'Username already exists.',
			],
			[
				'a bad username before a bad e-mail',
				{ ...JANE, username: 'x', email: 'nope' },
				'Please enter a valid username.',
			],
			[
				'an e-mail without @',
				{ ...JANE, email: 'jane.example.com' },
				'Please enter a valid email.',
			],
			[
				'a taken e-mail',
				{ ...JANE, email: 'bob@example.com' },
				'An account is already associated with this email.',
			],
			[
				'a password of 4 characters',
				{ ...JANE, password: '1234' },
				'Password must be at least 5 characters.',
			],
			['a plan without expiration', { ...JANE, planid: 2 }, 'The expiration date is not valid.'],
			[
				'a plan with a date that is not one',
				{ ...JANE, planid: 2, expiration: '2031-02-30' },
				'The expiration date is not valid.',
			],
		])('refuses %s, HTTP 200, creating nothing', async (_what, body, message) => {
			const answer = await call(sandbox, 'POST', '/api/user/add', { body });

			expect([answer.status, answer.body]).toEqual([200, refused(message)]);
			expect(sandbox.store.installation.users.size).toBe(3);
		});

		test('a plan that does not exist is ignored without a word', async () => {
			const { body } = await call(sandbox, 'POST', '/api/user/add', {
				body: { ...JANE, planid: 77 },
			});

			expect(body.error).toBe(0);
			expect(sandbox.store.installation.users.get(4)).toMatchObject({
				status: 'free',
				planid: null,
			});
		});
	});

	test('DELETE /api/user/:id/delete', async () => {
		const deleted = await call(sandbox, 'DELETE', '/api/user/3/delete');
		const again = await call(sandbox, 'DELETE', '/api/user/3/delete');

		expect(deleted.body).toEqual({ error: 0, message: 'User has been deleted successfully.' });
		expect(again.body).toEqual(refused('User does not exist.'));
		expect(sandbox.store.installation.users.get(3)).toBeUndefined();
	});

	describe('GET /api/user/login/:id: a link that signs the user in once', () => {
		test('its URL on the site signs the user in (a page and a session cookie), once', async () => {
			const { body } = await call(sandbox, 'GET', '/api/user/login/2');
			expect(body).toEqual({
				error: 0,
				url: expect.stringMatching(/\/user\/login\/sso\/[0-9a-f]{40}$/),
			});
			expect(body.url.startsWith(`${sandbox.url}/`)).toBe(true);

			const first = await fetch(body.url);
			const page = await first.text();
			const second = await fetch(body.url);

			expect(first.status).toBe(200);
			expect(page).toContain('Signed in as <b>customer_ann</b> (ann@example.com)');
			expect(first.headers.get('set-cookie')).toMatch(/^session=[0-9a-f]+; Path=\/; HttpOnly$/);
			expect(second.status).toBe(403);
			expect(await second.text()).toContain('it was used already');
			expect(sandbox.store.installation.signIns.map(({ username }) => username)).toEqual([
				'customer_ann',
			]);
		});

		test('an unknown user: "User does not exist."', async () => {
			const { body } = await call(sandbox, 'GET', '/api/user/login/42');
			expect(body).toEqual(refused('User does not exist.'));
		});
	});

	describe('GET /api/plans and PUT /api/plan/:id/user/:userid', () => {
		test('every plan at once: name, free, prices as text, limits', async () => {
			const { body } = await call(sandbox, 'GET', '/api/plans');

			expect(body.error).toBe(0);
			expect((body.data as Json[]).map(({ id, name, free }) => [id, name, free])).toEqual(
				[
					[1, 'Free', true],
					[2, 'Starter', false],
					[3, 'Business', false],
				].map(([id, ...rest]) => [profile === 'family' ? String(id) : id, ...rest]),
			);
			expect(body.data[1].prices).toEqual({ monthly: '9.99', yearly: '99.00', lifetime: '249.00' });
			expect(body.data[1].limits).toMatchObject({ links: 500, clicks: 100000, retention: 365 });
		});

		test('subscribes until the expiration given, or a year from now for yearly', async () => {
			const until = await call(sandbox, 'PUT', '/api/plan/3/user/3', {
				body: { type: 'monthly', expiration: '2032-03-04 05:06:07' },
			});
			const yearly = await call(sandbox, 'PUT', '/api/plan/2/user/2', { body: { type: 'yearly' } });

			expect(until.body).toEqual({ error: 0, message: 'User has been successfully subscribed.' });
			expect(yearly.body.error).toBe(0);
			const { users } = sandbox.store.installation;
			expect(users.get(3)).toMatchObject({
				status: 'pro',
				planid: 3,
				expires: '2032-03-04 05:06:07',
			});
			const inAYear = new Date(Date.now());
			inAYear.setUTCFullYear(inAYear.getUTCFullYear() + 1);
			expect(users.get(2)?.expires?.slice(0, 10)).toBe(inAYear.toISOString().slice(0, 10));
		});

		test('the free plan makes a user free again', async () => {
			await call(sandbox, 'PUT', '/api/plan/1/user/2', { body: { type: 'monthly' } });
			expect(sandbox.store.installation.users.get(2)).toMatchObject({ status: 'free', planid: 1 });
		});

		test.each<[string, string, Json, string]>([
			['an unknown plan', '/api/plan/9/user/2', { type: 'monthly' }, 'Plan does not exist.'],
			['an unknown plan and user', '/api/plan/9/user/99', {}, 'Plan does not exist.'],
			['an unknown user', '/api/plan/2/user/99', { type: 'monthly' }, 'User does not exist.'],
			['no type', '/api/plan/2/user/3', {}, 'API request is missing the type parameter.'],
			[
				'another type',
				'/api/plan/2/user/3',
				{ type: 'weekly' },
				'API request is missing the type parameter.',
			],
		])('refuses %s, HTTP 200', async (_what, path, body, message) => {
			const answer = await call(sandbox, 'PUT', path, { body });
			expect([answer.status, answer.body]).toEqual([200, refused(message)]);
			expect(sandbox.store.installation.users.get(3)).toMatchObject({
				status: 'free',
				planid: null,
			});
		});
	});

	describe('keys', () => {
		test.each([
			['GET', '/api/users'],
			['GET', '/api/user/1'],
			['POST', '/api/user/add'],
			['DELETE', '/api/user/1/delete'],
			['GET', '/api/user/login/1'],
			['GET', '/api/plans'],
			['PUT', '/api/plan/1/user/1'],
		])("an ordinary user's key: %s %s is HTTP 403, nothing done", async (method, path) => {
			const answer = await call(sandbox, method, path, { key: SEEDED_USER_KEY, body: JANE });

			expect([answer.status, answer.body]).toEqual([403, NOT_ADMIN]);
			expect(sandbox.store.installation.users.size).toBe(3);
			expect(sandbox.stats.unauthorized).toBe(0);
		});

		test.each<[string, string]>([
			['account', 'GET /api/account'],
			['domains', 'GET /api/domains'],
			['splash', 'GET /api/splash'],
			['campaigns', 'POST /api/campaign/add'],
			['cta', 'GET /api/overlay'],
			['channels', 'GET /api/channel/1'],
			['links', 'GET /api/urls'],
			['pixels', 'DELETE /api/pixel/1/delete'],
		])('a key without the scope %s: %s is HTTP 200, error true', async (_scope, request) => {
			const [method, path] = request.split(' ');
			const before = sandbox.store.pixels.size;

			const answer = await call(sandbox, method, path, {
				key: 'qr-only',
				body: { name: 'New one' },
			});

			expect([answer.status, answer.body]).toEqual([200, NO_SCOPE]);
			expect(sandbox.store.pixels.size).toBe(before);
			expect(sandbox.store.campaigns.created).toBe(0);
		});

		test('a key with scopes reaches their routes, and (its user is an administrator) users', async () => {
			const qr = await call(sandbox, 'GET', '/api/qr/1', { key: 'links-and-qr' });
			const links = await call(sandbox, 'GET', '/api/url/1', { key: 'links-and-qr' });
			const users = await call(sandbox, 'GET', '/api/users', { key: 'qr-only' });

			expect([qr.body.error, links.body.error, users.body.error]).toEqual([0, 0, 0]);
		});

		test('keys added while running, "all" reaching every route', async () => {
			sandbox.store.installation.scopedKeys.set('pixels-key', ['pixels']);
			sandbox.store.installation.scopedKeys.set('all-key', 'all');

			const pixels = await call(sandbox, 'GET', '/api/pixels', { key: 'pixels-key' });
			const account = await call(sandbox, 'GET', '/api/account', { key: 'pixels-key' });
			const all = await call(sandbox, 'GET', '/api/account', { key: 'all-key' });

			expect([
				pixels.body.error === 0 || pixels.body.error === '0',
				account.body,
				all.body.error,
			]).toEqual([true, NO_SCOPE, 0]);
		});

		test('a wrong key is refused as before, whatever the route', async () => {
			const answer = await call(sandbox, 'GET', '/api/users', { key: 'wrong-key' });
			expect(answer.status).toBe(profile === 'family' ? 403 : 401);
			expect(sandbox.stats.unauthorized).toBe(1);
		});
	});
});
