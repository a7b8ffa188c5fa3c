// The family profile's answers: errors (200 with error 1, empty bodies, HTML pages), lists
// (integer error, nextpage null, no page cap, system domains, orphaned channel items) and the
// family's keys in records (campaign, overlay, details.data), with each switch on its own.

import { call, TIMESTAMP } from './helpers';
import { PROFILE_DEFAULTS } from './profile';
import { Sandbox, SandboxOptions, startSandbox } from './server';

const started: Sandbox[] = [];
async function family(options: Partial<SandboxOptions> = {}): Promise<Sandbox> {
	const sandbox = await startSandbox({ profile: 'family', rateLimit: 0, ...options });
	started.push(sandbox);
	return sandbox;
}
afterAll(async () => {
	await Promise.all(started.map((s) => s.stop()));
});

/** The raw answer (for HTML pages and empty bodies). */
async function raw(sandbox: Sandbox, method: string, path: string, body?: unknown) {
	const response = await fetch(`${sandbox.url}${path}`, {
		method,
		headers: { Authorization: `Bearer ${sandbox.apiKey}`, 'Content-Type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	return {
		status: response.status,
		type: response.headers.get('content-type'),
		text: await response.text(),
	};
}

let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await family({ seed: 5 });
});
beforeEach(() => sandbox.reset());

describe('errors', () => {
	test.each([
		['GET /api/qr/99', 'QR code'],
		['DELETE /api/campaign/99/delete', 'Campaign'],
		['PUT /api/channel/99/update', 'Channel'],
		['DELETE /api/pixel/99/delete', 'Pixel'],
		['DELETE /api/domain/99/delete', 'Domain'],
		['PUT /api/qr/99/update', 'QR code'],
	])('unknown ID, %s: HTTP 200, "… not found. Please try again."', async (request, label) => {
		const [method, path] = request.split(' ');
		const answer = await call(sandbox, method, path, { body: { data: 'x', name: 'Some name' } });
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({ error: 1, message: `${label} not found. Please try again.` });
	});

	test.each([
		['pixel', '/api/pixel/99/update', { tag: 'T' }],
		['domain', '/api/domain/99/update', { redirectroot: 'https://example.com' }],
	])('%s update of an unknown ID: HTTP 200 with an empty body', async (_kind, path, body) => {
		const answer = await raw(sandbox, 'PUT', path, body);
		expect(answer).toMatchObject({ status: 200, text: '' });
	});

	test('a pixel update of a known ID still answers JSON', async () => {
		const answer = await call(sandbox, 'PUT', '/api/pixel/1/update', { body: { tag: 'NEW' } });
		expect(answer.body).toEqual({ error: 0, message: 'Pixel has been updated successfully.' });
	});

	test('an invalid field: HTTP 200 with error 1', async () => {
		const answer = await call(sandbox, 'POST', '/api/channel/add', { body: {} });
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({ error: 1, message: expect.stringContaining("'name'") });
	});

	test('Wi-Fi data that is a plain string: HTTP 500 HTML page, nothing created', async () => {
		const answer = await raw(sandbox, 'POST', '/api/qr/add', { type: 'wifi', data: 'home' });
		expect(answer.status).toBe(500);
		expect(answer.type).toMatch(/^text\/html/);
		expect(answer.text).toMatch(/<title>500 Internal Server Error<\/title>/);
		expect(sandbox.store.qr.created).toBe(0);
	});

	test('text data that is an object: HTTP 500 HTML page', async () => {
		const answer = await raw(sandbox, 'POST', '/api/qr/add', { type: 'text', data: { a: 1 } });
		expect(answer.status).toBe(500);
	});

	test('an update keeps the stored type: a string for a Wi-Fi code is a 500, `type` is not read', async () => {
		const created = await call(sandbox, 'POST', '/api/qr/add', {
			body: { type: 'wifi', data: { ssid: 'Home', pass: 'secret', encryption: 'WPA' } },
		});
		const id = created.body.id as number;
		const answer = await raw(sandbox, 'PUT', `/api/qr/${id}/update`, { type: 'text', data: 'x' });
		expect(answer.status).toBe(500);
		expect(sandbox.store.qr.get(id)?.type).toBe('wifi');
		const good = await call(sandbox, 'PUT', `/api/qr/${id}/update`, {
			body: { type: 'text', data: { ssid: 'Office' } },
		});
		expect(good.body.error).toBe(0);
		expect(sandbox.store.qr.get(id)).toMatchObject({ type: 'wifi', data: { ssid: 'Office' } });
	});

	test.each([
		['a wrong path', '/api/nothing-here'],
		['outside /api', '/index.php'],
	])('unknown route (%s): HTTP 404 HTML page, whatever the key', async (_what, path) => {
		const answer = await raw(sandbox, 'GET', path);
		expect(answer.status).toBe(404);
		expect(answer.type).toMatch(/^text\/html/);
		expect(answer.text).toMatch(/<title>404 Not Found<\/title>/);
		const withoutKey = await fetch(`${sandbox.url}${path}`);
		expect(withoutKey.status).toBe(404);
	});
});

describe('lists', () => {
	test('error 0 as a number, result the total, nextpage null on the last page and past it', async () => {
		const pages = [];
		for (const page of [1, 2, 3]) {
			const answer = await call(sandbox, 'GET', `/api/pixels?limit=2&page=${page}`);
			expect(answer.body.error).toBe(0);
			pages.push(answer.body.data);
		}
		expect(
			pages.map((p) => [p.result, p.currentpage, p.nextpage, p.maxpage, p.pixels.length]),
		).toEqual([
			[5, 1, 2, 3, 2],
			[5, 2, 3, 3, 2],
			[5, 3, null, 3, 1],
		]);
		const past = await call(sandbox, 'GET', '/api/pixels?limit=2&page=7');
		expect(past.body.data).toMatchObject({ currentpage: 7, nextpage: null, pixels: [] });
	});

	test('limit defaults to 15 and has no maximum', async () => {
		const big = await family({ seed: { qr: 1200 } });
		const first = await call(big, 'GET', '/api/qr');
		expect(first.body.data).toMatchObject({ perpage: 15, maxpage: 80 });
		expect(first.body.data.qrs).toHaveLength(15);
		const all = await call(big, 'GET', '/api/qr?limit=1000&page=2');
		expect(all.body.data).toMatchObject({ perpage: 1000, maxpage: 2, nextpage: null });
		// Newest first: page 2 holds the oldest 200.
		expect(all.body.data.qrs.map((qr: { id: number }) => qr.id)[0]).toBe(200);
		expect(all.body.data.qrs).toHaveLength(200);
	});

	test('a page cap: perpage tells it', async () => {
		const capped = await family({ seed: { qr: 250 }, maxLimit: 100 });
		const answer = await call(capped, 'GET', '/api/qr?limit=1000');
		expect(answer.body.data).toMatchObject({ perpage: 100, maxpage: 3, result: 250 });
		expect(answer.body.data.qrs).toHaveLength(100);
	});

	test('domains: the system domains ("id": null) come on every page, not in result', async () => {
		const all = [];
		for (const page of [1, 2, 3]) {
			const answer = await call(sandbox, 'GET', `/api/domains?limit=2&page=${page}`);
			expect(answer.body.data.result).toBe(5);
			all.push(answer.body.data.domains.map((d: { id: number | null }) => d.id));
		}
		expect(all).toEqual([
			[5, 4, null, null],
			[3, 2, null, null],
			[1, null, null],
		]);
		const one = await call(sandbox, 'GET', '/api/domains?limit=1');
		expect(one.body.data.domains[1]).toEqual({
			id: null,
			domain: 'https://sys1.link-service.example',
			redirectroot: '',
			redirect404: '',
		});
	});

	test('no system domains when switched off', async () => {
		const plain = await family({ systemDomains: 0 });
		const answer = await call(plain, 'GET', '/api/domains?limit=100');
		expect(answer.body.data.domains.every((d: { id: unknown }) => typeof d.id === 'number')).toBe(
			true,
		);
	});

	test('channel items: orphaned items are counted but skipped, so a page before maxpage is empty', async () => {
		// Channel 1 lists 15 items whose QR code no longer exists, then the 5 seeded items.
		const first = await call(sandbox, 'GET', '/api/channel/1');
		expect(first.body.data).toMatchObject({ result: 20, perpage: 15, maxpage: 2, items: [] });
		const second = await call(sandbox, 'GET', '/api/channel/1?page=2');
		expect(second.body.data.items).toHaveLength(5);
		expect(second.body.data.items).toEqual(
			sandbox.store
				.itemsOfChannel(1)
				.reverse()
				.map(({ channelId: _c, ...item }) => item),
		);
		const small = await call(sandbox, 'GET', '/api/channel/1?limit=4&page=5');
		expect(small.body.data.items).toHaveLength(4);
	});

	test('a deleted QR code leaves its channel item behind, skipped', async () => {
		const channel = await call(sandbox, 'POST', '/api/channel/add', { body: { name: 'Mixed' } });
		const id = channel.body.id as number;
		for (const qr of [1, 2, 3]) await call(sandbox, 'POST', `/api/channel/${id}/assign/qr/${qr}`);
		await call(sandbox, 'DELETE', '/api/qr/2/delete');
		const answer = await call(sandbox, 'GET', `/api/channel/${id}?limit=2`);
		expect(answer.body.data).toMatchObject({ result: 3, maxpage: 2 });
		expect(answer.body.data.items.map((i: { id: number }) => i.id)).toEqual([3]);
		expect(sandbox.store.rowsOfChannel(id)).toHaveLength(3);
	});

	test('orphaned items switched off: none seeded, a deleted QR code leaves nothing', async () => {
		const tidy = await family({ orphanedItems: 0 });
		const answer = await call(tidy, 'GET', '/api/channel/1');
		expect(answer.body.data).toMatchObject({ result: 5, maxpage: 1 });
		const qrItem = tidy.store.itemsOfChannel(1).find((item) => item.type === 'qr');
		await call(tidy, 'DELETE', `/api/qr/${qrItem?.id}/delete`);
		expect(tidy.store.rowsOfChannel(1)).toHaveLength(4);
	});

	test('CTA overlays come under `overlay`', async () => {
		const answer = await call(sandbox, 'GET', '/api/overlay');
		expect(answer.body.data.cta).toBeUndefined();
		expect(answer.body.data.overlay).toHaveLength(5);
	});
});

describe('records', () => {
	test('campaign create and update: the name under `campaign`', async () => {
		const created = await call(sandbox, 'POST', '/api/campaign/add', {
			body: { name: 'Launch', slug: 'launch', public: true },
		});
		expect(created.body).toEqual({
			error: 0,
			id: 6,
			campaign: 'Launch',
			public: true,
			rotator: `${sandbox.url}/r/launch`,
			list: `${sandbox.url}/campaigns/6/list`,
		});
		const updated = await call(sandbox, 'PUT', '/api/campaign/6/update', {
			body: { name: 'Relaunch' },
		});
		expect(updated.body).toMatchObject({ error: 0, id: 6, campaign: 'Relaunch' });
		expect(updated.body.domain).toBeUndefined();
	});

	test('campaign list items carry `name`, campaign 1 too', async () => {
		const answer = await call(sandbox, 'GET', '/api/campaigns');
		expect(answer.body.data.campaigns.map((c: { name: string }) => c.name)).toEqual([
			'Campaign 5',
			'Campaign 4',
			'Campaign 3',
			'Campaign 2',
			'Campaign 1',
		]);
	});

	test('a campaign without a slug gets one', async () => {
		const created = await call(sandbox, 'POST', '/api/campaign/add', { body: { name: 'No slug' } });
		expect(created.body.rotator).toMatch(new RegExp(`^${sandbox.url}/r/[a-z0-9]+$`));
		expect(sandbox.store.campaigns.get(created.body.id)?.slug).toEqual(expect.any(String));
	});

	test.each([
		['missing', {}],
		['one character', { name: 'A' }],
		['spaces around one character', { name: ' A ' }],
		['the name of another campaign', { name: 'Campaign 2' }],
	])('campaign name %s: refused, nothing created', async (_what, body) => {
		const answer = await call(sandbox, 'POST', '/api/campaign/add', { body });
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({ error: 1, message: expect.any(String) });
		expect(sandbox.store.campaigns.created).toBe(0);
	});

	test('campaign update to another campaign’s name is refused; to its own name it is not', async () => {
		const taken = await call(sandbox, 'PUT', '/api/campaign/1/update', {
			body: { name: 'Campaign 2' },
		});
		expect(taken.body.error).toBe(1);
		const same = await call(sandbox, 'PUT', '/api/campaign/1/update', {
			body: { name: 'Campaign 1' },
		});
		expect(same.body.error).toBe(0);
	});

	test('QR code get: the date under details.data; statistics only for link codes', async () => {
		const link = await call(sandbox, 'GET', '/api/qr/1');
		expect(link.body.details).toEqual({
			id: 1,
			link: sandbox.store.qr.get(1)?.link,
			scans: 13,
			name: 'QR code 1',
			data: sandbox.store.qr.get(1)?.date,
		});
		expect(link.body.details.data).toMatch(TIMESTAMP);
		expect(link.body.data.clicks).toBe(13);

		const created = await call(sandbox, 'POST', '/api/qr/add', {
			body: { type: 'sms', data: { phone: '+4912345', message: 'Hi' } },
		});
		sandbox.store.qr.get(created.body.id)!.stats.clicks = 9;
		const sms = await call(sandbox, 'GET', `/api/qr/${created.body.id}`);
		expect(sms.body.data.clicks).toBe(0);
		expect(sms.body.details.date).toBeUndefined();
	});

	test('channel update: name and description change only when longer than 2 characters', async () => {
		await call(sandbox, 'PUT', '/api/channel/2/update', { body: { name: 'ab', description: '' } });
		expect(sandbox.store.channels.get(2)).toMatchObject({
			name: 'Channel 2',
			description: 'Seeded channel number 2',
		});
		const answer = await call(sandbox, 'PUT', '/api/channel/2/update', {
			body: { name: 'abc', description: 'Longer', color: '#123456' },
		});
		expect(answer.body.error).toBe(0);
		expect(sandbox.store.channels.get(2)).toMatchObject({
			name: 'abc',
			description: 'Longer',
			color: '#123456',
		});
	});

	test('assigning an item that is already in the channel is an error', async () => {
		const first = await call(sandbox, 'POST', '/api/channel/2/assign/links/4');
		expect(first.body.error).toBe(0);
		const again = await call(sandbox, 'POST', '/api/channel/2/assign/links/4');
		expect(again.body).toEqual({ error: 1, message: 'This item is already in the channel.' });
		const otherType = await call(sandbox, 'POST', '/api/channel/2/assign/bio/4');
		expect(otherType.body.error).toBe(0);
	});
});

test('the reference profile is unchanged by default', async () => {
	const reference = await startSandbox({ rateLimit: 0 });
	started.push(reference);
	// The reference's switches themselves are specified in profile.test.ts.
	expect(reference.options).toMatchObject({ profile: 'reference', ...PROFILE_DEFAULTS.reference });
	const overlays = await call(reference, 'GET', '/api/overlay');
	expect(overlays.body.error).toBe('0');
	expect(overlays.body.data.cta).toHaveLength(5);
});
