/**
 * What the webhook trigger answers the service and what it starts the workflow with, for each
 * kind of body: the two notifications (one item each, `event`, the payload's fields, the date
 * in one form), a notification of an event not chosen (answered, nothing started), and bodies
 * that are not notifications (4xx, nothing started). Without Add Link Record nothing is sent to
 * the service and the credential is not even read. The same at both type versions: 1, which
 * workflows saved before 1.1 keep, and 1.1, which the editor adds.
 */
import { expectNoRequestSent, TEST_API_KEY } from '../../../helpers';
import {
	linkClickedNotification as clicked,
	linkClickedItem,
	linkCreatedNotification as created,
	WEBHOOK_TRIGGER_VERSIONS,
	webhookTrigger as triggerOf,
} from '../../../helpers/webhookTrigger';

const RECEIVED = { status: 200, body: { message: 'Received' } };

describe.each(WEBHOOK_TRIGGER_VERSIONS)('at type version %s', (typeVersion) => {
	const webhookTrigger = (...[parameters, credentials]: Parameters<typeof triggerOf>) =>
		triggerOf(parameters, credentials, { typeVersion });

	describe('a notification of a chosen event: answered 200, one item', () => {
		test('link created: event, longurl, shorturl, the day-first date as YYYY-MM-DD HH:MM:SS', async () => {
			const { answer, items, result } = await webhookTrigger().post(created);

			expect(answer).toEqual(RECEIVED);
			expect(items).toEqual([
				{
					event: 'linkCreated',
					longurl: created.longurl,
					shorturl: created.shorturl,
					date: '2026-11-26 14:05:09',
				},
			]);
			// Answered by n8n, as for its own Webhook node (in 2.x once the execution is made), not by
			// the node before n8n has made it.
			expect(result.noWebhookResponse).toBeUndefined();
			expect(result.webhookResponse).toEqual({ message: 'Received' });
			expectNoRequestSent();
		});

		test('link clicked: event, shorturl, country, city, referer, os, browser and the date as sent', async () => {
			const { answer, items } = await webhookTrigger().post(clicked);

			expect(answer).toEqual(RECEIVED);
			expect(items).toEqual([{ ...linkClickedItem }]);
		});

		test('a direct visit from nowhere known: referer "direct", country and city empty, kept as sent', async () => {
			const visit = { ...clicked, referer: 'direct', country: '', city: '' };

			const { items } = await webhookTrigger().post(visit);

			expect(items).toEqual([
				expect.objectContaining({ referer: 'direct', country: '', city: '' }),
			]);
		});

		test("unknown extra keys are kept (the product's sample shows a `title`)", async () => {
			const { items } = await webhookTrigger().post({
				...created,
				title: 'Summer sale',
				extra: { a: 1 },
			});

			expect(items?.[0]).toMatchObject({ title: 'Summer sale', extra: { a: 1 } });
			expect(items?.[0]).not.toHaveProperty('type');
		});

		test("`event` is the notification's, even where the payload has a key of that name", async () => {
			const { items } = await webhookTrigger().post({ ...clicked, event: 'something else' });

			expect(Object.entries(items?.[0] ?? {})[0]).toEqual(['event', 'linkClicked']);
		});

		test.each([
			['26-11-2026 14:05:09', '2026-11-26 14:05:09'],
			['6-1-2027 09:00:00', '2027-01-06 09:00:00'],
			['26-11-2026', '2026-11-26'],
			['2026-11-26 14:05:09', '2026-11-26 14:05:09'],
			['yesterday', 'yesterday'],
		])('the date %j comes out as %j, whichever the event', async (sent, shown) => {
			const trigger = webhookTrigger();

			const [createdItem] = (await trigger.post({ ...created, date: sent })).items ?? [];
			const [clickedItem] = (await trigger.post({ ...clicked, date: sent })).items ?? [];

			expect([createdItem.date, clickedItem.date]).toEqual([shown, shown]);
		});

		test('a notification without a date has none', async () => {
			const { date: _date, ...undated } = clicked;

			const { items } = await webhookTrigger().post(undated);

			expect(items?.[0]).not.toHaveProperty('date');
		});

		test('JSON sent as text/plain is read as JSON', async () => {
			const { answer, items } = await webhookTrigger().post(JSON.stringify(clicked), {
				contentType: 'text/plain',
			});

			expect(answer).toEqual(RECEIVED);
			expect(items?.[0]).toMatchObject({ event: 'linkClicked', city: 'Toronto' });
		});

		test('the Test URL (listening in the editor) answers and emits the same', async () => {
			const { answer, items } = await webhookTrigger().post(created, { mode: 'manual' });

			expect(answer).toEqual(RECEIVED);
			expect(items).toEqual([expect.objectContaining({ event: 'linkCreated' })]);
		});

		test('the credential is not read and nothing is sent to the service', async () => {
			const trigger = webhookTrigger({}, 'unreadable');

			const { items } = await trigger.post(clicked);

			expect(items).toHaveLength(1);
			expectNoRequestSent();
		});
	});

	describe('a notification of an event not chosen: answered 200, nothing started', () => {
		test.each([
			[['linkClicked'], created, 'new links'],
			[['linkCreated'], clicked, 'link clicks'],
		])('Events %j, a notification of %j', async (events, notification, what) => {
			const { answer, items, result } = await webhookTrigger({ events }).post(notification);

			expect(answer).toEqual({
				status: 200,
				body: { message: `Received; this trigger does not start on ${what}` },
			});
			expect(items).toBeNull();
			expect(result).toEqual({ noWebhookResponse: true });
		});

		test('with both chosen (the default), each starts the workflow', async () => {
			const trigger = webhookTrigger();

			expect(trigger.node.parameters.events).toEqual(['linkClicked', 'linkCreated']);
			expect((await trigger.post(created)).items).toHaveLength(1);
			expect((await trigger.post(clicked)).items).toHaveLength(1);
		});
	});

	describe('a body that is not a notification: a 4xx, nothing started', () => {
		const NOT_A_NOTIFICATION = 'Not a notification of the Link-Management Service: ';

		test.each([
			['text that is not JSON', 'hello', 'text/plain', 400, 'the body is not a JSON object'],
			['no body at all', undefined, 'application/json', 400, 'the body is not a JSON object'],
			['a JSON array', [created], 'application/json', 400, 'the body is not a JSON object'],
			['a JSON string', '"url"', 'text/plain', 400, 'the body is not a JSON object'],
			[
				'a form',
				{ type: 'url', shorturl: created.shorturl },
				'application/x-www-form-urlencoded',
				415,
				'the body is application/x-www-form-urlencoded, not JSON',
			],
			[
				'XML',
				{ type: 'url', shorturl: created.shorturl },
				'application/xml; charset=utf-8',
				415,
				'the body is application/xml, not JSON',
			],
			[
				'another type',
				{ ...created, type: 'bio' },
				'application/json',
				400,
				'its "type" is not "view" (Link Clicked) or "url" (Link Created)',
			],
			['no type', { shorturl: created.shorturl }, 'application/json', 400, 'it has no "type"'],
			[
				'no shorturl',
				{ ...clicked, shorturl: undefined },
				'application/json',
				400,
				'it has no "shorturl"',
			],
			[
				'an empty shorturl',
				{ ...created, shorturl: ' ' },
				'application/json',
				400,
				'it has no "shorturl"',
			],
			[
				'a shorturl that is not text',
				{ ...created, shorturl: 7 },
				'application/json',
				400,
				'it has no "shorturl"',
			],
		])('%s', async (_what, body, contentType, status, why) => {
			const { answer, items, result } = await webhookTrigger().post(body, { contentType });

			expect(answer).toEqual({ status, body: { message: `${NOT_A_NOTIFICATION}${why}` } });
			expect(items).toBeNull();
			expect(result).toEqual({ noWebhookResponse: true });
			expectNoRequestSent();
		});

		test('is refused whatever the Events chosen', async () => {
			const { answer } = await webhookTrigger({ events: ['linkCreated'] }).post({ type: 'x' });

			expect(answer?.status).toBe(400);
		});
	});

	test('no answer shows the API key', async () => {
		const trigger = webhookTrigger({ addLinkRecord: false });
		const answers = await Promise.all(
			[created, clicked, { type: TEST_API_KEY }, TEST_API_KEY].map(
				async (body) => (await trigger.post(body)).answer,
			),
		);

		expect(JSON.stringify(answers)).not.toContain(TEST_API_KEY);
	});
});
