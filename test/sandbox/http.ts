// Small HTTP helpers shared by the server and the routes.

import type { IncomingMessage } from 'http';

export interface Reply {
	status: number;
	body: Record<string, unknown>;
	headers?: Record<string, string>;
	/** Sent instead of `body` as JSON: an HTML page, an image or an empty answer. */
	raw?: { contentType: string; text: string | Buffer };
}

/** An `{error: 1, message}` answer; thrown by handlers and validators. */
export class ApiError extends Error {
	constructor(
		readonly status: number,
		message: string,
		/** For an unknown ID: what kind of record was not found ("Campaign"). */
		readonly label?: string,
	) {
		super(message);
	}
}

export const badRequest = (message: string): ApiError => new ApiError(400, message);
export const notFound = (message: string, label?: string): ApiError =>
	new ApiError(404, message, label);

/** A reply that is not JSON: an HTML page, or nothing at all (`text` ''). */
export function rawReply(
	status: number,
	text: string | Buffer,
	contentType = 'text/html; charset=UTF-8',
): Reply {
	return { status, body: {}, raw: { contentType, text } };
}

/** A small HTML page titled `<status> <title>`; `text` is HTML already, `more` follows it. */
export function htmlPage(status: number, title: string, text: string, more = ''): Reply {
	return rawReply(
		status,
		`<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>${status} ${title}</title></head>` +
			`<body><h1>${title}</h1><p>${text}</p>${more}</body></html>\n`,
	);
}

export function escapeHtml(text: string): string {
	const entities: Record<string, string> = {
		'&': '&amp;',
		'<': '&lt;',
		'>': '&gt;',
		'"': '&quot;',
	};
	return text.replace(/[&<>"]/g, (char) => entities[char]);
}

export function ok(body: Record<string, unknown>): Reply {
	return { status: 200, body: { error: 0, ...body } };
}

export function errorReply(status: number, message: string): Reply {
	return { status, body: { error: 1, message } };
}

const MAX_BODY_BYTES = 1_000_000;

export function readBody(req: IncomingMessage): Promise<string> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		req.on('data', (chunk: Buffer) => {
			size += chunk.length;
			// Keep reading so the client can finish sending; the size is refused afterwards.
			if (size <= MAX_BODY_BYTES) chunks.push(chunk);
		});
		req.on('end', () => {
			if (size > MAX_BODY_BYTES)
				reject(badRequest(`Request body is larger than ${MAX_BODY_BYTES} bytes.`));
			else resolve(Buffer.concat(chunks).toString('utf8'));
		});
		req.on('error', reject);
	});
}

/** Parses a JSON object body; an empty body is an empty object. */
export function parseJsonBody(raw: string): Record<string, unknown> {
	if (raw.trim() === '') return {};
	let value: unknown;
	try {
		value = JSON.parse(raw);
	} catch {
		throw badRequest('Malformed JSON in request body.');
	}
	if (value === null || typeof value !== 'object' || Array.isArray(value)) {
		throw badRequest('Request body must be a JSON object.');
	}
	return value as Record<string, unknown>;
}
