/**
 * The credential: its declarative test request, run the way n8n's credential tester runs it
 * (see test/helpers/credentialTest.ts), and the rules it applies to the answer.
 */
import nock from 'nock';

import { apiRootFromBaseUrl } from '../../nodes/LinkManagement/transport/baseUrl';
import { applyAuthentication, credentialType } from '../harness';
import { AUTHORIZATION, runNode, TEST_API_KEY, TEST_BASE_URL, unmatchedRequests } from '../helpers';
import { testCredential } from '../helpers/credentialTest';
import { accountRecord, NO_SCOPE_ANSWER, REFUSED_BASE_URLS } from '../helpers/fixtures';
import type { Sandbox } from '../sandbox/server';
import { startSandbox } from '../sandbox/server';
import { SEEDED_USER_KEY } from '../sandbox/users';

const WRONG_KEY_MESSAGE =
	'The service answered with an error: the API key is missing, wrong or expired.';

/** Where the node sends account get for this Base URL. */
function nodeAccountUrl(baseUrl: string): URL {
	return new URL(`${apiRootFromBaseUrl(baseUrl)}/account`);
}

describe('credential type', () => {
	test('is linkManagementApi: baseUrl and apiKey, the key a password field', () => {
		expect(credentialType.name).toBe('linkManagementApi');
		expect(credentialType.displayName).toBe('Link Management API');
		expect(credentialType.properties.map((property) => property.name)).toEqual([
			'baseUrl',
			'apiKey',
		]);
		expect(credentialType.properties[1].typeOptions?.password).toBe(true);
	});
});

describe('the Bearer header', () => {
	test("a function n8n calls, nothing to evaluate: the trimmed key beside the request's headers", async () => {
		expect(typeof credentialType.authenticate).toBe('function');

		const options = await applyAuthentication(
			credentialType,
			{ baseUrl: TEST_BASE_URL, apiKey: ` ${TEST_API_KEY}\n` },
			{ url: `${TEST_BASE_URL}/api/account`, headers: { Accept: 'application/json' } },
		);

		expect(options.headers).toEqual({ Accept: 'application/json', Authorization: AUTHORIZATION });
	});

	test('a key changed in n8n is sent from the next run on', async () => {
		const answered = (key: string) =>
			nock(TEST_BASE_URL)
				.matchHeader('authorization', `Bearer ${key}`)
				.get('/api/account')
				.reply(200, { error: 0, data: accountRecord });
		const scopes = [answered('first-key'), answered('second-key')];
		const parameters = { resource: 'account', operation: 'get' };

		const first = await runNode({
			parameters,
			credentials: { baseUrl: TEST_BASE_URL, apiKey: 'first-key' },
		});
		const second = await runNode({
			parameters,
			credentials: { baseUrl: TEST_BASE_URL, apiKey: 'second-key' },
		});

		expect([first.error, second.error]).toEqual([undefined, undefined]);
		expect(unmatchedRequests()).toEqual([]);
		for (const scope of scopes) scope.done();
	});
});

describe('credential test request', () => {
	test.each([
		'https://h.test',
		'https://h.test/',
		'https://h.test/api',
		'https://h.test/api/',
		'https://h.test/short',
		'https://h.test/short/',
		'https://h.test/short/api',
		'https://h.test/short/api/',
		' https://h.test/short/ ',
		'http://h.test:8080/links',
	])("Base URL %j: the node's account URL, bearer key", async (baseUrl) => {
		const target = nodeAccountUrl(baseUrl);
		const scope = nock(target.origin)
			.matchHeader('authorization', AUTHORIZATION)
			.get(target.pathname)
			.reply(200, { error: 0, data: accountRecord });

		const result = await testCredential({ baseUrl, apiKey: TEST_API_KEY });

		expect(result).toEqual({ status: 'OK', message: 'Connection successful!' });
		expect(target.pathname).toMatch(/\/api\/account$/);
		expect(unmatchedRequests()).toEqual([]);
		scope.done();
	});

	test.each([...REFUSED_BASE_URLS, 'https://admin:pw@h.test'])(
		'Base URL %j, which the node refuses: not a success',
		async (baseUrl) => {
			expect(() => apiRootFromBaseUrl(baseUrl)).toThrow(/Base URL/);
			// Whatever the host answers (here: any page, as a web server would), the test must fail.
			nock(/h\.test/)
				.persist()
				.get(/.*/)
				.reply(200, '<html><body>Welcome</body></html>', { 'Content-Type': 'text/html' });

			const result = await testCredential({ baseUrl, apiKey: TEST_API_KEY });

			expect(result.status).toBe('Error');
		},
	);
});

describe('credential test rules', () => {
	const WRONG_KEY = 'wrong-key-0000';
	const answer = (status: number, body: unknown, key = TEST_API_KEY) =>
		nock('https://h.test')
			.matchHeader('authorization', `Bearer ${key}`)
			.get('/api/account')
			.reply(status, body as nock.Body);

	test('a good key: the account answer passes', async () => {
		const scope = answer(200, { error: 0, data: accountRecord });

		await expect(
			testCredential({ baseUrl: 'https://h.test', apiKey: TEST_API_KEY }),
		).resolves.toEqual({
			status: 'OK',
			message: 'Connection successful!',
		});
		scope.done();
	});

	test.each([
		['error 1', { error: 1, message: 'Invalid API key.' }],
		['error "1"', { error: '1', message: 'Invalid API key.' }],
	])('a bad key answered HTTP 200 with %s fails with the rule message', async (_what, body) => {
		const scope = answer(200, body, WRONG_KEY);

		await expect(testCredential({ baseUrl: 'https://h.test', apiKey: WRONG_KEY })).resolves.toEqual(
			{
				status: 'Error',
				message: WRONG_KEY_MESSAGE,
			},
		);
		scope.done();
	});

	test('a bad key answered with an HTTP error status fails', async () => {
		const scope = answer(401, { error: 1, message: 'Invalid API key.' }, WRONG_KEY);

		const result = await testCredential({ baseUrl: 'https://h.test', apiKey: WRONG_KEY });

		expect(result.status).toBe('Error');
		scope.done();
	});

	test('every rule checks the `error` key against a value other than 0', () => {
		const rules = credentialType.test?.rules ?? [];
		expect(rules.length).toBeGreaterThan(0);
		for (const rule of rules) {
			expect(rule.type).toBe('responseSuccessBody');
			if (rule.type !== 'responseSuccessBody') continue;
			expect(rule.properties.key).toBe('error');
			expect(String(rule.properties.value)).not.toBe('0');
		}
	});
});

describe('a key with scopes', () => {
	test('a valid key without the "account" scope passes: the service refuses the route, not the key', async () => {
		// HTTP 200 with `error` the boolean true: the scope refusal, which no rule takes for a bad key.
		const scope = nock('https://h.test')
			.matchHeader('authorization', AUTHORIZATION)
			.get('/api/account')
			.reply(200, NO_SCOPE_ANSWER);

		await expect(
			testCredential({ baseUrl: 'https://h.test', apiKey: TEST_API_KEY }),
		).resolves.toEqual({ status: 'OK', message: 'Connection successful!' });
		scope.done();
	});

	describe.each(['reference', 'family'] as const)('against the sandbox (%s profile)', (profile) => {
		let sandbox: Sandbox;
		beforeAll(async () => {
			sandbox = await startSandbox({
				profile,
				rateLimit: 0,
				scopedKeys: { 'links-only': ['links'] },
			});
		});
		afterAll(async () => await sandbox.stop());

		test.each([
			['a key with the "links" scope only', 'links-only', 'OK'],
			["a customer's own key (not an administrator's)", SEEDED_USER_KEY, 'OK'],
			["the administrator's key", 'sandbox-key', 'OK'],
			['a wrong key', 'wrong-key-0000', 'Error'],
		])('%s: %s', async (_what, apiKey, status) => {
			const result = await testCredential({ baseUrl: sandbox.url, apiKey });
			expect(result.status).toBe(status);
		});
	});
});
