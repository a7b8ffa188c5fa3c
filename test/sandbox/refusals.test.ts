// The reference's refusals: each answers `{error: 1, message}` with the status of the README's
// table, names what is wrong, and creates nothing.

import { call, expectError } from './helpers';
import { Sandbox, startSandbox } from './server';

let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await startSandbox({ rateLimit: 0 });
});
afterAll(async () => {
	await sandbox.stop();
});

describe('refusals: the answer names the field, nothing is created', () => {
	const rows: Array<[string, string, unknown, number, RegExp]> = [
		['PUT', '/api/account/update', {}, 400, /email.*password/],
		['PUT', '/api/account/update', { email: 'nope' }, 400, /'email'/],
		['POST', '/api/campaign/add', { public: 'yes' }, 400, /'public'.*boolean/],
		['POST', '/api/campaign/999/assign/1', undefined, 404, /^Campaign 999 does not exist\.$/],
		['POST', '/api/campaign/2/assign/4711', undefined, 404, /^Link 4711 does not exist\.$/],
		['POST', '/api/campaign/2/assign/abc', undefined, 400, /link ID 'abc'.*positive integer/],
		['POST', '/api/campaign/2/assign/0', undefined, 400, /positive integer/],
		['PUT', '/api/campaign/2/update', { slug: 'x' }, 400, /'name' is required/],
		['PUT', '/api/campaign/98/update', { name: 'x' }, 404, /Campaign 98 does not exist/],
		['GET', '/api/qr/777', undefined, 404, /QR code 777 does not exist/],
		['POST', '/api/qr/add', { type: 'vcard', data: 'Ann' }, 400, /'data'.*object or array.*vcard/],
		['POST', '/api/qr/add', { type: 'text', data: { a: 1 } }, 400, /'data'.*string/],
		['POST', '/api/qr/add', { type: 'text', data: '' }, 400, /'data'/],
		['POST', '/api/qr/add', { type: 'barcode', data: 'x' }, 400, /'type'.*text, vcard/],
		[
			'POST',
			'/api/qr/add',
			{ type: 'link', data: 'x', background: '#fff' },
			400,
			/'background'.*rgb/,
		],
		[
			'POST',
			'/api/qr/add',
			{ type: 'link', data: 'x', foreground: 'rgb(300,0,0)' },
			400,
			/'foreground'/,
		],
		['PUT', '/api/qr/1/update', { logo: 'x.png' }, 400, /'data' is required/],
		['POST', '/api/channel/add', { description: 'no name' }, 400, /'name' is required/],
		['POST', '/api/channel/add', { name: 'x', color: 'red' }, 400, /'color'.*HEX/],
		['POST', '/api/channel/add', { name: 'x', starred: 1 }, 400, /'starred'.*boolean/],
		['POST', '/api/channel/1/assign/qr/999', undefined, 404, /QR code 999 does not exist/],
		['POST', '/api/channel/1/assign/links/999', undefined, 404, /Link 999 does not exist/],
		['POST', '/api/channel/1/assign/pages/1', undefined, 400, /item type 'pages'.*links, bio, qr/],
		['POST', '/api/channel/1/assign/links/-3', undefined, 400, /positive integer/],
		['POST', '/api/channel/555/assign/links/1', undefined, 404, /Channel 555 does not exist/],
		['PUT', '/api/channel/2/update', { color: '#12' }, 400, /'color'/],
		[
			'POST',
			'/api/pixel/add',
			{ type: 'facebook', name: 'x', tag: 'y' },
			400,
			/'type'.*tagmgrpixel/,
		],
		['POST', '/api/pixel/add', { type: 'forum', tag: 'y' }, 400, /'name'/],
		['POST', '/api/pixel/add', { type: 'forum', name: 'x' }, 400, /'tag'/],
		['PUT', '/api/pixel/1/update', { name: 'only' }, 400, /'tag' is required/],
		[
			'POST',
			'/api/domain/add',
			{ domain: 'brand.example.com' },
			400,
			/'domain'.*http:\/\/ or https:\/\//,
		],
		[
			'POST',
			'/api/domain/add',
			{ domain: 'https://b.example', redirect404: 'no' },
			400,
			/'redirect404'/,
		],
		['GET', '/api/foo', undefined, 404, /^Unknown endpoint GET \/api\/foo\.$/],
		['DELETE', '/api/campaigns', undefined, 404, /Unknown endpoint DELETE \/api\/campaigns/],
		['GET', '/api/campaigns/', undefined, 404, /Unknown endpoint/],
		['PUT', '/api/pixel/abc/update', { tag: 'x' }, 400, /pixel ID 'abc'/],
	];
	const created = () => Object.values(sandbox.store).reduce((sum, c) => sum + (c.created ?? 0), 0);

	test.each(rows)('%s %s %j → %i', async (method, path, body, status, pattern) => {
		const before = created();
		expectError(await call(sandbox, method, path, { body }), status, pattern);
		expect(created()).toBe(before);
	});

	test.each([
		['malformed JSON', '{"name": ', /Malformed JSON/],
		['not an object', '["x"]', /JSON object/],
	])('a body that is %s: 400', async (_what, rawBody, pattern) => {
		expectError(await call(sandbox, 'POST', '/api/channel/add', { rawBody }), 400, pattern);
	});
});
