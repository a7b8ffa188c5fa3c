// The sandbox's HTTP listener: on 127.0.0.1 only, on a port of its own or a free one, and closed
// at once on stop(), keep-alive sockets and pending delays included.
import type { Server } from 'http';
import type { Socket } from 'net';

export const HOST = '127.0.0.1';

/** The sockets open on `server`, so that stop() can close them. */
export function trackSockets(server: Server): Set<Socket> {
	const sockets = new Set<Socket>();
	server.on('connection', (socket: Socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	return sockets;
}

export function listen(server: Server, port: number): Promise<number> {
	return new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, HOST, () => {
			server.off('error', reject);
			const address = server.address();
			resolve(typeof address === 'object' && address ? address.port : port);
		});
	});
}

/** Closes the listener and destroys open (also keep-alive) sockets so stop() returns promptly. */
export function stop(
	server: Server,
	sockets: Set<Socket>,
	timers: Set<NodeJS.Timeout>,
): Promise<void> {
	for (const timer of timers) clearTimeout(timer);
	timers.clear();
	return new Promise((resolve, reject) => {
		server.close((error) => (error ? reject(error) : resolve()));
		for (const socket of sockets) socket.destroy();
	});
}
