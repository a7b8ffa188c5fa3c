/**
 * Download QR Image (operation `downloadImage`) of a QR code and of a short link, on the engine
 * against the sandbox, whose public addresses serve real QR images: the item carries the record
 * read from the API in `json`, and the image from the record's public address as a file. How the
 * download itself fails, and that it never carries the key: ../transport/download.test.ts.
 */
import type { INodeParameters } from 'n8n-workflow';

import { budgetKey, budgetSnapshot } from '../../../../nodes/LinkManagement/transport/budget';
import { expectNoRequestSent, pairedOutput, rl, runNode, select } from '../../../helpers';
import { downloadQr, fileOf, qrCodeAt } from '../../../helpers/images';
import { runAgainst } from '../../../helpers/sandbox';
import { readPng, sandboxStarter, visit, xmlElements } from '../../../sandbox/helpers';
import type { Sandbox } from '../../../sandbox/server';

const sandboxWith = sandboxStarter({ seed: 3 });
let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await sandboxWith();
});

const qrCode = (id: number, more = {}) =>
	select('qrCode', 'downloadImage', { qrCodeId: rl(String(id)), ...more });
const link = (id: number, more = {}) =>
	select('link', 'downloadImage', { linkId: rl(String(id)), ...more });

/** Runs `parameters` against the sandbox; the one output item, which must have succeeded. */
async function downloaded(parameters: INodeParameters) {
	const result = await runAgainst(sandbox, { parameters });
	expect(result.error).toBeUndefined();
	expect(result.items).toHaveLength(1);
	return result.items[0];
}

describe('qrCode: downloadImage', () => {
	test('PNG: the QR reader reads the QR code’s own address, at Size pixels', async () => {
		const item = await downloaded(qrCode(2, { size: 300 }));

		const file = fileOf(item);
		const png = readPng(file.content);
		const address = sandbox.store.qr.get(2)?.link;
		expect(png.text).toBe(address);
		expect([png.width, png.height]).toEqual([300, 300]);
		expect(file).toMatchObject({ fileName: 'qr-code-2.png', mimeType: 'image/png' });
		// The image as its address serves it, byte for byte.
		const served = Buffer.from(await (await visit(`${address}/download/png/300`)).arrayBuffer());
		expect(file.content.equals(served)).toBe(true);
		expect(file.bytes).toBe(served.length);
	});

	test('SVG: an <svg> document, qr-code-<id>.svg, image/svg+xml', async () => {
		const item = await downloaded(qrCode(3, { format: 'svg' }));

		const file = fileOf(item);
		expect(xmlElements(file.content.toString('utf8'))[0]).toBe('svg');
		expect(file).toMatchObject({ fileName: 'qr-code-3.svg', mimeType: 'image/svg+xml' });
	});

	test('the json is the record with its statistics, as Get outputs it', async () => {
		const get = await runAgainst(sandbox, {
			parameters: select('qrCode', 'get', { qrCodeId: rl('1') }),
		});

		const item = await downloaded(qrCode(1));

		expect(item.json).toEqual(get.items[0].json);
		expect(item.json).toMatchObject({ id: 1, statistics: expect.any(Object) });
	});

	test('the file goes into the field Put Output File in Field names', async () => {
		const item = await downloaded(qrCode(1, { binaryPropertyName: 'qrImage' }));

		expect(Object.keys(item.binary ?? {})).toEqual(['qrImage']);
		expect(readPng(fileOf(item, 'qrImage').content).text).toBe(sandbox.store.qr.get(1)?.link);
	});
});

describe('link: downloadImage', () => {
	test('PNG: the QR reader reads the link’s short URL; link-<id>.png', async () => {
		const item = await downloaded(link(2, { size: 200 }));

		const file = fileOf(item);
		expect(readPng(file.content).text).toBe(sandbox.store.links.get(2)?.shorturl);
		expect(file).toMatchObject({ fileName: 'link-2.png', mimeType: 'image/png' });
		expect(item.json).toMatchObject({ id: 2, shorturl: sandbox.store.links.get(2)?.shorturl });
	});

	test('SVG of a link picked by its short URL: link-<id>.svg', async () => {
		const shortUrl = sandbox.store.links.get(3)?.shorturl ?? '';
		const byUrl = { linkId: { __rl: true, mode: 'url', value: shortUrl }, format: 'svg' };

		const item = await downloaded(select('link', 'downloadImage', byUrl));

		const file = fileOf(item);
		expect(xmlElements(file.content.toString('utf8'))[0]).toBe('svg');
		expect(file).toMatchObject({ fileName: 'link-3.svg', mimeType: 'image/svg+xml' });
	});
});

describe('the items of a run', () => {
	test('Continue On Fail: a failed item is { error } with its input; others go on', async () => {
		// The sandbox draws 50 to 2000 pixels: 5000 is answered with an HTML page.
		const sizes = [300, 5000, 200];
		const parameters = qrCode(1, { size: '={{ $json.size }}' });

		const result = await runAgainst(sandbox, {
			parameters,
			items: sizes.map((size) => ({ json: { size } })),
			continueOnFail: true,
		});

		const [first, failed, last] = pairedOutput(result);
		const image = `${sandbox.store.qr.get(1)?.link}/download/png/5000`;
		expect(failed).toEqual({
			json: {
				error: `The QR image at ${image} answered HTTP 400 with an HTML page ("400 Bad Request") [item 1]`,
			},
			pairedItem: { item: 1 },
		});
		expect([first.pairedItem, last.pairedItem]).toEqual([{ item: 0 }, { item: 2 }]);
		expect(result.items.map(({ binary }) => binary !== undefined)).toEqual([true, false, true]);
	});

	test('the image requests spend nothing of the API budget', async () => {
		const limited = await sandboxWith({ rateLimit: 30, rateWindowMs: 60_000 });

		const result = await runAgainst(limited, {
			parameters: qrCode(1),
			items: [{ json: {} }, { json: {} }],
		});

		expect(result.items).toHaveLength(2);
		expect(limited.stats.byPath).toEqual({
			'GET /api/qr/:id': 2,
			'GET /qr/:alias/download/:format/:size': 2,
		});
		// What the node knows of the key's budget: its two API requests, and the 28 left.
		const budget = budgetSnapshot(budgetKey(`${limited.url}/api`, limited.apiKey));
		expect(budget).toMatchObject({ sentInWindow: 2, remaining: 28 });
	});
});

test('a record without an address fails the item naming the field; no image asked', async () => {
	qrCodeAt('');

	const result = await runNode({ parameters: downloadQr() });

	expect(result.error?.message).toBe(
		'The service\'s answer has no address in "link" to download the QR image from (it has "") [item 0]',
	);
	expectNoRequestSent();
});
