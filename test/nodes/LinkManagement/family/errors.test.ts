/**
 * (The family: real installations of the service, as opposed to the API reference's answers.)
 * The family's errors on n8n's engine: 403 for a bad key, HTTP 200 with `error: 1` for an unknown
 * ID or a refused value, HTTP 200 with an empty body, HTML error pages. Each fails the item with
 * what the service said (or what kind of answer it was), never as a success, key never shown.
 */
import type { RunOptions } from '../../../helpers';
import { jsonOf, runNode } from '../../../helpers';
import type { Sandbox } from '../../../sandbox/server';
import { byId, credentialsOf, familySandbox, requestsTo } from './helpers';

let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await familySandbox({ seed: 3, rateLimit: 0 });
});
beforeEach(() => sandbox.reset());
afterAll(async () => await sandbox.stop());

const run = (parameters: RunOptions['parameters'], options: Partial<RunOptions> = {}) =>
	runNode({ credentials: credentialsOf(sandbox), parameters, ...options });

test('a wrong key: HTTP 403, its message, a hint to check the key, never shown', async () => {
	const wrongKey = 'wrong-key-0123456789';
	const result = await run(
		{ resource: 'qrCode', operation: 'getAll', returnAll: true },
		{ credentials: { baseUrl: sandbox.url, apiKey: wrongKey } },
	);
	expect(result.error?.message).toBe('A valid API key is required to use this service. [item 0]');
	expect(result.error?.description).toMatch(/HTTP 403.*Check the credential's API key/);
	expect(result.error?.httpCode).toBe('403');
	expect(JSON.stringify(result.run)).not.toContain(wrongKey);
	expect(sandbox.stats.unauthorized).toBe(1);
});

test.each([
	['QR code › Get', { resource: 'qrCode', operation: 'get', qrCodeId: byId(99) }, 'QR code'],
	[
		'Campaign › Delete',
		{ resource: 'campaign', operation: 'delete', campaignId: byId(99) },
		'Campaign',
	],
	[
		'Channel › Get Items',
		{ resource: 'channel', operation: 'getItems', channelId: byId(99), returnAll: true },
		'Channel',
	],
])('unknown ID, %s: error 1 (HTTP 200) fails with its words', async (_what, parameters, label) => {
	const result = await run(parameters);
	expect(result.error?.message).toBe(`${label} not found. Please try again. [item 0]`);
	expect(result.error?.httpCode).toBe('200');
});

test('unknown ID with Continue On Fail: an error item for its input, others done', async () => {
	const result = await run(
		{ resource: 'qrCode', operation: 'get', qrCodeId: byId('={{ $json.id }}') },
		{
			items: [{ json: { id: 1 } }, { json: { id: 99 } }, { json: { id: 2 } }],
			continueOnFail: true,
		},
	);
	const output = jsonOf(result);
	expect(output.map((item) => item.id ?? item.error)).toEqual([
		1,
		'QR code not found. Please try again. [item 1]',
		2,
	]);
	expect(result.items[1].pairedItem).toEqual({ item: 1 });
});

test.each([
	[
		'pixel',
		{ resource: 'pixel', operation: 'update', pixelId: byId(99), tag: 'T-2' },
		'PUT /api/pixel/:id/update',
	],
	[
		'domain',
		{
			resource: 'domain',
			operation: 'update',
			domainId: byId(99),
			updateFields: { redirectroot: 'https://example.com' },
		},
		'PUT /api/domain/:id/update',
	],
])(
	'%s update of an unknown ID: an empty HTTP 200 answer fails the item',
	async (_kind, parameters, route) => {
		const result = await run(parameters);
		expect(result.items).toEqual([]);
		expect(result.error?.message).toBe(
			'The service answered HTTP 200 with an empty answer instead of a result [item 0]',
		);
		expect(result.error?.description).toMatch(/usually means the record does not exist/);
		expect(requestsTo(sandbox, route)).toHaveLength(1);
	},
);

test('QR data the service cannot process: its HTML 500 page named, sent once', async () => {
	const wifi = await fetch(`${sandbox.url}/api/qr/add`, {
		method: 'POST',
		headers: { Authorization: `Bearer ${sandbox.apiKey}` },
		body: JSON.stringify({ type: 'wifi', data: { ssid: 'Home', pass: 'p', encryption: 'WPA' } }),
	}).then(async (response) => (await response.json()) as { id: number });
	const result = await run({
		resource: 'qrCode',
		operation: 'update',
		qrCodeId: byId(wifi.id),
		data: 'just a string',
	});
	expect(result.error?.message).toBe(
		'The service answered HTTP 500 with an HTML page ("500 Internal Server Error") instead of JSON [item 0]',
	);
	expect(requestsTo(sandbox, 'PUT /api/qr/:id/update')).toHaveLength(1);
	expect(sandbox.store.qr.get(wifi.id)?.data).toEqual({
		ssid: 'Home',
		pass: 'p',
		encryption: 'WPA',
	});
});

test('a wrong Base URL: its HTML 404 page named, with a hint to check it', async () => {
	const result = await run(
		{ resource: 'account', operation: 'get' },
		{ credentials: credentialsOf(sandbox, `${sandbox.url}/shortener`) },
	);
	expect(result.error?.message).toBe(
		'The service answered HTTP 404 with an HTML page ("404 Not Found") instead of JSON [item 0]',
	);
	expect(result.error?.description).toMatch(/check the credential's Base URL/);
});

test.each([
	['one character', 'A', 'Campaign name must be at least 2 characters.'],
	["another campaign's name", 'Campaign 2', 'You already have a campaign with the same name.'],
])('campaign name refused (%s): its message, nothing created', async (_what, name, message) => {
	const result = await run({
		resource: 'campaign',
		operation: 'create',
		additionalFields: { name },
	});
	expect(result.error?.message).toBe(`${message} [item 0]`);
	expect(requestsTo(sandbox, 'POST /api/campaign/add')).toHaveLength(1);
	expect(sandbox.store.campaigns.created).toBe(0);
});

test('assigning an item already in the channel fails with the service’s message', async () => {
	const assign = {
		resource: 'channel',
		operation: 'assignItem',
		channelId: byId(2),
		itemType: 'links',
		itemId: '3',
	};
	expect((await run(assign)).error).toBeUndefined();
	const again = await run(assign);
	expect(again.error?.message).toBe('This item is already in the channel. [item 0]');
});
