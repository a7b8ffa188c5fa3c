// Rate limit: fixed epoch-aligned windows, headers on every answer, 429 past the budget.
// A controllable clock makes window edges exact without waiting.

import { ApiResponse, call, rateHeaders } from './helpers';
import { ResetFormat, Sandbox, SandboxOptions, startSandbox } from './server';

const WINDOW_START = 1_699_999_980_000; // a multiple of 1000, 1500 and 60000
let now = WINDOW_START;
const clock = (): number => now;
const started: Sandbox[] = [];

async function start(options: Partial<SandboxOptions>): Promise<Sandbox> {
	const sandbox = await startSandbox({ now: clock, ...options });
	started.push(sandbox);
	return sandbox;
}

afterAll(async () => {
	await Promise.all(started.map((s) => s.stop()));
});

/** The reset moment (ms) a header value stands for. */
function resetToMs(format: ResetFormat, value: string, at: number): number {
	switch (format) {
		case 'unix':
			return Number(value) * 1000;
		case 'unix-ms':
			return Number(value);
		case 'seconds':
			return at + Number(value) * 1000;
		case 'http-date':
			return Date.parse(value);
	}
}

function expectHeaders(response: ApiResponse, limit: number, remaining: number): void {
	const h = rateHeaders(response);
	expect(h.limit).toBe(String(limit));
	expect(h.remaining).toBe(String(remaining));
	expect(h.reset).toEqual(expect.any(String));
}

describe('3 requests per 1000 ms', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await start({ rateLimit: 3, rateWindowMs: 1000 });
	});
	beforeEach(() => sandbox.reset());

	test('headers count down on success, 404 and 400 answers; the 4th request gets 429', async () => {
		now = WINDOW_START + 100;
		const ok = await call(sandbox, 'GET', '/api/account');
		expect(ok.status).toBe(200);
		expectHeaders(ok, 3, 2);
		expect(ok.headers.get('x-ratelimit-reset')).toBe(String((WINDOW_START + 1000) / 1000));

		const missing = await call(sandbox, 'GET', '/api/qr/999');
		expect(missing.status).toBe(404);
		expectHeaders(missing, 3, 1);

		const invalid = await call(sandbox, 'POST', '/api/channel/add', { body: {} });
		expect(invalid.status).toBe(400);
		expectHeaders(invalid, 3, 0);

		now = WINDOW_START + 400;
		const limited = await call(sandbox, 'GET', '/api/account');
		expect(limited.status).toBe(429);
		expect(limited.body.error).toBe(1);
		expect(limited.body.message).toMatch(/^Rate limit exceeded\. Try again after .+\.$/);
		expectHeaders(limited, 3, 0);
		expect(limited.headers.get('retry-after')).toBe('1');
		expect(sandbox.stats.rateLimited).toBe(1);
		expect(sandbox.stats.requests).toBe(4);
	});

	test('a 429 uses no budget and the next window starts afresh', async () => {
		now = WINDOW_START + 10;
		for (let i = 0; i < 3; i++) await call(sandbox, 'GET', '/api/splash');
		for (let i = 0; i < 3; i++)
			expect((await call(sandbox, 'GET', '/api/splash')).status).toBe(429);
		expect(sandbox.stats.rateLimited).toBe(3);

		now = WINDOW_START + 1000; // exactly the next window
		const fresh = await call(sandbox, 'GET', '/api/splash');
		expect(fresh.status).toBe(200);
		expectHeaders(fresh, 3, 2);
		expect(fresh.headers.get('x-ratelimit-reset')).toBe(String((WINDOW_START + 2000) / 1000));
	});

	test('a refused (429) POST creates nothing', async () => {
		now = WINDOW_START + 10;
		for (let i = 0; i < 3; i++) await call(sandbox, 'GET', '/api/splash');
		const before = sandbox.store.qr.created;
		const res = await call(sandbox, 'POST', '/api/qr/add', { body: { type: 'text', data: 'hi' } });
		expect(res.status).toBe(429);
		expect(sandbox.store.qr.created).toBe(before);
	});

	test('401 answers carry the headers; wrong keys use their own bucket', async () => {
		now = WINDOW_START + 10;
		for (let i = 0; i < 3; i++) await call(sandbox, 'GET', '/api/splash');
		expect((await call(sandbox, 'GET', '/api/splash')).status).toBe(429);

		const wrong = await call(sandbox, 'GET', '/api/splash', { key: 'not-the-key' });
		expect(wrong.status).toBe(401);
		expectHeaders(wrong, 3, 2);
		const none = await call(sandbox, 'GET', '/api/splash', { key: null });
		expect(none.status).toBe(401);
		expectHeaders(none, 3, 1);
		expect(sandbox.stats.unauthorized).toBe(2);
	});
});

describe('reset header formats', () => {
	const cases: Array<[ResetFormat, string]> = [
		['unix', '1700000040'],
		['unix-ms', '1700000040000'],
		['seconds', '45'],
		['http-date', 'Tue, 14 Nov 2023 22:14:00 GMT'],
	];

	test.each(cases)('%s: 60 s window, 15.25 s in', async (format, expected) => {
		const sandbox = await start({ rateLimit: 2, rateWindowMs: 60_000, resetFormat: format });
		now = WINDOW_START + 15_250;
		const first = await call(sandbox, 'GET', '/api/account');
		expect(first.headers.get('x-ratelimit-reset')).toBe(expected);
		expect(resetToMs(format, expected, now)).toBe(
			format === 'seconds' ? now + 45_000 : WINDOW_START + 60_000,
		);

		await call(sandbox, 'GET', '/api/account');
		const limited = await call(sandbox, 'GET', '/api/account');
		expect(limited.status).toBe(429);
		expect(limited.headers.get('retry-after')).toBe('45');
		const reset = limited.headers.get('x-ratelimit-reset') as string;
		const resetMs = resetToMs(format, reset, now);
		// The reset moment never lies before the window end and at most a rounding second after it.
		expect(resetMs).toBeGreaterThanOrEqual(WINDOW_START + 60_000);
		expect(resetMs).toBeLessThan(WINDOW_START + 61_000);
		await sandbox.stop();
	});

	test('a window that is not a whole number of seconds rounds the Unix reset up', async () => {
		const sandbox = await start({ rateLimit: 5, rateWindowMs: 1500 });
		now = 1_700_000_001_100; // window [1700000001000, 1700000002500): aligned to multiples of 1500 ms
		const res = await call(sandbox, 'GET', '/api/account');
		expect(res.headers.get('x-ratelimit-reset')).toBe('1700000003');
		await sandbox.stop();
	});
});

test('rate limit off: no X-RateLimit headers and no 429', async () => {
	const sandbox = await start({ rateLimit: 0 });
	for (let i = 0; i < 40; i++) {
		const res = await call(sandbox, 'GET', '/api/account');
		expect(res.status).toBe(200);
		expect(rateHeaders(res)).toEqual({ limit: undefined, remaining: undefined, reset: undefined });
	}
	expect(sandbox.stats.rateLimited).toBe(0);
	await sandbox.stop();
});

test('defaults: 30 per minute with the real clock', async () => {
	const sandbox = await startSandbox();
	try {
		const before = Date.now();
		const res = await call(sandbox, 'GET', '/api/account');
		const after = Date.now();
		expectHeaders(res, 30, 29);
		const reset = Number(res.headers.get('x-ratelimit-reset')) * 1000;
		// Window end is the next multiple of 60 s after the request.
		expect(reset % 60_000).toBe(0);
		expect(reset).toBeGreaterThan(before);
		expect(reset).toBeLessThanOrEqual(Math.floor(after / 60_000) * 60_000 + 60_000);
	} finally {
		await sandbox.stop();
	}
});
