// QR images at the public addresses: a stored QR code's at its `link`, a short link's at its
// `shorturl` + `/qr`; PNG (decoded here) or SVG (parsed here), at the asked size, in the QR
// code's colours, as a file where downloaded; no key, no budget.

import { call, readPng, sandboxStarter, visit, xmlElements } from './helpers';
import type { Sandbox } from './server';

const sandboxWith = sandboxStarter({ seed: 3 });

let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await sandboxWith();
});

const qrLink = () => sandbox.store.qr.get(1)!.link;
const shortUrl = () => sandbox.store.links.get(1)!.shorturl;

/** Whose image: where it is, what it encodes, and its file name without size and extension. */
const SUBJECTS: Array<[string, () => string, () => string, () => string]> = [
	['a QR code', qrLink, qrLink, () => `qr-${qrLink().split('/').pop()}`],
	['a short link', () => `${shortUrl()}/qr`, shortUrl, () => 'link1-qr'],
];

/** The address's end, the format and size it answers, and whether it is a download. */
const VARIANTS: Array<[string, string, 'png' | 'svg', number, boolean]> = [
	['rendered', '', 'png', 1000, false],
	['downloaded', '/download/png/1000', 'png', 1000, true],
	['downloaded at the default size', '/download/png', 'png', 1000, true],
	['downloaded as SVG', '/download/svg/300', 'svg', 300, true],
	['downloaded as SVG at the default size', '/download/svg', 'svg', 1000, true],
];

const ADDRESSES = [
	...SUBJECTS.flatMap(([whose, at, encodes, name]) =>
		VARIANTS.map(([how, end, format, size, download]) => ({
			what: `${whose}, ${how}`,
			address: () => `${at()}${end}`,
			encodes,
			format,
			size,
			file: download ? () => `${name()}-${size}.${format}` : null,
		})),
	),
	{
		what: 'a short link, rendered at 120 pixels',
		address: () => `${shortUrl()}/qr/120`,
		encodes: shortUrl,
		format: 'png',
		size: 120,
		file: null,
	},
];

test.each(ADDRESSES)('$what', async ({ address, encodes, format, size, file }) => {
	const answer = await visit(address());
	expect(answer.status).toBe(200);
	expect(answer.headers.get('content-type')).toBe(format === 'png' ? 'image/png' : 'image/svg+xml');
	const disposition = file ? `attachment; filename="${file()}"` : null;
	expect(answer.headers.get('content-disposition')).toBe(disposition);
	if (format === 'png') {
		const png = readPng(Buffer.from(await answer.arrayBuffer()));
		expect({ width: png.width, height: png.height, text: png.text }).toEqual({
			width: size,
			height: size,
			text: encodes(),
		});
	} else {
		const svg = await answer.text();
		expect(xmlElements(svg)[0]).toBe('svg');
		expect(svg).toMatch(new RegExp(`^<svg [^>]*width="${size}" height="${size}"`));
	}
});

describe('colours', () => {
	let link: string;
	beforeAll(async () => {
		const created = await call(sandbox, 'POST', '/api/qr/add', {
			body: {
				type: 'text',
				data: 'Hello',
				foreground: 'rgb(16, 32, 48)',
				background: 'rgb(240,224,208)',
			},
		});
		link = created.body.link;
	});

	test("a PNG holds the QR code's foreground and background only", async () => {
		const png = readPng(Buffer.from(await (await visit(`${link}/download/png/200`)).arrayBuffer()));
		expect(png.text).toBe(link);
		const colours = new Set<string>();
		for (let y = 0; y < png.height; y++) {
			for (let x = 0; x < png.width; x++) colours.add(png.pixel(x, y));
		}
		expect([...colours].sort()).toEqual(['rgb(16,32,48)', 'rgb(240,224,208)']);
	});

	test('an SVG draws in them', async () => {
		const svg = await (await visit(`${link}/download/svg/200`)).text();
		expect(svg).toContain('fill="#f0e0d0"');
		expect(svg).toContain('stroke="#102030"');
	});

	test('without colours: black on white', async () => {
		const png = readPng(Buffer.from(await (await visit(`${shortUrl()}/qr/100`)).arrayBuffer()));
		expect(png.pixel(0, 0)).toBe('rgb(255,255,255)');
		expect(png.code?.location.topLeftFinderPattern).toBeDefined();
	});
});

test.each<[string, number, () => string]>([
	['an unknown format', 404, () => `${qrLink()}/download/gif`],
	['a format for a short link', 404, () => `${shortUrl()}/qr/download/jpg/100`],
	['a size below 50', 400, () => `${qrLink()}/download/png/49`],
	['a size above 2000', 400, () => `${shortUrl()}/qr/download/svg/2001`],
	['a size that is no number', 400, () => `${shortUrl()}/qr/12x`],
])('%s is refused with HTTP %i', async (_what, status, address) => {
	const answer = await visit(address());
	expect(answer.status).toBe(status);
	expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
});

test('an address naming no QR code or link is not an image', async () => {
	for (const path of ['/qr/nothing', '/nothing/qr', '/qr/nothing/download/png/100']) {
		const answer = await visit(`${sandbox.url}${path}`);
		expect(answer.status).toBe(401);
		expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
	}
});

test('images take no key and no budget; HEAD answers the headers', async () => {
	const limited = await sandboxWith({ rateLimit: 1 });
	const link = limited.store.qr.get(2)!.link;
	for (const method of ['GET', 'HEAD', 'GET']) {
		const answer = await visit(`${link}/download/png/100`, { method });
		expect(answer.status).toBe(200);
		expect(answer.headers.get('content-type')).toBe('image/png');
		expect((await answer.arrayBuffer()).byteLength > 0).toBe(method === 'GET');
	}
	expect((await call(limited, 'GET', '/api/account')).body.error).toBe(0);
	expect(limited.stats.byPath['GET /qr/:alias/download/:format/:size']).toBe(2);
});
