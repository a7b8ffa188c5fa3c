// Fault injection (scripted, decided, random with a seed), applyThenFault and errorStatus 200.

import { call, rateHeaders } from './helpers';
import { FaultKind, Sandbox, SandboxOptions, startSandbox } from './server';

const started: Sandbox[] = [];

async function start(options: Partial<SandboxOptions>): Promise<Sandbox> {
	const sandbox = await startSandbox(options);
	started.push(sandbox);
	return sandbox;
}

afterAll(async () => {
	await Promise.all(started.map((s) => s.stop()));
});

const NEW_QR = { body: { type: 'text', data: 'hello' } };

describe('faults before the request is applied', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await start({ rateLimit: 10 });
	});
	beforeEach(() => {
		sandbox.reset();
	});

	test('5xx: answers 502 or 503 with an error body and creates nothing', async () => {
		sandbox.setFaults({ script: ['5xx', '502', '503', null] });
		const statuses: number[] = [];
		for (let i = 0; i < 3; i++) {
			const res = await call(sandbox, 'POST', '/api/qr/add', NEW_QR);
			statuses.push(res.status);
			expect(res.body.error).toBe(1);
			expect(res.body.message).toMatch(/sandbox fault 50[23]/);
			expect(rateHeaders(res).limit).toBe('10');
		}
		expect([502, 503]).toContain(statuses[0]);
		expect(statuses.slice(1)).toEqual([502, 503]);
		expect(sandbox.store.qr.created).toBe(0);

		const ok = await call(sandbox, 'POST', '/api/qr/add', NEW_QR);
		expect(ok.status).toBe(200);
		expect(sandbox.store.qr.created).toBe(1);
		expect(sandbox.stats.faults).toMatchObject({ '5xx': 1, '502': 1, '503': 1 });
	});

	test('drop: the socket is destroyed without an answer and nothing is created', async () => {
		sandbox.setFaults({ script: ['drop'] });
		await expect(call(sandbox, 'POST', '/api/qr/add', NEW_QR)).rejects.toThrow();
		expect(sandbox.store.qr.created).toBe(0);
		expect(sandbox.stats.byStatus.dropped).toBe(1);
		expect((await call(sandbox, 'GET', '/api/account')).status).toBe(200);
	});

	test('slow: the answer waits slowMs (on virtual time), then the request succeeds', async () => {
		jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
		try {
			sandbox.setFaults({ script: ['slow'], slowMs: 300 });
			let answered = false;
			const answer = call(sandbox, 'POST', '/api/qr/add', NEW_QR).finally(() => (answered = true));
			while (sandbox.stats.faults.slow === 0) await new Promise(setImmediate);
			await jest.advanceTimersByTimeAsync(299);
			expect(answered).toBe(false);
			await jest.advanceTimersByTimeAsync(1);
			const res = await answer;
			expect(res.status).toBe(200);
			expect(sandbox.store.qr.created).toBe(1);
			expect(sandbox.stats.faults.slow).toBe(1);
		} finally {
			jest.useRealTimers();
		}
	});

	test('429: answered although budget remains, with headers, and no budget used', async () => {
		sandbox.setFaults({ script: ['429'] });
		const limited = await call(sandbox, 'POST', '/api/qr/add', NEW_QR);
		expect(limited.status).toBe(429);
		expect(limited.body.message).toMatch(/^Rate limit exceeded\. Try again after/);
		expect(rateHeaders(limited)).toMatchObject({ limit: '10', remaining: '0' });
		expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
		expect(sandbox.store.qr.created).toBe(0);
		expect(sandbox.stats.rateLimited).toBe(1);

		const next = await call(sandbox, 'GET', '/api/account');
		expect(rateHeaders(next).remaining).toBe('9');
	});

	test('a decider function picks faults per request', async () => {
		sandbox.setFaults({ decide: (req) => (req.method === 'POST' ? '503' : null) });
		expect((await call(sandbox, 'GET', '/api/account')).status).toBe(200);
		expect(
			(
				await call(sandbox, 'POST', '/api/pixel/add', {
					body: { type: 'forum', name: 'n', tag: 't' },
				})
			).status,
		).toBe(503);
		expect(sandbox.store.pixels.created).toBe(0);
	});
});

describe('applyThenFault: the server applies the request, then the answer is lost', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await start({ rateLimit: 0 });
	});
	beforeEach(() => sandbox.reset());

	test.each<[FaultKind, number | 'dropped']>([
		['drop', 'dropped'],
		['502', 502],
		['429', 429],
	])('%s after the mutation: the record exists once', async (kind, expected) => {
		sandbox.setFaults({ script: [kind], applyThenFault: true });
		const attempt = call(sandbox, 'POST', '/api/qr/add', NEW_QR);
		if (expected === 'dropped') await expect(attempt).rejects.toThrow();
		else expect((await attempt).status).toBe(expected);
		expect(sandbox.store.qr.created).toBe(1);
		expect(sandbox.stats.log[0]).toMatchObject({
			status: expected,
			fault: kind,
			route: 'POST /api/qr/add',
		});
	});

	test('slow after the mutation still answers', async () => {
		sandbox.setFaults({ script: ['slow'], slowMs: 50, applyThenFault: true });
		const res = await call(sandbox, 'POST', '/api/qr/add', NEW_QR);
		expect(res.body).toMatchObject({ error: 0, id: expect.any(Number) });
		expect(sandbox.store.qr.created).toBe(1);
	});
});

describe('random faults are repeatable with a seed', () => {
	async function faultSequence(randomSeed: number): Promise<Array<FaultKind | null>> {
		const sandbox = await start({
			rateLimit: 0,
			randomSeed,
			faults: { rate5xx: 0.3, rate429: 0.2 },
		});
		for (let i = 0; i < 30; i++) await call(sandbox, 'GET', '/api/account');
		const faults = sandbox.stats.log.map((entry) => entry.fault);
		await sandbox.stop();
		return faults;
	}

	test('same seed, same faults; another seed, other faults', async () => {
		const first = await faultSequence(42);
		expect(await faultSequence(42)).toEqual(first);
		expect(await faultSequence(7)).not.toEqual(first);
		const count = (kind: FaultKind): number => first.filter((f) => f === kind).length;
		expect(count('5xx')).toBeGreaterThan(0);
		expect(count('429')).toBeGreaterThan(0);
		expect(count('5xx') + count('429')).toBeLessThan(30);
	});
});

describe('errorStatus 200', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await start({ errorStatus: 200, rateLimit: 2, rateWindowMs: 60_000 });
	});

	test('error answers keep their body but use HTTP 200; injected 5xx stay 5xx', async () => {
		const missing = await call(sandbox, 'GET', '/api/campaigns', { key: null });
		expect(missing.status).toBe(200);
		expect(missing.body).toEqual({ error: 1, message: expect.stringMatching(/API key/) });

		const notFound = await call(sandbox, 'GET', '/api/qr/404');
		expect(notFound.status).toBe(200);
		expect(notFound.body).toEqual({ error: 1, message: 'QR code 404 does not exist.' });

		const invalid = await call(sandbox, 'POST', '/api/pixel/add', { body: {} });
		expect(invalid).toMatchObject({ status: 200, body: { error: 1 } });

		const limited = await call(sandbox, 'GET', '/api/account');
		expect(limited.status).toBe(200);
		expect(limited.body.message).toMatch(/^Rate limit exceeded/);
		expect(limited.headers.get('retry-after')).toEqual(expect.any(String));
		expect(sandbox.stats.rateLimited).toBe(1);

		sandbox.setFaults({ script: ['503'] });
		expect((await call(sandbox, 'GET', '/api/account')).status).toBe(503);
	});
});
