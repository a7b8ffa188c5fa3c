/**
 * A proxy that refuses the request (HTTP 407, Proxy Authentication Required) fails the item
 * with a message that blames the proxy, not the service, and says what to check; the proxy's
 * password shows nowhere; nothing is sent again. A real local proxy answers, through n8n's own
 * HTTP helper: to an http service in absolute form, to an https one on CONNECT. Requests that
 * pass through a proxy, with and without its password: the e2e suite (test/e2e/cases/edges.mjs).
 */
import http from 'node:http';
import type { Socket } from 'node:net';

import nock from 'nock';
import type { INodeParameters } from 'n8n-workflow';

import type { RunResult } from '../../../helpers';
import { createForumPixel, runNode, select, TEST_API_KEY } from '../../../helpers';
import { qrRecords, qrStatistics } from '../../../helpers/fixtures';
import { downloadQr } from '../../../helpers/images';
import { localServer } from '../../../helpers/localServer';

const PROXY_PASSWORD = 'proxy-secret-7f3a';
const PAGE = '<html><head><title>407 Proxy Authentication Required</title></head></html>';

/**
 * A proxy that refuses everything with 407 but what goes to a local server (forwarded); what it
 * was asked, in order.
 */
async function refusingProxy() {
	const asked: string[] = [];
	const server = http.createServer((request, response) => {
		asked.push(`${request.method} ${request.url}`);
		const target = new URL(request.url ?? '');
		if (target.hostname === '127.0.0.1') {
			const onward = http.request(
				target,
				{ method: request.method, headers: request.headers },
				(answer) => {
					response.writeHead(answer.statusCode ?? 502, answer.headers);
					answer.pipe(response);
				},
			);
			request.pipe(onward);
			return;
		}
		response.writeHead(407, {
			'Proxy-Authenticate': 'Basic realm="proxy"',
			'Content-Type': 'text/html',
		});
		response.end(PAGE);
	});
	server.on('connect', (request: http.IncomingMessage, socket: Socket) => {
		asked.push(`CONNECT ${request.url}`);
		socket.end(
			`HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="proxy"\r\nContent-Type: text/html\r\nContent-Length: ${PAGE.length}\r\nConnection: close\r\n\r\n${PAGE}`,
		);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as { port: number };
	return {
		asked,
		hostPort: `127.0.0.1:${port}`,
		close: async () => {
			server.closeAllConnections();
			await new Promise((resolve) => server.close(resolve));
		},
	};
}

// nock cannot carry n8n's proxy agents: this file's requests are real (the service's and the
// image host's names go to the local proxy only, never to a DNS lookup).
beforeAll(() => nock.restore());

let proxy: Awaited<ReturnType<typeof refusingProxy>>;
beforeEach(async () => {
	proxy = await refusingProxy();
});
afterEach(async () => await proxy.close());

/**
 * What the error says, in every field but `node` (n8n's copy of the node's parameters, the
 * Proxy address as the user typed it into the workflow), is free of the password and the key.
 */
function expectNoSecretsIn(error: RunResult['error']) {
	const { node: _asTyped, ...said } = { ...(error as object), message: error?.message } as {
		node?: unknown;
	};
	const text = JSON.stringify(said);
	expect(text).toContain('407');
	expect(text).not.toContain(PROXY_PASSWORD);
	expect(text).not.toContain(TEST_API_KEY);
}

const through = (auth: string) => `http://${auth}${proxy.hostPort}`;
const run = async (parameters: INodeParameters, baseUrl: string) =>
	await runNode({ credentials: { baseUrl, apiKey: TEST_API_KEY }, parameters });

describe.each([
	['an http service: the proxy refuses the request itself', 'http://links.example.test'],
	['an https service: the proxy refuses the tunnel (CONNECT)', 'https://links.example.test'],
])('%s', (_, baseUrl) => {
	test('a wrong password: the PROXY refused it, what to check, the password nowhere; a create sent once', async () => {
		const parameters = select('pixel', 'create', {
			...createForumPixel,
			options: { proxy: through(`proxy-user:${PROXY_PASSWORD}@`) },
		});

		const result = await run(parameters, baseUrl);

		// (" [item N]" may follow: n8n's item index.)
		expect(result.error?.message).toMatch(
			/^The proxy refused the request: it answered HTTP 407 \(Proxy Authentication Required\)/,
		);
		expect(result.error?.httpCode).toBe('407');
		expect(result.error?.description).toBe(
			`The proxy in the node's Options › 'Proxy' (${proxy.hostPort}) did not accept the user name and password given, so POST /pixel/add did not reach the Link Management service. Check the user name and password with your network administrator, and write them into the address: http://username:password@host:port (characters such as @ : / % encoded, e.g. %40 for @).`,
		);
		expectNoSecretsIn(result.error);
		expect(proxy.asked).toEqual([
			baseUrl.startsWith('https')
				? 'CONNECT links.example.test:443'
				: 'POST http://links.example.test/api/pixel/add',
		]);
	});

	test('no user name and password: the proxy asks for them', async () => {
		const result = await run(
			select('account', 'get', { options: { proxy: through('') } }),
			baseUrl,
		);

		expect(result.error?.message).toMatch(/^The proxy refused the request: it answered HTTP 407/);
		expect(result.error?.description).toMatch(
			/ asks for a user name and password, so GET \/account /,
		);
	});
});

test('Download QR Image through a proxy that refuses the image host names the proxy too', async () => {
	const image = 'http://img.example.test/qr/a1b2c3';
	const service = await localServer((_request, response) => {
		response.writeHead(200, { 'Content-Type': 'application/json' });
		response.end(
			JSON.stringify({ error: 0, details: { ...qrRecords[0], link: image }, data: qrStatistics }),
		);
	});
	try {
		const result = await runNode({
			credentials: { baseUrl: service.url, apiKey: TEST_API_KEY },
			parameters: downloadQr({ options: { proxy: through(`proxy-user:${PROXY_PASSWORD}@`) } }),
		});

		expect(result.error?.message).toContain(
			`The QR image at ${image}/download/png/1000 could not be downloaded: the proxy refused the request, answering HTTP 407 (Proxy Authentication Required)`,
		);
		// as the API's requests say it: which proxy, a password given, what to check
		expect(result.error?.description).toMatch(
			/^The proxy in the node's Options › 'Proxy' \(127\.0\.0\.1:\d+\) did not accept the user name and password given, so the QR image was not downloaded\. Check the user name and password /,
		);
		expectNoSecretsIn(result.error);
		expect(proxy.asked).toEqual([`GET ${service.url}/api/qr/31`, `GET ${image}/download/png/1000`]);
	} finally {
		await service.close();
	}
});
