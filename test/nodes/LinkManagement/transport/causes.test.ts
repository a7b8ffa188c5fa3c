/**
 * Every error declares why it happened (`error.failure`, read by n8n 2.41's durable scheduler
 * to back a failed poll off, and by agents): what waiting cures (a rate limit, with the reset;
 * a service down or answering in a shape it should not) apart from what someone must mend (the
 * key, the configuration), and the node's own defects. docs/errors.md holds the table.
 */
import nock from 'nock';

import { mockEndpoint, rl, runNode } from '../../../helpers';
import { errorAnswer, NO_SCOPE_ANSWER } from '../../../helpers/fixtures';
import { useVirtualTime } from '../../../helpers/virtualTime';

useVirtualTime();

const getAccount = { resource: 'account', operation: 'get' };
const getQrCode = { resource: 'qrCode', operation: 'get', qrCodeId: rl('404') };
const listQrCodes = { resource: 'qrCode', operation: 'getAll', returnAll: true };

const CASES: Array<[string, () => void, object, string]> = [
	[
		'a refused key (HTTP 403, as real installations answer)',
		() =>
			mockEndpoint(
				'GET',
				'/api/account',
				errorAnswer('A valid API key is required to use this service.'),
				{
					status: 403,
				},
			),
		getAccount,
		'credential-invalid',
	],
	[
		'an expired key (HTTP 401)',
		() => mockEndpoint('GET', '/api/account', { error: 'Invalid API key' }, { status: 401 }),
		getAccount,
		'credential-invalid',
	],
	[
		'a key without the scope (HTTP 200, error true)',
		() => mockEndpoint('GET', '/api/account', NO_SCOPE_ANSWER),
		getAccount,
		'configuration-invalid',
	],
	[
		'a record that does not exist (HTTP 200, error 1)',
		() => mockEndpoint('GET', '/api/qr/404', errorAnswer('QR not found. Please try again.')),
		getQrCode,
		'configuration-invalid',
	],
	[
		'a wrong Base URL (an HTML 404 page)',
		() =>
			mockEndpoint('GET', '/api/account', '<html><title>404 Not Found</title></html>', {
				status: 404,
			}),
		getAccount,
		'configuration-invalid',
	],
	[
		'a server error (HTTP 500, an HTML page)',
		() =>
			mockEndpoint('GET', '/api/account', '<html><title>Whoops</title></html>', { status: 500 }),
		getAccount,
		'temporarily-unavailable',
	],
	[
		"a proxy's gateway error (HTTP 502, after the retries)",
		() =>
			mockEndpoint('GET', '/api/account', '<html>Bad Gateway</html>', { status: 502, times: 4 }),
		getAccount,
		'temporarily-unavailable',
	],
	[
		'an unreachable service',
		() =>
			nock('https://links.example.test')
				.get('/api/account')
				.replyWithError(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' })),
		getAccount,
		'temporarily-unavailable',
	],
	[
		'a list answer of a shape the node cannot read',
		() => mockEndpoint('GET', '/api/qr', { error: 0, qrs: [] }),
		listQrCodes,
		'temporarily-unavailable',
	],
	[
		'a parameter the node refuses (an ID that is not a number)',
		() => undefined,
		{ ...getQrCode, qrCodeId: rl('={{ "abc" }}') },
		'configuration-invalid',
	],
];

test.each(CASES)('%s', async (_, serve, parameters, cause) => {
	serve();
	const { error } = await runNode({ parameters: parameters as never });
	expect(error).toMatchObject({ failure: { cause } });
});

test('a rate limit longer than the Options allow: rate-limited, with the reset it announced', async () => {
	const resetAt = Math.ceil(Date.now() / 1000) + 900;
	nock('https://links.example.test')
		.get('/api/account')
		.reply(
			429,
			{ error: 429, message: 'Too Many API Requests.' },
			{
				'X-RateLimit-Limit': '30',
				'X-RateLimit-Remaining': '0',
				'X-RateLimit-Reset': String(resetAt),
			},
		);
	const { error } = await runNode({ parameters: getAccount });
	expect(error).toMatchObject({
		failure: { cause: 'rate-limited', resetsAtEpochMs: resetAt * 1000 },
	});
});

test('Continue On Fail: each failed item carries its cause', async () => {
	mockEndpoint('GET', '/api/qr/404', errorAnswer('QR not found. Please try again.'));
	const { items } = await runNode({ parameters: getQrCode as never, continueOnFail: true });
	expect(items[0].error).toMatchObject({ failure: { cause: 'configuration-invalid' } });
});
