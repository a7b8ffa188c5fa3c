// The family profile's rate limit and key check: windows from the key's first request, the
// refusal as HTTP 200 with Retry-After in the body (not counted), Remaining negative or clamped,
// headers on or off, 403 for a bad key. A controllable clock makes window edges exact.

import { ApiResponse, call, rateHeaders } from './helpers';
import { Sandbox, SandboxOptions, startSandbox } from './server';

const S = 1_699_999_980_000; // a multiple of 60 s
let now = S;
const started: Sandbox[] = [];

async function family(options: Partial<SandboxOptions> = {}): Promise<Sandbox> {
	const sandbox = await startSandbox({
		profile: 'family',
		rateLimit: 3,
		rateWindowMs: 60_000,
		now: () => now,
		...options,
	});
	started.push(sandbox);
	return sandbox;
}

afterAll(async () => {
	await Promise.all(started.map((s) => s.stop()));
});

/** The rate-limit headers of a window of 3 requests ending `resetS` seconds after S. */
const window = (remaining: string, resetS: number) => ({
	limit: '3',
	remaining,
	reset: String(S / 1000 + resetS),
});

const spend = async (sandbox: Sandbox, times: number): Promise<ApiResponse[]> => {
	const answers: ApiResponse[] = [];
	for (let i = 0; i < times; i++) answers.push(await call(sandbox, 'GET', '/api/account'));
	return answers;
};

/** `times` requests `msAfterS` ms after S (the clock set there first). */
const spendAt = async (sandbox: Sandbox, msAfterS: number, times: number) => {
	now = S + msAfterS;
	return await spend(sandbox, times);
};

describe('the window starts at the key’s first request', () => {
	test('15.3 s past a minute boundary: the reset is 60 s after that request’s second', async () => {
		const sandbox = await family();
		const [first] = await spendAt(sandbox, 15_300, 1);
		expect(rateHeaders(first)).toEqual(window('2', 75));

		// Past the epoch-aligned minute's middle, still the same window
		const [second] = await spendAt(sandbox, 59_000, 1);
		expect(rateHeaders(second).reset).toBe(String(S / 1000 + 75));
		expect(rateHeaders(second).remaining).toBe('1');

		// An epoch-aligned limiter would have started a new window at S + 60 s
		const [third, refused] = await spendAt(sandbox, 74_900, 2);
		expect(rateHeaders(third).remaining).toBe('0');
		expect(refused.body.error).toBe(429);

		// The window's end: the next request starts a new one
		const [fresh] = await spendAt(sandbox, 75_000, 1);
		expect(fresh.body.error).toBe(0);
		expect(rateHeaders(fresh)).toEqual(window('2', 135));
	});

	test('a pause longer than the window: the next window starts at the next request', async () => {
		const sandbox = await family();
		await spendAt(sandbox, 1_000, 1);
		const [later] = await spendAt(sandbox, 200_400, 1);
		expect(rateHeaders(later)).toEqual(window('2', 260));
	});
});

describe('over the budget', () => {
	test('HTTP 200, error 429 and Retry-After in the body, no Retry-After header', async () => {
		const sandbox = await family();
		await spendAt(sandbox, 10_000, 3);
		const [refused] = await spendAt(sandbox, 40_500, 1);
		expect(refused.status).toBe(200);
		expect(refused.body).toEqual({
			error: 429,
			message: 'Too Many API Requests.',
			'Retry-After': 30,
		});
		expect(refused.headers.get('retry-after')).toBeNull();
		expect(sandbox.stats.rateLimited).toBe(1);
	});

	test('a refused request is not applied and not counted', async () => {
		const sandbox = await family({ seed: 0 });
		await spendAt(sandbox, 10_000, 3);
		const refused = await call(sandbox, 'POST', '/api/pixel/add', {
			body: { type: 'qapixel', name: 'Late', tag: 'T-1' },
		});
		expect(refused.body.error).toBe(429);
		expect(sandbox.store.pixels.created).toBe(0);
		for (let i = 0; i < 5; i++) expect((await spend(sandbox, 1))[0].body.error).toBe(429);

		// The next window holds the whole budget: refusals were not counted
		const answers = await spendAt(sandbox, 70_000, 4);
		expect(answers.map((a) => a.body.error)).toEqual([0, 0, 0, 429]);
	});

	test.each([
		['negative', '-1'],
		['clamped', '0'],
	] as const)('Remaining %s: a refusal says %s', async (remaining, expected) => {
		const sandbox = await family({ remaining });
		const answers = await spendAt(sandbox, 5_000, 4);
		expect(answers.map((a) => rateHeaders(a).remaining)).toEqual(['2', '1', '0', expected]);
		expect(answers[3].body.error).toBe(429);
	});

	test('the family profile counts Remaining below zero unless told to clamp it', async () => {
		const sandbox = await family();
		expect(sandbox.options.remaining).toBe('negative');
		const answers = await spendAt(sandbox, 5_000, 4);
		expect(rateHeaders(answers[3]).remaining).toBe('-1');
	});

	test('without rate-limit headers: none on any answer, the refusal still says so', async () => {
		const sandbox = await family({ rateHeaders: false });
		const answers = await spendAt(sandbox, 5_000, 4);
		for (const answer of answers) {
			expect(rateHeaders(answer)).toEqual({
				limit: undefined,
				remaining: undefined,
				reset: undefined,
			});
		}
		expect(answers[3].body).toEqual({
			error: 429,
			message: 'Too Many API Requests.',
			'Retry-After': 60,
		});
	});

	test('an injected rate-limit fault takes the family’s form', async () => {
		const sandbox = await family({ faults: { script: ['429'] } });
		const [refused] = await spendAt(sandbox, 5_000, 1);
		expect(refused.status).toBe(200);
		expect(refused.body).toMatchObject({ error: 429, message: 'Too Many API Requests.' });
	});
});

describe('the key', () => {
	test.each([
		['a wrong key', 'guessed-key'],
		['no key', null],
	])('%s: HTTP 403 with the family’s message, no budget used', async (_what, key) => {
		const sandbox = await family();
		now = S + 5_000;
		const refused = await call(sandbox, 'GET', '/api/account', { key });
		expect(refused.status).toBe(403);
		expect(refused.body).toEqual({
			error: 1,
			message: 'A valid API key is required to use this service.',
		});
		expect(JSON.stringify(refused.body)).not.toContain(sandbox.apiKey);
		expect(sandbox.stats.unauthorized).toBe(1);
		const [good] = await spend(sandbox, 1);
		expect(rateHeaders(good).remaining).toBe('2');
	});
});
