import type { IDataObject, IHttpRequestOptions, IN8nHttpFullResponse, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { optionNamed } from '../shared/options';
import type { Failure } from '../shared/causes';
import {
	CONFIGURATION_INVALID,
	declared,
	failureOfStatus,
	TEMPORARILY_UNAVAILABLE,
} from '../shared/causes';
import { clock } from './clock';
import { PROXY_AUTHENTICATION_REQUIRED, proxyRefusal } from './proxyErrors';
import { readFailure, failureInWords } from './failures';
import { header } from './rateLimitHeaders';

/**
 * An image file from a public address: not the API, so no key, no Authorization header,
 * no credential and no rate-limit budget. What comes back is checked before it is used: the
 * asked kind of image, at most 10 MB, within the Timeout; redirects are followed a few times,
 * to any host (the key is never sent). Anything else fails the item with a message naming the
 * file (as the operation calls it), the address tried and what came back.
 */

export type ImageFormat = 'png' | 'svg';

/** An image file to download, as the operation that wants it calls it in messages. */
export interface ImageFile {
	url: string;
	format: ImageFormat;
	/** What the file is: "QR image". */
	noun: string;
	/** Where the file comes from and what to do where it cannot be had there. */
	origin: string;
}

/** A response body n8n hands as a stream. */
interface ByteStream extends AsyncIterable<unknown> {
	destroy(): void;
}

const isStream = (body: unknown): body is ByteStream =>
	typeof (body as ByteStream | undefined)?.[Symbol.asyncIterator] === 'function';

export const MIME_TYPES: Record<ImageFormat, string> = {
	png: 'image/png',
	svg: 'image/svg+xml',
};

const MAX_BYTES = 10 * 1024 * 1024;
const MAX_REDIRECTS = 5;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface DownloadContext {
	node: INode;
	itemIndex: number;
	timeoutMs: number;
	signal?: AbortSignal;
	/** n8n's plain HTTP helper (never the authenticated one). */
	get(options: IHttpRequestOptions): Promise<IN8nHttpFullResponse>;
	/** The node's proxy and certificate settings (its Options), where it has any. */
	connection?: Pick<IHttpRequestOptions, 'proxy' | 'skipSslCertificateValidation'>;
}

export async function downloadImageFile(
	context: DownloadContext,
	{ url: address, format, noun, origin }: ImageFile,
): Promise<Buffer> {
	let url = address;
	const fail = (what: string, description?: string, cause: Failure = TEMPORARILY_UNAVAILABLE) =>
		declared(
			new NodeOperationError(context.node, `The ${noun} at ${where(address, url)} ${what}`, {
				itemIndex: context.itemIndex,
				description: description ?? origin,
			}),
			cause,
		);
	for (let redirects = 0; ; redirects++) {
		const response = await fetchOnce(context, url, format).catch((error: unknown) => {
			const failure = readFailure(error);
			throw fail(
				`could not be downloaded: ${failureInWords(failure, context.timeoutMs)}`,
				undefined,
				failure.reason === 'certificate' ? CONFIGURATION_INVALID : TEMPORARILY_UNAVAILABLE,
			);
		});
		const status = response.statusCode;
		if (status === PROXY_AUTHENTICATION_REQUIRED) {
			discard(response.body);
			throw fail(
				'could not be downloaded: the proxy refused the request, answering HTTP 407 (Proxy Authentication Required)',
				proxyRefusal(context.connection?.proxy, `the ${noun} was not downloaded`),
				CONFIGURATION_INVALID,
			);
		}
		const location = header(response.headers as IDataObject, 'location');
		if (status >= 300 && status < 400 && location) {
			discard(response.body);
			if (redirects >= MAX_REDIRECTS) {
				throw fail(`was redirected more than ${MAX_REDIRECTS} times (last to ${location})`);
			}
			url = new URL(location, url).toString();
			continue;
		}
		const body = await readCapped(response.body, context);
		if (body === 'tooLarge') throw fail(`sent more than ${MAX_BYTES / 1024 / 1024} MB`);
		if (body === 'timedOut') {
			throw fail(`did not finish within ${context.timeoutMs / 1000} s (${optionNamed('timeout')})`);
		}
		const contentType = header(response.headers as IDataObject, 'content-type') ?? 'no type';
		if (status < 200 || status >= 300) {
			throw fail(`answered HTTP ${status}${whatItIs(body)}`, undefined, failureOfStatus(status));
		}
		if (!isImage(body, format)) {
			throw fail(
				`answered${whatItIs(body)} (${contentType}, ${body.length} bytes) instead of ${format === 'png' ? 'a PNG' : 'an SVG'} image`,
			);
		}
		return body;
	}
}

async function fetchOnce(
	context: DownloadContext,
	url: string,
	format: ImageFormat,
): Promise<IN8nHttpFullResponse> {
	const { proxy, skipSslCertificateValidation } = context.connection ?? {};
	return await context.get({
		method: 'GET',
		url,
		headers: { Accept: MIME_TYPES[format] },
		encoding: 'stream',
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		disableFollowRedirect: true,
		timeout: context.timeoutMs,
		...(proxy ? { proxy } : {}),
		...(skipSslCertificateValidation ? { skipSslCertificateValidation } : {}),
	});
}

const where = (asked: string, reached: string) =>
	asked === reached ? asked : `${asked} (redirected to ${reached})`;

function discard(body: unknown): void {
	if (isStream(body)) body.destroy();
}

/** The body, read up to the cap and within the Timeout. */
async function readCapped(
	body: unknown,
	{ timeoutMs, signal }: DownloadContext,
): Promise<Buffer | 'tooLarge' | 'timedOut'> {
	if (Buffer.isBuffer(body)) return body.length > MAX_BYTES ? 'tooLarge' : body;
	if (typeof body === 'string') {
		return body.length > MAX_BYTES ? 'tooLarge' : Buffer.from(body, 'utf8');
	}
	if (!isStream(body)) return Buffer.alloc(0);
	const stream = body;
	const read = (async () => {
		const chunks: Buffer[] = [];
		let size = 0;
		for await (const chunk of stream) {
			const part = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
			size += part.length;
			if (size > MAX_BYTES) return 'tooLarge' as const;
			chunks.push(part);
		}
		return Buffer.concat(chunks);
	})();
	const timer = new AbortController();
	const timedOut = clock.sleep(timeoutMs, timer.signal).then(
		() => 'timedOut' as const,
		() => 'timedOut' as const,
	);
	const stop = () => timer.abort();
	signal?.addEventListener('abort', stop, { once: true });
	try {
		const result = await Promise.race([read, timedOut]);
		if (!Buffer.isBuffer(result)) stream.destroy();
		return result;
	} finally {
		timer.abort();
		signal?.removeEventListener('abort', stop);
	}
}

function isImage(body: Buffer, format: ImageFormat): boolean {
	if (format === 'png') return body.subarray(0, 8).equals(PNG_SIGNATURE);
	const text = body
		.toString('utf8')
		.replace(/^\uFEFF/, '')
		.replace(/<\?xml[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>/gi, '')
		.trim();
	return /^<svg[\s>]/.test(text) && /<\/svg>\s*$/.test(text);
}

/** What a body that is not the image looks like, for the message. */
function whatItIs(body: Buffer): string {
	const start = body.subarray(0, 2048).toString('utf8');
	if (/<html|<!doctype html/i.test(start)) {
		const title = /<title[^>]*>([^<]*)<\/title>/i.exec(start)?.[1]?.trim();
		return ` with an HTML page${title ? ` ("${title.slice(0, 80)}")` : ''}`;
	}
	if (body.length === 0) return ' with nothing';
	return '';
}
