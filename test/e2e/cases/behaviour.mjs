// The node's behaviour in a real n8n (test/e2e/workflows/): a bulk run through the rate limit
// without a 429, Continue On Fail (error items paired with their inputs, the others done), and a
// failing item that stops the workflow.
import assert from 'node:assert/strict';

import { checkCreatedMany, count, SEED } from './sandbox-state.mjs';

export const BEHAVIOUR_CASES = [
	{
		name: 'bulk: 60 QR codes through a 30-per-2-s rate limit, no 429',
		file: 'test/e2e/workflows/bulk-60-qr-codes.json',
		profile: 'family',
		check(ctx) {
			const created = checkCreatedMany(ctx, 'Create QR codes', 'qr', 60);
			assert.equal(count(ctx, 'POST /api/qr/add'), 60, 'each sent once');
			assert.equal(ctx.sandbox.stats.rateLimited, 0, 'zero 429 answers');
			assert.equal(ctx.sandbox.stats.byStatus['429'], undefined);
			const names = new Set(created.map((qr) => ctx.sandbox.store.qr.get(qr.id).name));
			assert.equal(names.size, 60);
			assert.ok(names.has('Bulk 1') && names.has('Bulk 60'));
			return {
				note: `${ctx.sandbox.stats.requests} requests, 0 × 429, ${(ctx.ms / 1000).toFixed(1)} s`,
			};
		},
	},
	{
		name: 'continue on fail: one bad item among good ones (service error and input error)',
		file: 'test/e2e/workflows/continue-on-fail.json',
		check(ctx) {
			const pixels = ctx.out('Update pixels');
			assert.equal(pixels.length, 5, 'every input item has an output item');
			assert.equal(pixels[2].error, 'Pixel 999 does not exist. [item 2]');
			[0, 1, 3, 4].forEach((i) => {
				assert.equal(pixels[i].error, undefined, `item ${i}`);
				assert.equal(pixels[i].success, true);
			});
			assert.deepEqual(
				pixels.filter((p) => !p.error).map((p) => Number(p.pixelId)),
				[1, 2, 3, 4],
			);
			for (const id of [1, 2, 3, 4])
				assert.equal(ctx.sandbox.store.pixels.get(id).tag, `COF-${id}`);
			assert.equal(
				ctx.itemPairing('Update pixels')[2],
				2,
				'the error item is paired with its input item',
			);

			const qrs = ctx.out('Create QR codes');
			assert.equal(qrs.length, 4);
			assert.match(
				String(qrs[2].error),
				/^'(Background|Foreground)[^']*' must be a color .* \[item 2\]$/,
				`an invalid color is refused, naming its item: ${qrs[2].error}`,
			);
			[0, 1, 3].forEach((i) => assert.ok(Number(qrs[i].id) > SEED.qr, `item ${i} created`));
			assert.equal(ctx.sandbox.store.qr.created, 3);
			assert.equal(
				count(ctx, 'POST /api/qr/add'),
				3,
				'the invalid item is refused before a request',
			);
		},
	},
	{
		name: 'a failing item stops the workflow without Continue On Fail',
		file: 'test/e2e/workflows/fails-without-continue.json',
		expectFailure: true,
		check(ctx) {
			assert.notEqual(ctx.code, 0, 'n8n execute exits non-zero');
			assert.match(ctx.stdout + ctx.stderr, /Pixel 999 does not exist\. \[item \d+\]/);
			assert.equal(ctx.sandbox.store.pixels.deleted, 0);
			assert.equal(count(ctx, 'DELETE /api/pixel/:id/delete'), 1);
		},
	},
	{
		name: 'a QR code sheet run again: 20 created, then only the list read, then 3 updates and 2 creates',
		file: 'test/e2e/workflows/qr-sheet-run-again.json',
		runs: 3,
		check(ctx) {
			// `n8n execute` saves the workflow's static data, where Create or Update remembers what it
			// sent: the QR code list shows none of the data or colors.
			const routes = (run) =>
				run.requests.reduce((counts, { route }) => {
					counts[route] = (counts[route] ?? 0) + 1;
					return counts;
				}, {});
			const outcomes = (run) =>
				run.out('Create or Update QR codes').reduce((counts, { outcome, error }) => {
					const key = outcome ?? `error: ${error}`;
					counts[key] = (counts[key] ?? 0) + 1;
					return counts;
				}, {});
			const [first, second, third] = ctx.runs;
			assert.deepEqual(routes(first), { 'GET /api/qr': 1, 'POST /api/qr/add': 20 });
			assert.deepEqual(routes(second), { 'GET /api/qr': 1 }, 'the same sheet: only the list');
			assert.deepEqual(outcomes(second), { unchanged: 20 });
			assert.deepEqual(routes(third), {
				'GET /api/qr': 1,
				'PUT /api/qr/:id/update': 3,
				'POST /api/qr/add': 2,
			});
			assert.deepEqual(outcomes(third), { updated: 3, unchanged: 17, created: 2 });
			const mine = ctx.sandbox.store.qr.list().filter(({ name }) => name.startsWith('E2E sheet'));
			assert.equal(mine.length, 22, 'one QR code per name');
			assert.equal(
				mine.find(({ name }) => name === 'E2E sheet QR 2').data,
				'https://example.com/sheet/2/new',
			);
			return { note: `requests: ${ctx.runs.map((run) => run.requests.length).join(', then ')}` };
		},
	},
];
