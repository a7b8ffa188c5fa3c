// What the workflow cases know of the sandbox and how they read it: the records it is seeded with
// (SEED), the requests that reached it (per route, their bodies), and the checks several cases
// share: a Return All read, and a record created, updated or deleted through the node.
import assert from 'node:assert/strict';

import { sandboxFile } from '../lib/sandbox.mjs';

/** Records per collection; page sizes in the workflows are small so Return All reads several pages. */
export const SEED = {
	campaigns: 23,
	splash: 12,
	qr: 25,
	channels: 4,
	pixels: 11,
	overlays: 7,
	domains: 9,
	links: 13,
	channelItems: 14,
};

/** Requests per route, e.g. count(ctx, 'GET /api/qr'). */
export const count = (ctx, route) => ctx.sandbox.stats.byPath[route] ?? 0;
/** Logged requests of a route, oldest first. */
export const requests = (ctx, route) =>
	ctx.sandbox.stats.log.filter((entry) => entry.route === route);
export const bodyOf = (entry) => JSON.parse(entry.body || '{}');
/** The query of a logged request, e.g. query(entry).get('page'). */
export const query = (entry) => new URL(entry.url, 'http://x').searchParams;
export const ids = (items) => items.map((item) => Number(item.id));
export const noErrors = (items, what) =>
	items.forEach((item, i) =>
		assert.equal(item.error, undefined, `${what} item ${i} failed: ${item.error}`),
	);
export const range = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
export const pages = (records, size) => Math.ceil(records / size);
/**
 * `records` (oldest first: IDs ascending, channel items as assigned) in the order the case's
 * sandbox lists them: the family newest first, as real installations list.
 */
export const listed = (ctx, records) =>
	sandboxFile('listing.ts').inListOrder(records, ctx.sandbox.options.order);

/**
 * Checks a Return All read: every record once, in the sandbox's list order, in the expected
 * number of requests; the family's system domains ("id": null, repeated on every page) once each.
 */
export function checkReturnAll(ctx, node, route, total, pageSize) {
	const items = ctx.out(node);
	noErrors(items, node);
	const records = items.filter((item) => item.id !== null);
	assert.deepEqual(
		ids(records),
		listed(ctx, range(1, total)),
		`${node}: every record once, in the list's order`,
	);
	const system = route === 'GET /api/domains' ? ctx.sandbox.options.systemDomains : 0;
	assert.equal(items.length - records.length, system, `${node}: each system domain once`);
	const urls = requests(ctx, route).map((entry) => entry.url);
	for (let page = 1; page <= pages(total, pageSize); page++) {
		assert.ok(
			urls.some((url) => url.includes(`page=${page}&`) || url.endsWith(`page=${page}`)) &&
				urls.some((url) => url.includes(`limit=${pageSize}`)),
			`${node}: page ${page} with limit ${pageSize} was requested (${urls.join(', ')})`,
		);
	}
}

/** The body of the first request to `route`, parsed. */
export const sentBody = (ctx, route) => bodyOf(requests(ctx, route)[0]);

/** The create node's one item has the new record's id, and the create sent exactly `body`. */
export function checkCreated(ctx, node, id, route, body) {
	const [created] = ctx.out(node);
	assert.equal(created.id, id);
	assert.deepEqual(sentBody(ctx, route), body);
	return created;
}

/** The update node's one item reports success, and the update sent exactly `body`. */
export function checkUpdated(ctx, node, route, body) {
	const [updated] = ctx.out(node);
	assert.equal(updated.success, true);
	assert.deepEqual(sentBody(ctx, route), body);
}

/**
 * The delete node's one item reports success (and the record's id under `idField`, when given),
 * and the record is gone from the sandbox's `collection`.
 */
export function checkDeleted(ctx, node, collection, id, idField) {
	// n8n's convention for a deletion: { deleted: true, <ID parameter>: <ID> }, nothing else.
	assert.deepEqual(ctx.out(node), [{ deleted: true, [idField]: id }]);
	assert.equal(ctx.sandbox.store[collection].get(id), undefined);
}

/**
 * A visitor's click on a short URL of the sandbox (no redirect followed): its status and where it
 * sends the visitor.
 */
export async function visit(shortUrl, headers = {}) {
	const res = await fetch(shortUrl, { redirect: 'manual', headers });
	await res.arrayBuffer();
	return { status: res.status, location: res.headers.get('location') };
}

/**
 * A file in an item's binary field as n8n's run data keeps it (Download QR Image): its name and
 * MIME type as given, its extension, and a size.
 */
export function checkFile(binary, field, { fileName, mimeType }) {
	const file = binary?.[field];
	assert.ok(file, `a file in the binary field "${field}" (binary: ${JSON.stringify(binary)})`);
	assert.equal(file.fileName, fileName);
	assert.equal(file.mimeType, mimeType);
	assert.equal(file.fileExtension, fileName.split('.').pop());
	assert.match(String(file.fileSize), /^\d+(\.\d+)? ?[kM]?B$/, `file size ${file.fileSize}`);
	return file;
}

/**
 * Download QR Image (`download`) of QR codes, then the stand-in Code node "Write file" of
 * examples/qr-codes-to-files.json, which reads each file: per QR code a PNG of `size` pixels in
 * the binary field `data`, named after it, fetched once from its public image address.
 */
export function checkPngFiles(ctx, download, size) {
	const qrCodes = ctx.out(download);
	const files = ctx.out('Write file');
	assert.equal(files.length, qrCodes.length, 'one file per QR code');
	qrCodes.forEach((qr, i) => {
		const fileName = `qr-code-${qr.id}.png`;
		checkFile(ctx.binaries(download)[i], 'data', { fileName, mimeType: 'image/png' });
		assert.ok(files[i].bytes > 100, `${fileName}: ${files[i].bytes} bytes`);
		assert.deepEqual(files[i], {
			fileName,
			mimeType: 'image/png',
			bytes: files[i].bytes,
			isPng: true,
			qrCodeId: qr.id,
			link: qr.link,
		});
	});
	const images = qrCodes.map((qr) => `/qr/${qr.link.split('/').pop()}/download/png/${size}`);
	assert.deepEqual(
		requests(ctx, 'GET /qr/:alias/download/:format/:size')
			.map((entry) => entry.url)
			.sort(),
		images.sort(),
	);
	return qrCodes;
}

/**
 * `node` made `n` records of `collection` (its output items, or `items`), one per item and none
 * failed: the IDs after the seeded ones (items run concurrently, so IDs are handed out in arrival
 * order; each output item stays with its input), and the sandbox counts `n` created.
 */
export function checkCreatedMany(ctx, node, collection, n, items = ctx.out(node)) {
	assert.equal(items.length, n, `${node}: one record per item`);
	noErrors(items, node);
	assert.deepEqual(
		ids(items).sort((a, b) => a - b),
		range(SEED[collection] + 1, SEED[collection] + n),
		`${node}: the IDs after the seeded ones`,
	);
	assert.equal(ctx.sandbox.store[collection].created, n, `${n} ${collection} created`);
	return items;
}
