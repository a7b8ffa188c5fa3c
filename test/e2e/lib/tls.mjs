// The sandbox served over https with a self-signed certificate made at run time (openssl), as an
// installation on an internal certificate is: every request is handed on to the sandbox as it
// came, so the sandbox counts and applies it. The certificate is for 127.0.0.1 and signed by
// nobody n8n trusts.
import https from 'node:https';

import { selfSignedCertificate } from '../../helpers/certificate.js';
import { forward, listenOnLoopback } from './serve.mjs';

/** An https front of the sandbox at `sandboxUrl` (http://127.0.0.1:<port>): { url, close }. */
export async function startHttpsFront(sandboxUrl) {
	const target = new URL(sandboxUrl);
	const server = https.createServer(selfSignedCertificate(), (request, response) =>
		forward(request, response, {
			host: target.hostname,
			port: target.port,
			method: request.method,
			path: request.url,
			headers: request.headers,
		}),
	);
	const { port, close } = await listenOnLoopback(server);
	return { url: `https://127.0.0.1:${port}`, port, close };
}
