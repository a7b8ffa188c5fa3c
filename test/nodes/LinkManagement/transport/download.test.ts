/**
 * The QR image of Download QR Image comes from the record's public address (transport/
 * download.ts): never with the key, redirects followed a few times, and what comes back checked;
 * anything else fails the item with a message naming the address tried and what came back.
 * The API is answered by nock, the image host by nock or a local server. The images themselves,
 * against the sandbox: ../runner/downloadImage.test.ts.
 */
import type { INodeParameters } from 'n8n-workflow';

import { runNode, TEST_API_KEY } from '../../../helpers';
import type { ImageReply, ImageRequest } from '../../../helpers/images';
import { downloadQr, fileOf, imageHost, PNG_START, qrCodeAt } from '../../../helpers/images';
import type { LocalServer } from '../../../helpers/localServer';
import { localServer, silent } from '../../../helpers/localServer';

const IMAGES = 'https://img.example.test';
const LINK = `${IMAGES}/qr/a1b2c3`;
const PNG_AT = `${LINK}/download/png/1000`;
const A_PNG: ImageReply = [200, Buffer.concat([PNG_START, Buffer.from('rest of a PNG')])];
const AN_SVG = '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"></svg>\n';
const redirectTo = (location: string): ImageReply => [302, '', { Location: location }];

/** Runs Download QR Image of QR code 31, whose public address is `link`. */
async function download(more: INodeParameters = {}, link = LINK) {
	qrCodeAt(link);
	return await runNode({ parameters: downloadQr(more) });
}

describe('the image is asked for at the record’s address', () => {
	test.each([
		{ format: 'png', size: 1000, accept: 'image/png', reply: A_PNG },
		{ format: 'svg', size: 300, accept: 'image/svg+xml', reply: [200, AN_SVG] },
	])('$format at <link>/download/$format/$size, accepting $accept', async (asked) => {
		const { format, size, accept, reply } = asked;
		const requests = imageHost(IMAGES, () => reply as ImageReply);

		const result = await download({ format, size });

		expect(result.error).toBeUndefined();
		expect(requests.map((request) => request.path)).toEqual([
			`/qr/a1b2c3/download/${format}/${size}`,
		]);
		expect(requests[0].headers.accept).toBe(accept);
	});

	test('follows 5 redirects, to another host too, and keeps the file', async () => {
		const hops = imageHost(IMAGES, (path) => {
			const hop = Number(/hop(\d)$/.exec(path)?.[1] ?? 0);
			return redirectTo(hop < 4 ? `/hop${hop + 1}` : 'https://cdn.example.net/qr.png');
		});
		const cdn = imageHost('https://cdn.example.net', () => A_PNG);

		const result = await download();

		expect(result.error).toBeUndefined();
		expect(hops.map((request) => request.path)).toEqual([
			'/qr/a1b2c3/download/png/1000',
			'/hop1',
			'/hop2',
			'/hop3',
			'/hop4',
		]);
		expect(cdn).toHaveLength(1);
		expect(fileOf(result.items[0]).content.equals(A_PNG[1] as Buffer)).toBe(true);
	});
});

describe('the image host never receives the key', () => {
	/** Every run of 6 characters of the key. */
	const keyParts = Array.from({ length: TEST_API_KEY.length - 5 }, (_, i) =>
		TEST_API_KEY.slice(i, i + 6),
	);
	const expectNoKeyIn = (requests: ImageRequest[]) => {
		for (const { path, headers } of requests) {
			expect(Object.keys(headers)).not.toContain('authorization');
			const sent = `${path} ${JSON.stringify(headers)}`;
			for (const part of keyParts) expect(sent).not.toContain(part);
		}
	};

	test('no Authorization header, no part of the key in the URL or any header', async () => {
		const requests = imageHost(IMAGES, () => A_PNG);

		const result = await download();

		expect(result.error).toBeUndefined();
		expect(requests).toHaveLength(1);
		expectNoKeyIn(requests);
	});

	test('nor after a redirect to another host', async () => {
		const first = imageHost(IMAGES, () => redirectTo('https://cdn.example.net/qr.png'));
		const second = imageHost('https://cdn.example.net', () => A_PNG);

		const result = await download();

		expect(result.error).toBeUndefined();
		expect([first, second].map((requests) => requests.length)).toEqual([1, 1]);
		expectNoKeyIn([...first, ...second]);
	});
});

describe('a failure fails the item naming the address and what came back', () => {
	const html = '<!DOCTYPE html><html><head><title>Sign in</title></head><body></body></html>';

	test.each([
		{
			what: 'an HTML page',
			reply: [200, html, { 'Content-Type': 'text/html' }],
			message: `answered with an HTML page ("Sign in") (text/html, ${html.length} bytes) instead of a PNG image`,
		},
		{
			what: 'a 404',
			reply: [404, 'No such QR code', { 'Content-Type': 'text/plain' }],
			message: 'answered HTTP 404',
		},
		{
			what: 'an empty answer',
			reply: [200, '', { 'Content-Type': 'image/png' }],
			message: 'answered with nothing (image/png, 0 bytes) instead of a PNG image',
		},
		{
			what: 'an SVG where a PNG was asked for',
			reply: [200, AN_SVG, { 'Content-Type': 'image/svg+xml' }],
			message: `answered (image/svg+xml, ${AN_SVG.length} bytes) instead of a PNG image`,
		},
	])('$what', async ({ reply, message }) => {
		imageHost(IMAGES, () => reply as ImageReply);

		const result = await download();

		expect(result.error?.message).toBe(`The QR image at ${PNG_AT} ${message} [item 0]`);
		expect(result.items).toEqual([]);
	});

	test('the description: a public address, and the page for images served elsewhere', async () => {
		imageHost(IMAGES, () => [404, 'No such QR code', { 'Content-Type': 'text/plain' }]);

		const result = await download();

		expect(result.error?.description).toContain("the service's public QR address");
		expect(result.error?.description).toContain('"QR codes as image files"');
		expect(result.error?.description).toContain('docs/qr-codes.md');
	});

	test('a redirect loop: after 5 redirects, with where it last led', async () => {
		const requests = imageHost(IMAGES, () => redirectTo(`${IMAGES}/loop`));

		const result = await download();

		expect(result.error?.message).toBe(
			`The QR image at ${PNG_AT} (redirected to ${IMAGES}/loop) was redirected more than 5 times (last to ${IMAGES}/loop) [item 0]`,
		);
		expect(requests).toHaveLength(6);
	});

	test('a body over 10 MB', async () => {
		const huge = Buffer.concat([PNG_START, Buffer.alloc(10 * 1024 * 1024)]);
		imageHost(IMAGES, () => [200, huge, { 'Content-Type': 'image/png' }]);

		const result = await download();

		expect(result.error?.message).toBe(`The QR image at ${PNG_AT} sent more than 10 MB [item 0]`);
	});

	describe('within the Timeout', () => {
		let server: LocalServer | undefined;
		afterEach(async () => await server?.close());

		test('no answer at all', async () => {
			server = await localServer(silent);
			const link = `${server.url}/qr/a1b2c3`;

			const result = await download({ options: { timeout: 1 } }, link);

			expect(result.error?.message).toBe(
				`The QR image at ${link}/download/png/1000 could not be downloaded: no answer arrived within 1 s ('Timeout (Seconds)') [item 0]`,
			);
		});

		test('an answer that stops half-way', async () => {
			server = await localServer((_request, response) => {
				response.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': '5000' });
				response.write(PNG_START);
			});
			const link = `${server.url}/qr/a1b2c3`;

			const result = await download({ options: { timeout: 1 } }, link);

			expect(result.error?.message).toBe(
				`The QR image at ${link}/download/png/1000 did not finish within 1 s ('Timeout (Seconds)') [item 0]`,
			);
		});
	});
});
