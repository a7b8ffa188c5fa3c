// What the workflow cases know of the sandbox and how they read it: the records it is seeded with
// (SEED), the requests that reached it (per route, their bodies), and the checks several cases
// share: a Return All read, and a record created, updated or deleted through the node.
import assert from 'node:assert/strict';

/** Records per collection; page sizes in the workflows are small so Return All reads several pages. */
export const SEED = {
	campaigns: 23,
	splash: 12,
	qr: 25,
	channels: 4,
	pixels: 11,
	overlays: 7,
	domains: 9,
	channelItems: 14,
};

/** Requests per route, e.g. count(ctx, 'GET /api/qr'). */
export const count = (ctx, route) => ctx.sandbox.stats.byPath[route] ?? 0;
/** Logged requests of a route, oldest first. */
export const requests = (ctx, route) =>
	ctx.sandbox.stats.log.filter((entry) => entry.route === route);
const bodyOf = (entry) => JSON.parse(entry.body || '{}');
export const ids = (items) => items.map((item) => Number(item.id));
export const noErrors = (items, what) =>
	items.forEach((item, i) =>
		assert.equal(item.error, undefined, `${what} item ${i} failed: ${item.error}`),
	);
export const range = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
export const pages = (records, size) => Math.ceil(records / size);

/**
 * Checks a Return All read: every record once, ascending, in the expected number of requests; the
 * family's system domains ("id": null, repeated on every page) once each.
 */
export function checkReturnAll(ctx, node, route, total, pageSize) {
	const items = ctx.out(node);
	noErrors(items, node);
	const records = items.filter((item) => item.id !== null);
	assert.deepEqual(ids(records), range(1, total), `${node}: every record once, in order`);
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
	const [deleted] = ctx.out(node);
	assert.equal(deleted.success, true);
	if (idField) assert.equal(Number(deleted[idField]), id);
	assert.equal(ctx.sandbox.store[collection].get(id), undefined);
}
