/**
 * What the tests of Download QR Image share: a QR code record whose image is at a given address,
 * a stand-in image host (nock) that records what it was sent, and the file an item carries.
 */
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';
import nock from 'nock';

import { qrRecords, qrStatistics } from './fixtures';
import { select } from './operation';
import { mockEndpoint, rl } from './service';

/** Download QR Image of QR code 31, with `more` parameters. */
export const downloadQr = (more: INodeParameters = {}) =>
	select('qrCode', 'downloadImage', { qrCodeId: rl('31'), ...more });

/** The service holds QR code 31 with `link` as its address (`times` reads of it). */
export const qrCodeAt = (link: unknown, times = 1) =>
	mockEndpoint(
		'GET',
		'/api/qr/31',
		{ error: 0, details: { ...qrRecords[0], link }, data: qrStatistics },
		{ times },
	);

/** A request an image host received: its path and query, and every header. */
export interface ImageRequest {
	path: string;
	headers: Record<string, string | string[] | undefined>;
}

/** An answer of an image host: status, body and headers. */
export type ImageReply = [number, string | Buffer, Record<string, string>?];

/**
 * A public image host at `origin` (no key asked for) answering every GET with `reply(path)`,
 * up to `times` times; records each request.
 */
export function imageHost(
	origin: string,
	reply: (path: string) => ImageReply,
	times = 10,
): ImageRequest[] {
	const requests: ImageRequest[] = [];
	nock(origin)
		.get(/.*/)
		.times(times)
		.reply(function (path) {
			requests.push({ path, headers: { ...this.req.headers } });
			return reply(path);
		});
	return requests;
}

/** The PNG signature: what a body needs to start with to pass for a PNG. */
export const PNG_START = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The file in an output item's binary `field`, with its bytes. */
export function fileOf(item: INodeExecutionData, field = 'data') {
	const binary = item.binary?.[field];
	if (!binary) throw new Error(`The item has no file in "${field}"`);
	return { ...binary, content: Buffer.from(binary.data, 'base64') };
}
