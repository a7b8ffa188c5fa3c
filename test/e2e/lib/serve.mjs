// What the e2e suite's own servers on loopback (the forward proxy, the sandbox's https front)
// have in common: handing a request on and its answer back, and a listening socket whose
// close() ends every connection, open tunnels too.
import http from 'node:http';

/**
 * Hands `request` on as http.request `options` say (host, port, path, method, headers) and the
 * answer back to `response` as it came; 502 when the target cannot be reached.
 */
export function forward(request, response, options) {
	const onward = http.request(options, (answer) => {
		response.writeHead(answer.statusCode ?? 502, answer.headers);
		answer.pipe(response);
	});
	onward.on('error', () => {
		if (!response.headersSent) response.writeHead(502);
		response.end();
	});
	request.pipe(onward);
}

/**
 * `server` listening on a free port of 127.0.0.1: { port, keep(socket), close() }. Every socket
 * it accepts is kept, and any other passed to keep() (a tunnel's far end), so that close() ends
 * them all: tunnels leave the server's own bookkeeping.
 */
export async function listenOnLoopback(server) {
	const sockets = new Set();
	const keep = (socket) => {
		sockets.add(socket);
		socket.once('close', () => sockets.delete(socket));
	};
	server.on('connection', keep);
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		port: server.address().port,
		keep,
		close: async () => {
			for (const socket of sockets) socket.destroy();
			server.closeAllConnections();
			await new Promise((resolve) => server.close(resolve));
		},
	};
}
