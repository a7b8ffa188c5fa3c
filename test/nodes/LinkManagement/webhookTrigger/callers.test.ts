/**
 * Options › IP(s) Allowlist on n8n's engine: a caller whose address (as n8n resolved it:
 * `request.ip`) is outside the list is answered 403 and starts nothing, before its body is even
 * read; an empty list lets everyone in; an IPv4 caller that n8n sees as `::ffff:a.b.c.d` matches
 * its IPv4 entry; a list with an entry that is not an address refuses every call and names the
 * entry; nothing of it depends on Add Link Record.
 */
import nock from 'nock';

import { expectNoRequestSent, TEST_BASE_URL } from '../../../helpers';
import { listAnswer, linkRecords } from '../../../helpers/fixtures';
import {
	linkClickedNotification as clicked,
	linkClickedItem,
	webhookTrigger,
} from '../../../helpers/webhookTrigger';

const RECEIVED = { status: 200, body: { message: 'Received' } };
const allowing = (ipAllowlist: string, more = {}) =>
	webhookTrigger({ options: { ipAllowlist }, ...more });

/** `trigger` answers a click from `ip` 200 and starts the workflow with its one item. */
async function expectLetIn(trigger: ReturnType<typeof webhookTrigger>, ip: string) {
	const { answer, items } = await trigger.post(clicked, { ip });

	expect(answer).toEqual(RECEIVED);
	expect(items).toEqual([linkClickedItem]);
}

test('empty (the default): every caller starts the workflow', async () => {
	await expectLetIn(webhookTrigger(), '192.0.2.99');
});

test.each([
	['203.0.113.7', '203.0.113.7'],
	['198.51.100.0/24, 203.0.113.7', '198.51.100.200'],
	['2001:db8::/32', '2001:db8:1::5'],
	['10.0.0.0/8', '::ffff:10.1.2.3'],
	[' 127.0.0.1 , ::1 ', '::1'],
])('%j lets %s in: answered 200, one item', async (list, ip) => {
	await expectLetIn(allowing(list), ip);
});

test.each([
	['203.0.113.7', '203.0.113.8'],
	['198.51.100.0/24', '198.51.101.1'],
	['2001:db8::/32', '2001:db9::1'],
	['10.0.0.0/8', '::ffff:11.1.2.3'],
	['127.0.0.1', '::1'],
])('%j keeps %s out: 403 naming its address, nothing started', async (list, ip) => {
	const { answer, items, result } = await allowing(list).post(clicked, { ip });

	expect(answer).toEqual({
		status: 403,
		body: {
			message: `Refused: the caller's address (${ip}) is not in the trigger's IP(s) Allowlist`,
		},
	});
	expect(items).toBeNull();
	expect(result).toEqual({ noWebhookResponse: true });
});

test('a caller whose address n8n could not tell is refused', async () => {
	const { answer, items } = await allowing('0.0.0.0/0, ::/0').post(clicked, { ip: '' });

	expect(answer?.status).toBe(403);
	expect(items).toBeNull();
});

test('a refused caller is refused before its body is read: even a body that is not a notification gets 403', async () => {
	const { answer } = await allowing('203.0.113.7').post('hello', {
		contentType: 'text/plain',
		ip: '192.0.2.1',
	});

	expect(answer?.status).toBe(403);
});

test('an entry that is not an address or range refuses every call, even from an address the list holds, and is named', async () => {
	const trigger = allowing('203.0.113.7, 10.0.0.300, example.com');

	const { answer, items } = await trigger.post(clicked, { ip: '203.0.113.7' });

	expect(answer).toEqual({
		status: 403,
		body: {
			message:
				'Refused: the trigger\'s IP(s) Allowlist holds entries that are not IP addresses or CIDR ranges ("10.0.0.300", "example.com"), so every call is refused until it is corrected',
		},
	});
	expect(items).toBeNull();
});

test('one wrong entry is named as one', async () => {
	const { answer } = await allowing('10.0.0.0/33').post(clicked, { ip: '10.0.0.1' });

	expect((answer?.body as { message: string }).message).toContain(
		'holds an entry that is not an IP address or CIDR range ("10.0.0.0/33")',
	);
});

test('the allowlist holds without Add Link Record and with it; a refused call looks nothing up', async () => {
	const withLookup = allowing('203.0.113.7', { addLinkRecord: true });

	const refused = await withLookup.post(clicked, { ip: '192.0.2.1' });

	expect(refused.answer?.status).toBe(403);
	expectNoRequestSent();

	nock(TEST_BASE_URL)
		.get('/api/urls')
		.query(true)
		.reply(200, listAnswer('urls', [linkRecords[0]]));
	const allowed = await withLookup.post(clicked, { ip: '203.0.113.7' });

	expect(allowed.answer).toEqual(RECEIVED);
	expect(allowed.items?.[0].link).toMatchObject({ id: linkRecords[0].id });
});
