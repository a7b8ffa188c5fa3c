// Walks the reference's 28 endpoints and checks shapes, `error` types and validation answers.

import { call, DATE, expectError, expectMessage, TIMESTAMP } from './helpers';
import { LINK_ROUTES } from './linkRoutes';
import { ROUTES, Sandbox, startSandbox } from './server';
import { USER_ROUTES } from './userRoutes';

let sandbox: Sandbox;

beforeAll(async () => {
	sandbox = await startSandbox({ rateLimit: 0 });
});

afterAll(async () => {
	await sandbox.stop();
});

const URL_RE = /^http:\/\/127\.0\.0\.1:\d+\//;

/** GET `path`, answered HTTP 200 with error '0': the answer's `data`. */
async function listed(path: string) {
	const { status, body } = await call(sandbox, 'GET', path);
	expect(status).toBe(200);
	expect(body.error).toBe('0');
	return body.data;
}

describe('account', () => {
	test('GET /api/account returns the record with integer error 0', async () => {
		const { status, body } = await call(sandbox, 'GET', '/api/account');
		expect(status).toBe(200);
		expect(body.error).toBe(0);
		expect(Object.keys(body.data).sort()).toEqual(
			['avatar', 'email', 'expires', 'id', 'registered', 'status', 'username'].sort(),
		);
		expect(body.data.id).toEqual(expect.any(Number));
		expect(body.data.expires).toMatch(TIMESTAMP);
		expect(body.data.registered).toMatch(TIMESTAMP);
		expect(body.data).not.toHaveProperty('password');
	});

	test('PUT /api/account/update changes email and password', async () => {
		const update = await call(sandbox, 'PUT', '/api/account/update', {
			body: { email: 'new@example.com' },
		});
		expectMessage(update.body, 'Account has been successfully updated.');
		expect((await call(sandbox, 'GET', '/api/account')).body.data.email).toBe('new@example.com');

		await call(sandbox, 'PUT', '/api/account/update', { body: { password: 's3cret-pass' } });
		expect(sandbox.store.password).toBe('s3cret-pass');
	});
});

describe('campaigns', () => {
	test('GET /api/campaigns: string error "0", first seeded item carries the name under domain', async () => {
		const data = await listed('/api/campaigns');
		const [first, second] = data.campaigns;
		expect(first).toEqual({
			id: 1,
			domain: 'Campaign 1',
			public: expect.any(Boolean),
			rotator: expect.stringMatching(URL_RE),
			list: expect.stringMatching(URL_RE),
		});
		expect(first).not.toHaveProperty('name');
		expect(second).toEqual({
			id: 2,
			name: 'Campaign 2',
			public: true,
			rotator: false,
			list: expect.stringMatching(URL_RE),
		});
	});

	test('POST /api/campaign/add answers the name under domain; rotator false without slug', async () => {
		const withSlug = await call(sandbox, 'POST', '/api/campaign/add', {
			body: { name: 'Spring', slug: 'spring', public: true },
		});
		expect(withSlug.body).toEqual({
			error: 0,
			id: expect.any(Number),
			domain: 'Spring',
			public: true,
			rotator: `${sandbox.url}/r/spring`,
			list: expect.stringMatching(URL_RE),
		});
		const bare = await call(sandbox, 'POST', '/api/campaign/add', { body: {} });
		expect(bare.body).toMatchObject({ error: 0, rotator: false, public: false, domain: '' });
		expect(bare.body.id).toBe(withSlug.body.id + 1);
	});

	test('POST /api/campaign/:campaignid/assign/:linkid adds a stored link', async () => {
		const res = await call(sandbox, 'POST', '/api/campaign/2/assign/4');
		expectMessage(res.body, 'Link successfully added to the campaign.');
		expect(sandbox.store.campaigns.get(2)?.links.has(4)).toBe(true);
	});

	test('PUT /api/campaign/:id/update requires name and answers like create', async () => {
		const res = await call(sandbox, 'PUT', '/api/campaign/2/update', {
			body: { name: 'Renamed', slug: 'renamed', public: false },
		});
		expect(res.body).toEqual({
			error: 0,
			id: 2,
			domain: 'Renamed',
			public: false,
			rotator: `${sandbox.url}/r/renamed`,
			list: expect.stringMatching(URL_RE),
		});
	});

	test('DELETE /api/campaign/:id/delete removes it', async () => {
		expectMessage(
			(await call(sandbox, 'DELETE', '/api/campaign/3/delete')).body,
			'Campaign has been deleted successfully.',
		);
		expect(sandbox.store.campaigns.get(3)).toBeUndefined();
		expectError(
			await call(sandbox, 'DELETE', '/api/campaign/3/delete'),
			404,
			/Campaign 3 does not exist/,
		);
	});
});

describe('splash pages and CTA overlays', () => {
	test('GET /api/splash lists id, name, date', async () => {
		const data = await listed('/api/splash');
		expect(data.splash).toHaveLength(5);
		for (const item of data.splash) {
			expect(Object.keys(item).sort()).toEqual(['date', 'id', 'name']);
			expect(item.date).toMatch(TIMESTAMP);
		}
	});

	test('GET /api/overlay lists under the key cta', async () => {
		const data = await listed('/api/overlay');
		expect(data).not.toHaveProperty('overlay');
		expect(data.cta[0]).toEqual({
			id: 1,
			type: 'message',
			name: expect.any(String),
			date: expect.stringMatching(TIMESTAMP),
		});
		expect(data.cta[1].type).toBe('contact');
	});
});

describe('QR codes', () => {
	test('GET /api/qr lists under qrs', async () => {
		const data = await listed('/api/qr');
		expect(data.qrs[0]).toEqual({
			id: 1,
			link: expect.stringMatching(URL_RE),
			scans: expect.any(Number),
			name: expect.any(String),
			date: expect.stringMatching(TIMESTAMP),
		});
	});

	test('GET /api/qr/:id returns details and statistics with string counts', async () => {
		const { status, body } = await call(sandbox, 'GET', '/api/qr/2');
		expect(status).toBe(200);
		expect(body.error).toBe(0);
		expect(body.details).toEqual({
			id: 2,
			link: expect.any(String),
			scans: expect.any(Number),
			name: expect.any(String),
			date: expect.stringMatching(TIMESTAMP),
		});
		const stats = body.data;
		expect(stats.clicks).toEqual(expect.any(Number));
		expect(stats.uniqueClicks).toEqual(expect.any(Number));
		for (const key of ['topCountries', 'topReferrers', 'topBrowsers', 'topOs']) {
			const values = Object.values(stats[key]);
			expect(values.length).toBeGreaterThan(0);
			for (const value of values) expect(value).toEqual(expect.stringMatching(/^\d+$/));
		}
		expect(Object.keys(stats.socialCount).sort()).toEqual([
			'socialnet_a',
			'socialnet_b',
			'socialnet_c',
		]);
	});

	test('POST /api/qr/add takes string, object and array data', async () => {
		const before = sandbox.store.qr.created;
		const link = await call(sandbox, 'POST', '/api/qr/add', {
			body: {
				type: 'link',
				data: 'https://example.com',
				background: 'rgb(255,255,255)',
				foreground: 'rgb(0, 0, 0)',
			},
		});
		expect(link.body).toEqual({
			error: 0,
			id: expect.any(Number),
			link: expect.stringMatching(URL_RE),
		});
		expect(
			(
				await call(sandbox, 'POST', '/api/qr/add', {
					body: { type: 'vcard', data: { name: 'Ann' } },
				})
			).body.error,
		).toBe(0);
		expect(
			(await call(sandbox, 'POST', '/api/qr/add', { body: { type: 'sms', data: ['+100', 'hi'] } }))
				.body.error,
		).toBe(0);
		expect(sandbox.store.qr.created).toBe(before + 3);

		expect(sandbox.store.qr.created).toBe(before + 3);
	});

	test('PUT /api/qr/:id/update changes the data', async () => {
		expectMessage(
			(
				await call(sandbox, 'PUT', '/api/qr/1/update', {
					body: { data: 'https://new.example.com' },
				})
			).body,
			'QR has been updated successfully.',
		);
		expect(sandbox.store.qr.get(1)?.data).toBe('https://new.example.com');
	});

	test('DELETE /api/qr/:id/delete removes it', async () => {
		expectMessage(
			(await call(sandbox, 'DELETE', '/api/qr/5/delete')).body,
			'QR Code has been deleted successfully.',
		);
		expectError(await call(sandbox, 'GET', '/api/qr/5'), 404, /QR code 5 does not exist/);
	});
});

describe('channels', () => {
	test('GET /api/channels lists channels', async () => {
		const data = await listed('/api/channels');
		expect(data.channels[0]).toEqual({
			id: 1,
			name: expect.any(String),
			description: expect.any(String),
			color: expect.stringMatching(/^#[0-9A-F]{6}$/i),
			starred: true,
		});
	});

	test('POST /api/channel/add echoes the channel', async () => {
		const res = await call(sandbox, 'POST', '/api/channel/add', {
			body: { name: 'News', description: 'd', color: '#AABBCC', starred: true },
		});
		expect(res.body).toEqual({
			error: 0,
			id: expect.any(Number),
			name: 'News',
			description: 'd',
			color: '#AABBCC',
			starred: true,
		});
	});

	test('assign, list items, update and delete (delete unassigns all items)', async () => {
		const { body: created } = await call(sandbox, 'POST', '/api/channel/add', {
			body: { name: 'Mixed' },
		});
		const id = created.id as number;
		const base = `/api/channel/${id}/assign`;
		for (const item of ['links/2', 'bio/7', 'qr/2']) {
			expectMessage(
				(await call(sandbox, 'POST', `${base}/${item}`)).body,
				'Item successfully added to the channel.',
			);
		}

		const { body } = await call(sandbox, 'GET', `/api/channel/${id}`);
		expect(body.error).toBe('0');
		expect(body.data.result).toBe(3);
		expect(body.data.items.map((i: { type: string; id: number }) => `${i.type}:${i.id}`)).toEqual([
			'links:2',
			'bio:7',
			'qr:2',
		]);
		expect(body.data.items[0]).toEqual({
			type: 'links',
			id: 2,
			title: 'Article 2',
			preview: expect.stringMatching(URL_RE),
			link: `${sandbox.url}/link2`,
			date: expect.stringMatching(DATE),
		});

		expectMessage(
			(
				await call(sandbox, 'PUT', `/api/channel/${id}/update`, {
					body: { starred: true, color: '#000000' },
				})
			).body,
			'Channel has been updated successfully.',
		);
		expect(sandbox.store.channels.get(id)).toMatchObject({
			name: 'Mixed',
			starred: true,
			color: '#000000',
		});

		expect(sandbox.store.itemsOfChannel(id)).toHaveLength(3);
		expectMessage(
			(await call(sandbox, 'DELETE', `/api/channel/${id}/delete`)).body,
			'Channel has been deleted successfully.',
		);
		expect(sandbox.store.itemsOfChannel(id)).toHaveLength(0);
		expect(sandbox.store.channelItems.some((item) => item.channelId === id)).toBe(false);
		expectError(
			await call(sandbox, 'GET', `/api/channel/${id}`),
			404,
			new RegExp(`Channel ${id} does not exist`),
		);
	});
});

describe('pixels', () => {
	test('GET /api/pixels lists pixels', async () => {
		const data = await listed('/api/pixels');
		expect(data.pixels[0]).toEqual({
			id: 1,
			type: 'tagmgrpixel',
			name: expect.any(String),
			tag: expect.any(String),
			date: expect.stringMatching(TIMESTAMP),
		});
	});

	test('create, update, delete', async () => {
		const res = await call(sandbox, 'POST', '/api/pixel/add', {
			body: { type: 'shortvideo', name: 'Video', tag: 'V-1' },
		});
		expect(res.body).toEqual({ error: 0, id: expect.any(Number) });
		expect(sandbox.store.pixels.get(res.body.id)?.date).toMatch(TIMESTAMP);

		expectMessage(
			(
				await call(sandbox, 'PUT', `/api/pixel/${res.body.id}/update`, {
					body: { tag: 'V-2', name: 'Video 2' },
				})
			).body,
			'Pixel has been updated successfully.',
		);
		expect(sandbox.store.pixels.get(res.body.id)).toMatchObject({ tag: 'V-2', name: 'Video 2' });

		expectMessage(
			(await call(sandbox, 'DELETE', `/api/pixel/${res.body.id}/delete`)).body,
			'Pixel has been deleted successfully.',
		);
		expectError(
			await call(sandbox, 'DELETE', `/api/pixel/${res.body.id}/delete`),
			404,
			/Pixel \d+ does not exist/,
		);
	});
});

describe('branded domains', () => {
	test('GET /api/domains lists domains', async () => {
		const data = await listed('/api/domains');
		expect(data.domains[0]).toEqual({
			id: 1,
			domain: expect.stringMatching(/^https?:\/\//),
			redirectroot: expect.any(String),
			redirect404: expect.any(String),
		});
	});

	test('create, update (redirects only), delete', async () => {
		const res = await call(sandbox, 'POST', '/api/domain/add', {
			body: { domain: 'https://go.example.com', redirectroot: 'https://example.com' },
		});
		expect(res.body).toEqual({ error: 0, id: expect.any(Number) });

		const update = await call(sandbox, 'PUT', `/api/domain/${res.body.id}/update`, {
			body: { domain: 'https://other.example.com', redirect404: 'https://example.com/404' },
		});
		expectMessage(update.body, 'Domain has been updated successfully.');
		expect(sandbox.store.domains.get(res.body.id)).toEqual({
			id: res.body.id,
			domain: 'https://go.example.com',
			redirectroot: 'https://example.com',
			redirect404: 'https://example.com/404',
		});
		expectMessage(
			(await call(sandbox, 'DELETE', `/api/domain/${res.body.id}/delete`)).body,
			'Domain has been deleted successfully.',
		);
		expectError(
			await call(sandbox, 'PUT', `/api/domain/${res.body.id}/update`, { body: {} }),
			404,
			/Domain \d+ does not exist/,
		);
	});
});

test('every route of the reference was exercised by this file', () => {
	const seen = new Set(sandbox.stats.log.map((entry) => entry.route));
	// The link routes and the users and plans routes have files of their own.
	const others = [...LINK_ROUTES, ...USER_ROUTES].map(
		([method, pattern]) => `${method} ${pattern}`,
	);
	const reference = ROUTES.filter((r) => !others.includes(`${r.method} ${r.pattern}`));
	const missing = reference.map((r) => `${r.method} ${r.pattern}`).filter((key) => !seen.has(key));
	expect(reference).toHaveLength(28);
	expect(missing).toEqual([]);
});
