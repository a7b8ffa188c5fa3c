// The sheet templates (examples/): a Google Sheet's rows read, each made into a link, a QR code
// or a pixel with Create or Update, and written back by row (lib/template-case.mjs runs them with
// pinned data). The nightly and weekly ones send a row the service refuses to their error output
// (On Error) and on to an `error` column, while the other rows complete.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

import {
	binaryOf,
	by,
	checkSheetWrites,
	sheetRows,
	templateCase,
	withServiceCredentials,
} from '../lib/template-case.mjs';
import { withPinnedData } from '../lib/templates.mjs';
import { loadWorkflow } from '../lib/workflows.mjs';
import {
	bodyOf,
	checkCreatedMany,
	ids,
	listed,
	noErrors,
	range,
	SEED,
	visit,
} from './sandbox-state.mjs';

/** A URL typed without its scheme: the node refuses the row before any request. */
const NO_SCHEME = 'www.example.com/typed-without-https';

const WEEKLY_ROWS = sheetRows([
	{ url: 'https://example.com/spring-sale?utm_source=newsletter', note: 'Newsletter, spring' },
	{ url: 'https://example.com/blog/how-we-print-qr-codes', note: 'Blog post' },
	{ url: 'https://example.com/events/2026/open-day', note: 'Open day invitation' },
	{ url: 'https://example.com/p/1234?colour=navy&size=m', note: 'Product 1234' },
	{ url: NO_SCHEME, note: 'Typed without https' },
]).map((row) => ({ ...row, short_url: '', qr_code: '', error: '' }));
const WEEKLY_GOOD = WEEKLY_ROWS.slice(0, 4);

const ALIAS_ROWS = sheetRows([
	...Array.from({ length: 12 }, (_, i) => ({
		alias: `spring-${i + 1}`,
		url: `https://example.com/spring/${i + 1}`,
		note: `Spring offer ${i + 1}`,
	})),
	{ alias: 'spring-13', url: NO_SCHEME, note: 'Spring offer 13' },
]);
const ALIAS_GOOD = ALIAS_ROWS.slice(0, 12);

const QR_ROWS = sheetRows([
	{ name: 'Spring flyer', url: 'https://example.com/spring', color: '#1F6FEB' },
	{ name: 'Shop window', url: 'https://example.com/shop', color: '#D1242F' },
	{ name: 'Business card', url: 'https://example.com/team/ada', color: '#000' },
	{ name: 'Event badge', url: 'https://example.com/events/42', color: 'rgb(26,127,55)' },
	{ name: 'Product packaging', url: 'https://example.com/p/1234', color: '#8250DF' },
	{ name: 'Menu card', url: 'https://example.com/menu', color: '#BF8700' },
]);
/** One more row whose color is no color: refused, and the six others made. */
const QR_ROWS_WITH_A_TYPO = [
	...QR_ROWS,
	{ row_number: 8, name: 'Door sign', url: 'https://example.com/door', color: 'blurple' },
];

const TABLE_ROWS = sheetRows(
	[1, 2, 3].map((n) => ({ name: `Table ${n}`, url: `https://example.com/menu?table=${n}` })),
);

const BULK_QR_CODES = 'examples/bulk-qr-codes-from-list.json';

/**
 * The bulk QR codes template as a user tries it before connecting their sheet: sample rows pinned
 * on its Google Sheets node, whose credential is a made-up one of `n8n`. Written into `dir` for the
 * editor's *Import from File*; resolves its path.
 */
export async function bulkQrCodesWithSampleRows(n8n, dir) {
	const workflow = withPinnedData(await withServiceCredentials(n8n, loadWorkflow(BULK_QR_CODES)), {
		Rows: QR_ROWS,
	});
	const file = path.join(dir, path.basename(BULK_QR_CODES));
	fs.writeFileSync(file, JSON.stringify(workflow, null, 2));
	return file;
}

/** Checks that the one refused row went to the error output and on to its `error` cell. */
function checkErrorRow(run, node, row, message) {
	const errors = run.errors(node);
	assert.equal(errors.length, 1, `${node}: one item on its error output`);
	assert.match(errors[0].error, message);
	const [write, ...more] = run.writes('Write error back');
	assert.equal(more.length, 0);
	checkSheetWrites([write], 'update', `"${node}" → "Write error back"`);
	assert.deepEqual(write.columns.matchingColumns, ['row_number']);
	assert.equal(write.columns.value.row_number, row.row_number);
	assert.match(write.columns.value.error, message);
}

export const SHEET_TEMPLATE_CASES = [
	templateCase({
		name: "a sheet's URLs shortened weekly, short link and QR image address written back by row, a refused row to its error cell; run twice (4 links, then nothing sent)",
		file: 'examples/shorten-urls-from-sheet.json',
		trigger: 'Every Monday 08:00',
		pinned: {
			Rows: WEEKLY_ROWS,
			'Write short URL back': WEEKLY_GOOD.map((row) => ({ ...row, short_url: 'written' })),
			'Write error back': [{ ...WEEKLY_ROWS[4], error: 'written' }],
		},
		runs: 2,
		async check(ctx) {
			const [first, second] = ctx.runs;
			const created = checkCreatedMany(ctx, 'Shorten URL', 'links', 4, first.out('Shorten URL'));
			assert.deepEqual(
				created.map((item) => item.outcome),
				['created', 'created', 'created', 'created'],
			);
			assert.deepEqual(
				first.requests
					.filter((entry) => entry.route === 'POST /api/url/add')
					.map(bodyOf)
					.sort(by('url')),
				WEEKLY_GOOD.map((row) => ({ url: row.url, description: row.note })).sort(by('url')),
			);
			for (const run of ctx.runs) {
				const writes = run.writes('Write short URL back');
				assert.equal(writes.length, WEEKLY_GOOD.length, 'one row written per link');
				checkSheetWrites(writes, 'update', '"Write short URL back"');
				for (const [i, write] of writes.entries()) {
					const link = ctx.sandbox.store.links.get(created[i].id);
					assert.equal(link.longurl, WEEKLY_GOOD[i].url);
					assert.deepEqual(write.columns.matchingColumns, ['row_number']);
					assert.deepEqual(write.columns.value, {
						row_number: WEEKLY_GOOD[i].row_number,
						short_url: link.shorturl,
						qr_code: `${link.shorturl}/qr/download/png/600`,
						error: '',
					});
				}
				checkErrorRow(run, 'Shorten URL', WEEKLY_ROWS[4], /full address starting with http/);
			}
			const qrAddresses = first.writes('Write short URL back').map((w) => w.columns.value.qr_code);
			for (const [i, link] of created.entries()) {
				const { longurl, shorturl } = ctx.sandbox.store.links.get(link.id);
				assert.deepEqual(await visit(shorturl), { status: 302, location: longurl });
				const image = await fetch(qrAddresses[i]);
				assert.equal(image.status, 200, `${qrAddresses[i]} answers`);
				const bytes = Buffer.from(await image.arrayBuffer());
				assert.deepEqual([...bytes.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47], 'a PNG');
			}
			// the second week: every URL found, nothing created, only the list read
			const again = second.out('Shorten URL');
			noErrors(again, 'Shorten URL');
			assert.deepEqual(
				again.map((item) => item.outcome),
				['unchanged', 'unchanged', 'unchanged', 'unchanged'],
			);
			assert.deepEqual(ids(again), ids(created));
			assert.deepEqual(
				[...new Set(second.requests.map((entry) => entry.route))],
				['GET /api/urls'],
			);
			assert.equal(ctx.sandbox.store.links.created, 4);
			return { note: `second run: ${second.requests.length} list request(s), nothing created` };
		},
	}),
	templateCase({
		name: 'a sheet of aliases → Create or Update nightly, a refused row to its error cell; run twice (12 created, then nothing sent)',
		file: 'examples/sheet-create-or-update.json',
		trigger: 'Every night 02:00',
		pinned: { Rows: ALIAS_ROWS, 'Write error back': [{ ...ALIAS_ROWS[12], error: 'written' }] },
		runs: 2,
		check(ctx) {
			const [first, second] = ctx.runs;
			const node = 'Create or update link';
			const created = checkCreatedMany(ctx, node, 'links', 12, first.out(node));
			assert.deepEqual(
				created.map((item) => item.outcome),
				ALIAS_GOOD.map(() => 'created'),
			);
			assert.deepEqual(
				first.requests
					.filter((entry) => entry.route === 'POST /api/url/add')
					.map(bodyOf)
					.sort(by('custom')),
				ALIAS_GOOD.map((row) => ({ custom: row.alias, url: row.url, description: row.note })).sort(
					by('custom'),
				),
			);
			for (const run of ctx.runs)
				checkErrorRow(run, node, ALIAS_ROWS[12], /full address starting with http/);
			const again = second.out(node);
			noErrors(again, node);
			assert.deepEqual(
				again.map((item) => item.outcome),
				ALIAS_GOOD.map(() => 'unchanged'),
			);
			assert.deepEqual(ids(again), ids(created), 'the same link for each row');
			assert.deepEqual(
				[...new Set(second.requests.map((entry) => entry.route))],
				['GET /api/urls'],
			);
			for (const row of ALIAS_GOOD) {
				const link = ctx.sandbox.store.linkByAlias(row.alias);
				assert.equal(link.longurl, row.url);
				assert.equal(link.description, row.note);
			}
			assert.equal(ctx.sandbox.store.linkByAlias('spring-13'), undefined);
		},
	}),
	templateCase({
		name: 'bulk QR codes from a sheet, nightly Create or Update (six, each colored as its row says; a seventh with no color to its error cell); run twice (then nothing created)',
		file: BULK_QR_CODES,
		trigger: 'Every night 02:00',
		pinned: {
			Rows: QR_ROWS_WITH_A_TYPO,
			'Write error back': [{ ...QR_ROWS_WITH_A_TYPO[6], error: 'written' }],
		},
		runs: 2,
		check(ctx) {
			const [first, second] = ctx.runs;
			const node = 'Create or update QR code';
			const created = checkCreatedMany(ctx, node, 'qr', 6, first.out(node));
			assert.deepEqual(
				created.map((item) => item.outcome),
				QR_ROWS.map(() => 'created'),
			);
			const expectedColors = [
				'rgb(31,111,235)',
				'rgb(209,36,47)',
				'rgb(0,0,0)',
				'rgb(26,127,55)',
				'rgb(130,80,223)',
				'rgb(191,135,0)',
			];
			QR_ROWS.forEach((row, i) => {
				const record = ctx.sandbox.store.qr.get(created[i].id);
				assert.equal(record.name, row.name);
				assert.equal(record.type, 'link');
				assert.equal(record.data, row.url);
				assert.equal(record.foreground, expectedColors[i], `${row.name}: foreground sent as rgb()`);
				assert.equal(record.background, 'rgb(255,255,255)');
			});
			for (const run of ctx.runs) checkErrorRow(run, node, QR_ROWS_WITH_A_TYPO[6], /blurple/);
			const again = second.out(node);
			noErrors(again, node);
			assert.deepEqual(ids(again), ids(created), 'the same QR code for each row');
			// Found again by their names, and updated: n8n saves no static data after a run from the
			// editor, as these are run, so the memory of what was sent is not there the second time.
			assert.deepEqual(
				again.map((item) => item.outcome),
				QR_ROWS.map(() => 'updated'),
				'the second night creates none',
			);
			assert.equal(ctx.sandbox.store.qr.created, 6);
			return {
				note: `second night: ${again.map((item) => item.outcome).join(', ')}; ${second.requests.length} request(s)`,
			};
		},
	}),
	templateCase({
		name: 'QR codes from a sheet → PNG files uploaded to Google Drive',
		file: 'examples/qr-codes-to-files.json',
		trigger: 'Start',
		pinned: {
			Rows: TABLE_ROWS,
			'Upload to Google Drive': TABLE_ROWS.map((row, i) => ({ id: `drive-${i}`, name: row.name })),
		},
		async check(ctx) {
			const created = checkCreatedMany(ctx, 'Create QR code', 'qr', 3);
			const downloaded = ctx.out('Download QR image');
			assert.deepEqual(ids(downloaded), ids(created), "each file is its row's QR code");
			const uploads = ctx.writes('Upload to Google Drive');
			for (const [i, row] of TABLE_ROWS.entries()) {
				const qr = ctx.sandbox.store.qr.get(created[i].id);
				assert.equal(qr.name, row.name);
				assert.equal(qr.data, row.url);
				const file = ctx.binaries('Download QR image')[i].data;
				assert.equal(file.mimeType, 'image/png');
				assert.equal(file.fileName, `qr-code-${qr.id}.png`);
				const bytes = await binaryOf(ctx.n8n, file);
				assert.deepEqual([...bytes.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47], 'a PNG');
				assert.equal(bytes.readUInt32BE(16), 600, '600 pixels wide');
				assert.equal(uploads[i].inputDataFieldName, 'data');
				assert.equal(uploads[i].name, `${row.name}.png`);
				assert.equal(uploads[i].folderId.value, 'root');
			}
		},
	}),
	templateCase({
		name: 'weekly pixels by Create or Update (two made, one refused on the error output), run twice in a week (then none made)',
		file: 'examples/scheduled-pixel-creation.json',
		profile: 'family',
		trigger: 'Run now',
		pinned: {
			'Pixels for this week': [
				{ type: 'analyticspixel', name: 'Weekly analytics 2026-11-30', tag: 'G-WEEK-20261130' },
				{ type: 'no-such-pixel', name: 'Weekly typo 2026-11-30', tag: 'X-20261130' },
				{ type: 'tagmgrpixel', name: 'Weekly tag manager 2026-11-30', tag: 'GTM-20261130' },
			],
		},
		runs: 2,
		check(ctx) {
			const [first, second] = ctx.runs;
			const node = 'Create or update pixel';
			const created = checkCreatedMany(ctx, node, 'pixels', 2, first.out(node));
			assert.deepEqual(
				created.map((item) => item.outcome),
				['created', 'created'],
			);
			assert.equal(ctx.sandbox.store.pixels.get(created[0].id).type, 'analyticspixel');
			assert.equal(ctx.sandbox.store.pixels.get(created[1].id).type, 'tagmgrpixel');
			for (const run of ctx.runs) {
				const [refused, ...more] = run.errors(node);
				assert.equal(more.length, 0, 'one pixel on the error output');
				assert.match(refused.error, /no-such-pixel/);
				const all = run.out('All pixels');
				assert.equal(all.length, SEED.pixels + 2, 'All pixels runs once and lists the new ones');
				assert.deepEqual(ids(all), listed(ctx, range(1, SEED.pixels + 2)));
			}
			const again = second.out(node);
			noErrors(again, node);
			assert.deepEqual(ids(again), ids(created), 'found again by their names');
			assert.deepEqual(
				again.map((item) => item.outcome),
				['unchanged', 'unchanged'],
			);
			assert.equal(ctx.sandbox.store.pixels.created, 2);
		},
	}),
];
