/**
 * A poll that fails (network, 5xx, an error answer, a rate limit beyond the caps) throws a clear
 * error, emits nothing and leaves what the trigger recorded exactly as it was, so that the next
 * poll emits what was added meanwhile, once. The API key never shows in the error.
 */
import { forgetBudgets } from '../../../../nodes/LinkManagement/transport/budget';
import { TEST_API_KEY } from '../../../helpers';
import { range } from '../../../helpers/pages';
import type { Fault } from '../../../helpers/trigger';
import { activeTrigger, fakeService, idsOf, qrCodes } from '../../../helpers/trigger';
import { useVirtualTime } from '../../../helpers/virtualTime';

// The backoff before a retry passes on virtual time.
useVirtualTime();

const FAULTS: Array<[string, Fault, RegExp]> = [
	[
		'HTTP 500 with an HTML page',
		{ status: 500, body: '<html><title>Server Error</title></html>' },
		/HTTP 500/,
	],
	[
		'an error answer (HTTP 200, error 1)',
		{ status: 200, body: { error: 1, message: 'Something is wrong with your account.' } },
		/Something is wrong with your account\./,
	],
	[
		'a refused key (HTTP 403)',
		{
			status: 403,
			body: { error: 1, message: 'A valid API key is required to use this service.' },
		},
		/A valid API key is required/,
	],
	[
		'a rate limit longer than Max Wait per Pause',
		// Shorter than the poll's time (5 minutes, n8n's default scheduler), longer than Max Wait.
		{ status: 200, body: { error: 429, message: 'Too Many API Requests.', 'Retry-After': 200 } },
		/Rate limited by the Link Management service/,
	],
	['a dropped connection (retried until the Timeout, then failed)', 'network', /Could not reach/],
];

describe.each(FAULTS)('a poll that meets %s', (_, fault, message) => {
	test('throws a clear error, records nothing; the next poll emits what came, once', async () => {
		const service = fakeService({ '/api/qr': { records: qrCodes(range(1, 1500)) } });
		// The retries' Timeout runs on virtual time; each answer's own (a socket's) in real time, so
		// it leaves a busy machine room to answer.
		const trigger = activeTrigger({ event: 'qrCodeCreated', options: { timeout: 5 } });
		expect(await trigger.emitted()).toBeNull();
		const recorded = trigger.saved();
		const saves = trigger.saves;

		service.lists['/api/qr'].records.push(...qrCodes([1501, 1502]));
		// page 1 is read, page 2 fails: the poll must not keep what page 1 showed
		service.fault = ({ page }) => (page === 2 ? fault : undefined);
		const { items, error } = await trigger.poll();
		expect(items).toBeNull();
		expect(error?.message).toMatch(message);
		expect(error?.description).toMatch(/Nothing was emitted.*unchanged/);
		expect(trigger.saves).toBe(saves);
		expect(trigger.saved()).toEqual(recorded);

		service.fault = undefined;
		// n8n polls again a minute later or more: the service's window (and its wait) has passed.
		forgetBudgets();
		expect(idsOf(await trigger.emitted())).toEqual([1501, 1502]);
		expect(await trigger.emitted()).toBeNull();
	});
});

test('a first poll that fails records nothing: the next poll is the first poll', async () => {
	const service = fakeService({ '/api/qr': { records: qrCodes(range(1, 3)) } });
	service.fault = () => ({ status: 500, body: 'oops' });
	const trigger = activeTrigger({ event: 'qrCodeCreated' });
	expect((await trigger.poll()).error).toBeDefined();
	expect(trigger.saves).toBe(0);
	service.fault = undefined;
	expect(await trigger.emitted()).toBeNull();
	service.lists['/api/qr'].records.push(...qrCodes([4]));
	expect(idsOf(await trigger.emitted())).toEqual([4]);
});

test('a gateway error once is retried within the poll (GET is safe to repeat)', async () => {
	const service = fakeService({ '/api/qr': { records: qrCodes(range(1, 3)) } });
	const trigger = activeTrigger({ event: 'qrCodeCreated' });
	expect(await trigger.emitted()).toBeNull();
	service.lists['/api/qr'].records.push(...qrCodes([4]));
	let failed = false;
	service.fault = () => {
		if (failed) return undefined;
		failed = true;
		return { status: 503, body: { error: 1, message: 'Busy' } };
	};
	expect(idsOf(await trigger.emitted())).toEqual([4]);
});

test('the API key never shows in the error, even when the service echoes it', async () => {
	const service = fakeService({ '/api/qr': { records: qrCodes([1]) } });
	service.fault = () => ({
		status: 200,
		body: { error: 1, message: `The key ${TEST_API_KEY} is not allowed here.` },
	});
	const { error } = await activeTrigger({ event: 'qrCodeCreated' }).poll();
	expect(error?.message).toBe('The key *** is not allowed here.');
	expect(
		JSON.stringify({ ...error, message: error?.message, description: error?.description }),
	).not.toContain(TEST_API_KEY);
});

test('a list answer without its records fails instead of reading as "no records"', async () => {
	const service = fakeService({ '/api/qr': { records: qrCodes([1]) } });
	const trigger = activeTrigger({ event: 'qrCodeCreated' });
	expect(await trigger.emitted()).toBeNull();
	service.fault = () => ({ status: 200, body: { error: 0, data: { result: 0 } } });
	const { error } = await trigger.poll();
	expect(error?.message).toMatch(/holds no "qrs" list/);
});
