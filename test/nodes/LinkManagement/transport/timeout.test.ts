import type { RequestListener } from 'node:http';
import type { INodeParameters } from 'n8n-workflow';

/**
 * Every request carries the node's connection Options and its Timeout: a service that does
 * not answer fails the item within it, and tries after transient faults stay bounded in time.
 */
import { requestSettings } from '../../../../nodes/LinkManagement/shared/options';
import type { RequestContext } from '../../../../nodes/LinkManagement/transport/context';
import { requestOptionsFor } from '../../../../nodes/LinkManagement/transport/send';
import { createForumPixel, rl, runNode } from '../../../helpers';
import { errorAnswer } from '../../../helpers/fixtures';
import type { LocalServer } from '../../../helpers/localServer';
import { localServer, silent } from '../../../helpers/localServer';

let server: LocalServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

const run = (parameters: INodeParameters) =>
	runNode({ credentials: { baseUrl: server!.url, apiKey: 'local-key-123' }, parameters });

/** The service's answer for a pixel that does not exist. */
const pixelNotFound: RequestListener = (_request, response) => {
	response.writeHead(200, { 'Content-Type': 'application/json' });
	response.end(JSON.stringify(errorAnswer('Pixel not found. Please try again.')));
};

describe('Timeout (Seconds)', () => {
	test('a POST without an answer fails within the Timeout and is not sent again', async () => {
		server = await localServer(silent);

		const result = await run({ ...createForumPixel, options: { timeout: 1 } });

		expect(result.error?.message).toBe(
			"Could not reach the Link Management service: no answer arrived within 1 s ('Timeout (Seconds)') [item 0]",
		);
		expect(result.error?.description).toContain('It was not sent again');
		expect(server.requests).toHaveLength(1);
	});

	test('a GET without an answer is not sent again either: the Timeout was spent', async () => {
		server = await localServer(silent);

		const result = await run({ resource: 'account', operation: 'get', options: { timeout: 1 } });

		expect(result.error?.message).toMatch(/no answer arrived within 1 s \('Timeout \(Seconds\)'\)/);
		expect(server.requests).toHaveLength(1);
	});

	test('an answer that comes within the Timeout is used', async () => {
		server = await localServer((_request, response) => {
			setTimeout(() => {
				response.writeHead(200, { 'Content-Type': 'application/json' });
				response.end(JSON.stringify({ error: 0, data: { id: 1 } }));
			}, 300);
		});

		const result = await run({ resource: 'account', operation: 'get', options: { timeout: 5 } });

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json)).toEqual([{ id: 1 }]);
	});

	test('tries after dropped connections stop once they have spent the Timeout', async () => {
		// Dropped at once every time: backoff steps of 0.5–1 s, 1–2 s, 2–4 s would allow three
		// retries, but a Timeout of 1 s leaves room for one at most.
		server = await localServer((request) => request.socket.destroy());

		const result = await run({ resource: 'account', operation: 'get', options: { timeout: 1 } });

		expect(result.error?.message).toMatch(/closed before an answer arrived/);
		expect(server.requests.length).toBeGreaterThanOrEqual(1);
		expect(server.requests.length).toBeLessThanOrEqual(2);
	});

	test('a retried DELETE that reads "not found" says an earlier try may have applied it', async () => {
		let tries = 0;
		server = await localServer((request, response) => {
			if (++tries === 1) request.socket.destroy();
			else pixelNotFound(request, response);
		});

		const result = await run({ resource: 'pixel', operation: 'delete', pixelId: rl('5') });

		expect(server.requests).toHaveLength(2);
		expect(result.error?.message).toBe('Pixel not found. Please try again. [item 0]');
		expect(result.error?.description).toMatch(
			/An earlier try of this request .* may have applied it/,
		);
	});

	test('a PUT that failed without an earlier try says nothing of earlier tries', async () => {
		server = await localServer(pixelNotFound);

		const result = await run({
			resource: 'pixel',
			operation: 'update',
			pixelId: rl('5'),
			tag: 'T',
		});

		expect(result.error?.description).not.toMatch(/earlier try/);
	});

	test.each([[0], [-1], ['soon']])('a Timeout of %p is refused by name', async (timeout) => {
		server = await localServer(silent);

		const result = await run({ resource: 'account', operation: 'get', options: { timeout } });

		expect(result.error?.message).toMatch(/^'Timeout \(Seconds\)' must be a number greater than 0/);
		expect(server.requests).toHaveLength(0);
	});
});

describe("each request carries the node's own connection options", () => {
	const context = {
		apiRoot: 'https://links.example.test/short/api',
		settings: requestSettings({
			timeout: 12,
			proxy: 'http://proxy-user:proxy-pass@proxy.example.test:3128',
			allowUnauthorizedCerts: true,
		}),
	} as RequestContext;

	test('Proxy and Ignore SSL Issues, with the full address and no query or body of its own', () => {
		const options = requestOptionsFor(context, { method: 'DELETE', path: '/campaign/5/delete' });

		expect(options).toMatchObject({
			method: 'DELETE',
			url: 'https://links.example.test/short/api/campaign/5/delete',
			proxy: {
				protocol: 'http',
				host: 'proxy.example.test',
				port: 3128,
				auth: { username: 'proxy-user', password: 'proxy-pass' },
			},
			skipSslCertificateValidation: true,
			timeout: 12_000,
			json: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
		});
		expect(options.headers).toEqual({
			Accept: 'application/json',
			'Content-Type': 'application/json',
		});
		expect(options).not.toHaveProperty('baseURL');
		expect(options).not.toHaveProperty('qs');
		expect(options).not.toHaveProperty('body');
	});

	test('the default Timeout is 30 seconds', () => {
		const options = requestOptionsFor(
			{ ...context, settings: requestSettings({}) },
			{ method: 'GET', path: '/account' },
		);
		expect(options.timeout).toBe(30_000);
	});
});
