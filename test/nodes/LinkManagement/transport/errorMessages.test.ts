/**
 * What a failed item says: the service's own words wherever it puts them, what kind of answer
 * came when it was not JSON, what to check, and the cause of a connection that failed.
 */
import nock from 'nock';

import { createForumPixel, mockEndpoint, rl, runNode } from '../../../helpers';
import { errorAnswer } from '../../../helpers/fixtures';
import { localServer } from '../../../helpers/localServer';

const BAD_KEY = 'A valid API key is required to use this service.';

describe("the service's words reach the user, wherever it puts them", () => {
	const getAccount = { resource: 'account', operation: 'get' };

	test.each([
		[
			'`message` as text',
			400,
			{ error: 1, message: 'The e-mail is already in use.' },
			'The e-mail is already in use.',
		],
		[
			'`message` as an object of field errors',
			400,
			{
				error: 1,
				message: { email: 'The e-mail is not valid.', password: ['Too short', 'No digit'] },
			},
			'email: The e-mail is not valid.; password: Too short; No digit',
		],
		['`error` as text', 401, { error: 'Invalid API key' }, 'Invalid API key'],
		['a bad key as real installations answer it (HTTP 403)', 403, errorAnswer(BAD_KEY), BAD_KEY],
		[
			'a missing permission (`error: true`, HTTP 200)',
			200,
			{ error: true, message: 'You do not have permission to access this endpoint.' },
			'You do not have permission to access this endpoint.',
		],
		[
			'an error without words',
			500,
			{ error: 1 },
			'The service refused the request (HTTP 500) without saying why',
		],
	])('%s', async (_, status, body, message) => {
		mockEndpoint('GET', '/api/account', body, { status });

		const result = await runNode({ parameters: getAccount });

		expect(result.error?.message).toBe(`${message} [item 0]`);
		expect(result.error?.httpCode).toBe(String(status));
	});

	test('a bad key says to check the API key', async () => {
		mockEndpoint('GET', '/api/account', errorAnswer(BAD_KEY), { status: 403 });

		const result = await runNode({ parameters: getAccount });

		expect(result.error?.description).toMatch(/Check the credential's API key/);
	});

	test('an empty answer (HTTP 200) fails, saying it was empty; never a success', async () => {
		mockEndpoint('PUT', '/api/pixel/404/update', '', { status: 200 });

		const result = await runNode({
			parameters: { resource: 'pixel', operation: 'update', pixelId: rl('404'), tag: 'T-1' },
		});

		expect(result.error?.message).toBe(
			'The service answered HTTP 200 with an empty answer instead of a result [item 0]',
		);
		expect(result.error?.description).toMatch(/the record does not exist/);
		expect(result.items).toEqual([]);
	});

	test('an HTML error page is named with its status and title', async () => {
		mockEndpoint(
			'POST',
			'/api/qr/add',
			'<!DOCTYPE html><html><head><title>Whoops, something went wrong</title></head><body>…</body></html>',
			{ status: 500 },
		);

		const result = await runNode({
			parameters: {
				resource: 'qrCode',
				operation: 'create',
				type: 'link',
				data: 'https://example.com',
			},
		});

		expect(result.error?.message).toBe(
			'The service answered HTTP 500 with an HTML page ("Whoops, something went wrong") instead of JSON [item 0]',
		);
		expect(result.error?.httpCode).toBe('500');
	});

	test.each([[500], [502], [503], [504]])(
		'a create answered HTTP %i fails once and says it was not sent again',
		async (status) => {
			const answer = errorAnswer('Server error');
			const endpoint = mockEndpoint('POST', '/api/qr/add', answer, { status, times: 2 });

			const result = await runNode({
				parameters: { resource: 'qrCode', operation: 'create', type: 'text', data: 'Hi' },
			});

			expect(result.error?.message).toBe('Server error [item 0]');
			expect(result.error?.description).toContain(
				'It was not sent again: the service may already have applied it',
			);
			expect(endpoint.requests).toHaveLength(1);
			nock.cleanAll();
		},
	);

	test("an HTML 404 page (a wrong Base URL) says to check the credential's Base URL", async () => {
		mockEndpoint('GET', '/api/account', '<html><title>404 Not Found</title></html>', {
			status: 404,
		});

		const result = await runNode({ parameters: getAccount });

		expect(result.error?.message).toMatch(/HTTP 404 with an HTML page \("404 Not Found"\)/);
		expect(result.error?.description).toMatch(/check the credential's Base URL/);
	});
});

describe('connection failures name their cause', () => {
	const networkError = (code: string, message: string) =>
		Object.assign(new Error(message), { code });

	test('host name not found: said at once, not tried again', async () => {
		const scope = nock('https://links.example.test')
			.post('/api/pixel/add')
			.times(4)
			.replyWithError(networkError('ENOTFOUND', 'getaddrinfo ENOTFOUND links.example.test'));

		const result = await runNode({ parameters: createForumPixel });

		expect(result.error?.message).toBe(
			'Could not reach the Link Management service: the host name was not found [item 0]',
		);
		expect(scope.pendingMocks()).toHaveLength(1); // one try, the interceptor still waits for 3 more
	});

	test('closed before an answer: a POST says it was not sent again', async () => {
		nock('https://links.example.test')
			.post('/api/pixel/add')
			.replyWithError(networkError('ECONNRESET', 'socket hang up'));

		const result = await runNode({ parameters: createForumPixel });

		expect(result.error?.message).toBe(
			'Could not reach the Link Management service: the connection was closed before an answer arrived [item 0]',
		);
		expect(result.error?.description).toMatch(/It was not sent again/);
	});

	test('closed while the answer was arriving: a POST says it was not sent again', async () => {
		const server = await localServer((_request, response) => {
			response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '200' });
			response.write('{"error": 0, "id": ');
			setImmediate(() => response.socket?.destroy());
		});
		try {
			const result = await runNode({
				credentials: { baseUrl: server.url, apiKey: 'local-key-123' },
				parameters: createForumPixel,
			});

			expect(result.error?.message).toBe(
				'Could not reach the Link Management service: the connection was closed while the answer was arriving [item 0]',
			);
			expect(result.error?.description).toMatch(/It was not sent again/);
			expect(server.requests).toHaveLength(1);
		} finally {
			await server.close();
		}
	});
});
