// Test helpers: a tiny fetch-based client for the sandbox, a visitor's GET of its public
// addresses, and readers of the QR images it serves.

import jsQR from 'jsqr';
import { PNG } from 'pngjs';

import type { Profile, Sandbox, SandboxOptions } from './server';
import { startSandbox } from './server';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = Record<string, any>;

/**
 * For one test file: starts sandboxes (without a rate limit, then `defaults`, then the options
 * given) and stops them all after the file's tests.
 */
export function sandboxStarter(defaults: Partial<SandboxOptions> = {}) {
	const started: Sandbox[] = [];
	afterAll(async () => await Promise.all(started.map((sandbox) => sandbox.stop())));
	return async (options: Partial<SandboxOptions> = {}): Promise<Sandbox> => {
		const sandbox = await startSandbox({ rateLimit: 0, ...defaults, ...options });
		started.push(sandbox);
		return sandbox;
	};
}

export interface ApiResponse {
	status: number;
	headers: Headers;
	body: Json;
}

export interface CallOptions {
	/** JSON body; serialized with JSON.stringify. */
	body?: unknown;
	/** Body sent as is (for malformed JSON). */
	rawBody?: string;
	/** API key to send; `null` sends no Authorization header. Default: the sandbox key. */
	key?: string | null;
	/** Base URL to use instead of `sandbox.url`. */
	base?: string;
}

export async function call(
	sandbox: Sandbox,
	method: string,
	path: string,
	options: CallOptions = {},
): Promise<ApiResponse> {
	const key = options.key === undefined ? sandbox.apiKey : options.key;
	const headers: Record<string, string> = { 'Content-Type': 'application/json' };
	if (key !== null) headers.Authorization = `Bearer ${key}`;
	const payload =
		options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
	const response = await fetch(`${options.base ?? sandbox.url}${path}`, {
		method,
		headers,
		body: payload,
	});
	const text = await response.text();
	return { status: response.status, headers: response.headers, body: JSON.parse(text) as Json };
}

export function expectMessage(body: Json, message: string): void {
	expect(body).toEqual({ error: 0, message });
}

/** An `{error: 1, message}` answer with this status whose message matches. */
export function expectError(
	response: { status: number; body: Json },
	status: number,
	pattern: RegExp,
): void {
	expect(response.status).toBe(status);
	expect(response.body.error).toBe(1);
	expect(response.body.message).toMatch(pattern);
}

export const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
export const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The three rate-limit headers, or `undefined` entries when absent. */
export function rateHeaders(response: ApiResponse): {
	limit?: string;
	remaining?: string;
	reset?: string;
} {
	return {
		limit: response.headers.get('x-ratelimit-limit') ?? undefined,
		remaining: response.headers.get('x-ratelimit-remaining') ?? undefined,
		reset: response.headers.get('x-ratelimit-reset') ?? undefined,
	};
}

/** A refusal in the profile's form: the reference's HTTP `status`, the family's HTTP 200. */
export function expectRefusal(
	profile: Profile,
	response: { status: number; body: Json },
	status: number,
	pattern: RegExp,
): void {
	expectError(response, profile === 'family' ? 200 : status, pattern);
}

/** A visitor's request of a public address (no key); a redirect is answered, not followed. */
export async function visit(url: string, init: RequestInit = {}): Promise<Response> {
	return await fetch(url, { redirect: 'manual', ...init });
}

/** A PNG QR image: its size, the text it encodes and the colour of a pixel as `rgb(r,g,b)`. */
export function readPng(buffer: Buffer) {
	const png = PNG.sync.read(buffer);
	const pixel = (x: number, y: number) => {
		const at = (y * png.width + x) * 4;
		return `rgb(${png.data[at]},${png.data[at + 1]},${png.data[at + 2]})`;
	};
	// Large images are read at every `step`th pixel: the modules stay several pixels wide, and
	// decoding takes a fraction of the time.
	const step = Math.max(1, Math.floor(png.width / 250));
	const [width, height] = [Math.floor(png.width / step), Math.floor(png.height / step)];
	const data = new Uint8ClampedArray(width * height * 4);
	for (let y = 0; y < height; y++) {
		for (let x = 0; x < width; x++) {
			const from = (y * step * png.width + x * step) * 4;
			data.set(png.data.subarray(from, from + 4), (y * width + x) * 4);
		}
	}
	const code = jsQR(data, width, height);
	return { width: png.width, height: png.height, text: code?.data, pixel, code };
}

const XML_NAME = '[A-Za-z_:][\\w:.-]*';
const OPEN_TAG = new RegExp(
	`^<(${XML_NAME})((?:\\s+${XML_NAME}\\s*=\\s*(?:"[^"<]*"|'[^'<]*'))*)\\s*(/?)>$`,
);
const CLOSE_TAG = new RegExp(`^</(${XML_NAME})\\s*>$`);

/** The element names of well-formed XML, root first; throws where it is not well-formed. */
export function xmlElements(text: string): string[] {
	const body = text.replace(/^\s*<\?xml[^>]*\?>/, '').replace(/<!--[\s\S]*?-->/g, '');
	const open: string[] = [];
	const names: string[] = [];
	let roots = 0;
	for (const [index, part] of body.split(/(<[^>]*>)/).entries()) {
		if (index % 2 === 0) {
			if (part.includes('<') || (open.length === 0 && part.trim() !== '')) {
				throw new Error(`Not well-formed near '${part.slice(0, 40)}'.`);
			}
			continue;
		}
		const closing = CLOSE_TAG.exec(part);
		if (closing) {
			if (open.pop() !== closing[1]) throw new Error(`Unexpected ${part}.`);
			continue;
		}
		const opening = OPEN_TAG.exec(part);
		if (!opening) throw new Error(`Not a tag: ${part.slice(0, 40)}.`);
		if (open.length === 0) roots++;
		names.push(opening[1]);
		if (opening[3] !== '/') open.push(opening[1]);
	}
	if (open.length > 0 || roots !== 1) throw new Error('Not one closed root element.');
	return names;
}
