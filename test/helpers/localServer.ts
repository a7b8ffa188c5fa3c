/**
 * A throw-away HTTP server on 127.0.0.1 for answers nock cannot give: silence, connections
 * closed before or during an answer, redirects. Records every request it gets.
 */
import http from 'node:http';

export interface LocalServer {
	url: string;
	/** Requests received, in order: method, path with query, headers. */
	requests: Array<{ method: string; url: string; headers: http.IncomingHttpHeaders }>;
	close(): Promise<void>;
}

export async function localServer(handler: http.RequestListener): Promise<LocalServer> {
	const requests: LocalServer['requests'] = [];
	const server = http.createServer((request, response) => {
		requests.push({
			method: request.method ?? '',
			url: request.url ?? '',
			headers: request.headers,
		});
		handler(request, response);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as { port: number };
	return {
		url: `http://127.0.0.1:${port}`,
		requests,
		close: async () => {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

/** A handler that never answers. */
export const silent: http.RequestListener = () => {};
