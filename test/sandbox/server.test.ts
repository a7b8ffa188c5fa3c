// Authentication, basePath, reset() and stopping with open keep-alive connections.

import { Agent, request } from 'http';

import { call } from './helpers';
import { Sandbox, startSandbox } from './server';

let sandbox: Sandbox;

beforeAll(async () => {
	sandbox = await startSandbox({ apiKey: 'top-secret-key', rateLimit: 0 });
});

afterAll(async () => {
	await sandbox.stop();
});

describe('authentication', () => {
	test('missing key → 401 with a readable message', async () => {
		const res = await call(sandbox, 'GET', '/api/account', { key: null });
		expect(res.status).toBe(401);
		expect(res.body).toEqual({ error: 1, message: expect.stringMatching(/^Missing API key/) });
	});

	test('wrong key → 401; neither key is echoed', async () => {
		const res = await call(sandbox, 'GET', '/api/account', { key: 'guessed-key' });
		expect(res.status).toBe(401);
		expect(res.body).toEqual({ error: 1, message: 'Invalid API key.' });
		const text = JSON.stringify(res.body);
		expect(text).not.toContain('guessed-key');
		expect(text).not.toContain('top-secret-key');
	});

	test('a non-Bearer scheme counts as missing', async () => {
		const res = await fetch(`${sandbox.url}/api/account`, {
			headers: { Authorization: 'Basic top-secret-key' },
		});
		expect(res.status).toBe(401);
	});

	test('the request log never holds the key', () => {
		expect(JSON.stringify(sandbox.stats.log)).not.toContain('top-secret-key');
		expect(sandbox.stats.unauthorized).toBeGreaterThanOrEqual(3);
	});

	test('the right key works and answers JSON', async () => {
		const res = await call(sandbox, 'GET', '/api/account');
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toMatch(/^application\/json/);
	});
});

describe('basePath', () => {
	let prefixed: Sandbox;
	beforeAll(async () => {
		prefixed = await startSandbox({ basePath: 'short/', rateLimit: 0 });
	});
	afterAll(async () => {
		await prefixed.stop();
	});

	test('endpoints live under <basePath>/api and url includes the prefix', async () => {
		expect(prefixed.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/short$/);
		const res = await call(prefixed, 'GET', '/api/campaigns');
		expect(res.body.error).toBe('0');
		expect(res.body.data.campaigns[0].rotator).toBe(`${prefixed.url}/r/campaign-1`);

		const origin = prefixed.url.replace(/\/short$/, '');
		const outside = await call(prefixed, 'GET', '/api/campaigns', { base: origin });
		expect(outside.status).toBe(404);
		expect(outside.body.message).toBe('Unknown endpoint GET /api/campaigns.');
	});
});

test('reset() restores the seeded store and clears stats', async () => {
	await call(sandbox, 'DELETE', '/api/campaign/1/delete');
	await call(sandbox, 'POST', '/api/channel/add', { body: { name: 'temp' } });
	expect(sandbox.store.campaigns.get(1)).toBeUndefined();
	sandbox.reset();
	expect(sandbox.store.campaigns.get(1)?.name).toBe('Campaign 1');
	expect(sandbox.store.channels.size).toBe(5);
	expect(sandbox.store.channels.created).toBe(0);
	expect(sandbox.stats.requests).toBe(0);
	expect(sandbox.stats.log).toEqual([]);
});

test('listens on 127.0.0.1 and stop() closes idle keep-alive connections', async () => {
	const own = await startSandbox({ rateLimit: 0 });
	expect(own.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
	const agent = new Agent({ keepAlive: true });
	const status = await new Promise<number>((resolve, reject) => {
		const req = request(
			`${own.url}/api/account`,
			{ agent, headers: { Authorization: `Bearer ${own.apiKey}` } },
			(res) => {
				res.resume();
				res.on('end', () => resolve(res.statusCode ?? 0));
			},
		);
		req.on('error', reject);
		req.end();
	});
	expect(status).toBe(200);
	// The agent now holds an idle keep-alive socket; stop() must not wait for it to time out.
	await own.stop();
	await expect(fetch(`${own.url}/api/account`)).rejects.toThrow();
	agent.destroy();
});
