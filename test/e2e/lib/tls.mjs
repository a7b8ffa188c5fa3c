// The sandbox served over https with a self-signed certificate made at run time (openssl), as an
// installation on an internal certificate is: every request is handed on to the sandbox as it
// came, so the sandbox counts and applies it. The certificate is for 127.0.0.1 and signed by
// nobody n8n trusts.
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';

import { exec } from './util.mjs';

/** A self-signed certificate for 127.0.0.1: { key, cert } (PEM). */
export async function selfSignedCertificate() {
	const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-e2e-tls-'));
	const [key, cert] = ['key.pem', 'cert.pem'].map((name) => path.join(folder, name));
	try {
		const made = await exec(
			'openssl',
			[
				'req',
				'-x509',
				'-newkey',
				'rsa:2048',
				'-nodes',
				'-subj',
				'/CN=127.0.0.1',
				'-addext',
				'subjectAltName=IP:127.0.0.1',
				'-days',
				'1',
				'-keyout',
				key,
				'-out',
				cert,
			],
			{ timeoutMs: 60_000 },
		);
		if (made.code !== 0)
			throw new Error(`openssl req -x509 exited with ${made.code}: ${made.stderr}`);
		return { key: fs.readFileSync(key), cert: fs.readFileSync(cert) };
	} finally {
		fs.rmSync(folder, { recursive: true, force: true });
	}
}

/** An https front of the sandbox at `sandboxUrl` (http://127.0.0.1:<port>): { url, close }. */
export async function startHttpsFront(sandboxUrl) {
	const target = new URL(sandboxUrl);
	const server = https.createServer(await selfSignedCertificate(), (request, response) => {
		const onward = http.request(
			{
				host: target.hostname,
				port: target.port,
				method: request.method,
				path: request.url,
				headers: request.headers,
			},
			(answer) => {
				response.writeHead(answer.statusCode ?? 502, answer.headers);
				answer.pipe(response);
			},
		);
		onward.on('error', () => {
			if (!response.headersSent) response.writeHead(502);
			response.end();
		});
		request.pipe(onward);
	});
	const sockets = new Set();
	server.on('connection', (socket) => {
		sockets.add(socket);
		socket.once('close', () => sockets.delete(socket));
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address();
	return {
		url: `https://127.0.0.1:${port}`,
		port,
		close: async () => {
			for (const socket of sockets) socket.destroy();
			server.closeAllConnections();
			await new Promise((resolve) => server.close(resolve));
		},
	};
}
