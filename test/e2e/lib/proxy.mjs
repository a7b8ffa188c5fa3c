// A forward HTTP proxy on loopback, as companies run them, for the e2e suite: http targets asked
// for in absolute form (`GET http://host/path`) are forwarded, https targets are tunnelled
// through CONNECT (the proxy sees only the host and the encrypted bytes). With `auth`, each
// request must carry it as Basic Proxy-Authorization, else it is answered 407 and goes no
// further. Everything it saw is kept in `seen`, the tunnelled bytes in `tunnelled`.
import http from 'node:http';
import net from 'node:net';
import { urlToHttpOptions } from 'node:url';

import { forward, listenOnLoopback } from './serve.mjs';

const REFUSAL_PAGE =
	'<html><head><title>407 Proxy Authentication Required</title></head><body>Proxy Authentication Required</body></html>';

/**
 * @param {{ auth?: { username: string, password: string } }} options
 * @returns {Promise<{ url: string, port: number, seen: Array<{ method: string, target: string, authorized: boolean, headers: object }>, tunnelled: () => Buffer, close: () => Promise<void> }>}
 */
export async function startProxy({ auth } = {}) {
	const seen = [];
	const tunnelledChunks = [];
	const expected = auth
		? `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`
		: undefined;
	const authorized = (request) => !expected || request.headers['proxy-authorization'] === expected;

	const server = http.createServer((request, response) => {
		const ok = authorized(request);
		seen.push({
			method: request.method,
			target: request.url,
			authorized: ok,
			headers: request.headers,
		});
		if (!ok) {
			response.writeHead(407, {
				'Proxy-Authenticate': 'Basic realm="e2e proxy"',
				'Content-Type': 'text/html',
			});
			response.end(REFUSAL_PAGE);
			return;
		}
		let target;
		try {
			target = new URL(request.url);
		} catch {
			response.writeHead(400).end('absolute-form request expected');
			return;
		}
		const headers = { ...request.headers };
		delete headers['proxy-authorization'];
		delete headers['proxy-connection'];
		forward(request, response, { ...urlToHttpOptions(target), method: request.method, headers });
	});

	server.on('connect', (request, client, head) => {
		const ok = authorized(request);
		seen.push({ method: 'CONNECT', target: request.url, authorized: ok, headers: request.headers });
		if (!ok) {
			client.end(
				`HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="e2e proxy"\r\nContent-Type: text/html\r\nContent-Length: ${REFUSAL_PAGE.length}\r\nConnection: close\r\n\r\n${REFUSAL_PAGE}`,
			);
			return;
		}
		const [host, port] = request.url.split(':');
		const upstream = net.connect(Number(port), host, () => {
			keep(upstream);
			client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
			if (head?.length) upstream.write(head);
			client.on('data', (chunk) => tunnelledChunks.push(Buffer.from(chunk)));
			upstream.on('data', (chunk) => tunnelledChunks.push(Buffer.from(chunk)));
			upstream.pipe(client);
			client.pipe(upstream);
		});
		const drop = () => {
			upstream.destroy();
			client.destroy();
		};
		upstream.on('error', drop);
		client.on('error', drop);
	});

	const { port, keep, close } = await listenOnLoopback(server);
	return {
		port,
		url: `http://127.0.0.1:${port}`,
		seen,
		tunnelled: () => Buffer.concat(tunnelledChunks),
		close,
	};
}
