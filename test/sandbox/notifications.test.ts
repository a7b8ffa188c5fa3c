// The notification URLs: what the sandbox POSTs when a link is created through the API and when a
// short URL is visited, as the service does (both payloads, both date forms, the visit's country,
// city, referrer, OS and browser), what it does not notify (bots, repeat visits within 15 minutes,
// visits that count no click), that the API's answer and the redirect wait for the notification's
// answer, and how the addresses are set (options, the CLI, the control route).
import type { IncomingMessage } from 'node:http';

import { localServer, LocalServer } from '../helpers/localServer';
import { call, Json, sandboxStarter, visit } from './helpers';
import { parseSandboxArgs, Sandbox, SEEDED_LINK_PASSWORD } from './server';

const start = sandboxStarter();
const receivers: LocalServer[] = [];
afterEach(async () => {
	await Promise.all(receivers.splice(0).map(async (server) => await server.close()));
});

interface Received {
	body: Json;
	contentType?: string;
}

/** A notification URL: records what is posted to it; answers at once unless held. */
async function receiver() {
	const received: Received[] = [];
	let hold: Promise<void> | undefined;
	const read = async (request: IncomingMessage) => {
		let text = '';
		for await (const chunk of request) text += String(chunk);
		return text;
	};
	const server: LocalServer = await localServer((request, response) => {
		void (async () => {
			received.push({
				body: JSON.parse(await read(request)) as Json,
				contentType: request.headers['content-type'],
			});
			await hold;
			response.writeHead(200, { 'Content-Type': 'application/json' });
			response.end('{"message":"Received"}');
		})();
	});
	receivers.push(server);
	return {
		url: server.url,
		received,
		/** Holds the answers until the returned function is called. */
		holdAnswers(): () => void {
			let release = () => {};
			hold = new Promise((resolve) => (release = resolve));
			return () => {
				hold = undefined;
				release();
			};
		},
	};
}

const until = async (check: () => boolean) => {
	for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
	expect(check()).toBe(true);
};

const WINDOWS_CHROME =
	'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

describe('a link created through the API', () => {
	test('posts {type: url, longurl, shorturl, date} with the date day first, as JSON', async () => {
		const hook = await receiver();
		const sandbox = await start({ notificationUrls: { created: hook.url } });

		const { body } = await call(sandbox, 'POST', '/api/url/add', {
			body: { url: 'https://example.com/spring', custom: 'spring' },
		});

		const link = sandbox.store.links.get(body.id as number);
		const [date, time] = link!.date.split(' ');
		const [year, month, day] = date.split('-');
		expect(hook.received).toEqual([
			{
				contentType: 'application/json',
				body: {
					type: 'url',
					longurl: 'https://example.com/spring',
					shorturl: `${sandbox.url}/spring`,
					date: `${day}-${month}-${year} ${time}`,
				},
			},
		]);
		expect(sandbox.notifications.deliveries).toEqual([
			expect.objectContaining({ type: 'url', url: hook.url, status: 200 }),
		]);
	});

	test('the API answers once the notification is answered', async () => {
		const hook = await receiver();
		const sandbox = await start({ notificationUrls: { created: hook.url } });
		const release = hook.holdAnswers();

		let answered = false;
		const creating = call(sandbox, 'POST', '/api/url/add', {
			body: { url: 'https://example.com/held' },
		}).then((response) => ((answered = true), response));
		await until(() => hook.received.length === 1);
		await new Promise((r) => setTimeout(r, 100));
		expect(answered).toBe(false);
		release();

		expect((await creating).body.error).toBe(0);
	});

	test('a refused link is not notified', async () => {
		const hook = await receiver();
		const sandbox = await start({ notificationUrls: { created: hook.url } });

		await call(sandbox, 'POST', '/api/url/add', { body: { url: 'not an address' } });

		expect(hook.received).toEqual([]);
	});
});

describe('a visit of a short URL', () => {
	test('posts {type: view, shorturl, country, city, referer, os, browser, date} from the visit', async () => {
		const hook = await receiver();
		const sandbox = await start({ notificationUrls: { clicked: hook.url } });
		const link = sandbox.store.links.get(5)!;

		const response = await visit(link.shorturl, {
			headers: {
				'User-Agent': WINDOWS_CHROME,
				'X-Country': 'Canada',
				'X-City': 'Toronto',
				Referer: 'https://news.example/item?id=1',
			},
		});

		expect(response.status).toBe(302);
		expect(hook.received).toEqual([
			{
				contentType: 'application/json',
				body: {
					type: 'view',
					shorturl: link.shorturl,
					country: 'Canada',
					city: 'Toronto',
					referer: 'https://news.example/item?id=1',
					os: 'Windows',
					browser: 'Chrome',
					date: expect.stringMatching(TIMESTAMP),
				},
			},
		]);
	});

	test('a visit that tells nothing: referer "direct", country and city empty', async () => {
		const hook = await receiver();
		const sandbox = await start({ notificationUrls: { clicked: hook.url } });

		await visit(sandbox.store.links.get(1)!.shorturl, { headers: { 'User-Agent': 'curl/8' } });

		expect(hook.received[0].body).toMatchObject({
			referer: 'direct',
			country: '',
			city: '',
			os: 'Other',
			browser: 'Other',
		});
	});

	test('the redirect waits for the notification to be answered', async () => {
		const hook = await receiver();
		const sandbox = await start({ notificationUrls: { clicked: hook.url } });
		const release = hook.holdAnswers();

		let redirected = false;
		const visiting = visit(sandbox.store.links.get(1)!.shorturl).then(
			(response) => ((redirected = true), response),
		);
		await until(() => hook.received.length === 1);
		await new Promise((r) => setTimeout(r, 100));
		expect(redirected).toBe(false);
		release();

		expect((await visiting).status).toBe(302);
	});

	test('a notification URL that does not answer: the visitor is redirected all the same', async () => {
		const sandbox = await start({ notificationUrls: { clicked: 'http://127.0.0.1:9/closed' } });

		const response = await visit(sandbox.store.links.get(1)!.shorturl);

		expect(response.status).toBe(302);
		const [delivery] = sandbox.notifications.deliveries;
		expect(delivery.status).toBeUndefined();
		expect(delivery.error).toMatch(/^TypeError: fetch failed/);
	});
});

describe('visits the service does not notify', () => {
	let clock = Date.UTC(2026, 10, 26, 14, 0, 0);
	const now = () => clock;

	test('a repeat visit by the same visitor within 15 minutes; another visitor is notified', async () => {
		const hook = await receiver();
		const sandbox = await start({ now, notificationUrls: { clicked: hook.url } });
		const { shorturl } = sandbox.store.links.get(5)!;
		const from = (address: string) => ({ headers: { 'X-Forwarded-For': address } });

		await visit(shorturl, from('203.0.113.1'));
		clock += 14 * 60_000;
		await visit(shorturl, from('203.0.113.1'));
		await visit(shorturl, from('203.0.113.2'));
		clock += 60_000;
		await visit(shorturl, from('203.0.113.1'));

		expect(hook.received).toHaveLength(3);
		expect(sandbox.store.clicksOf(5)).toBe(4);
	});

	test('a bot (its User-Agent says so); the click still counts', async () => {
		const hook = await receiver();
		const sandbox = await start({ notificationUrls: { clicked: hook.url } });

		await visit(sandbox.store.links.get(5)!.shorturl, {
			headers: { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' },
		});

		expect(hook.received).toEqual([]);
		expect(sandbox.store.clicksOf(5)).toBe(1);
	});

	test.each([
		['HEAD (no click)', 1, { method: 'HEAD' }],
		['an expired link', 3, {}],
		['a password-protected link without the password', 2, {}],
	])('%s', async (_what, id, init) => {
		const hook = await receiver();
		const sandbox = await start({ notificationUrls: { clicked: hook.url } });

		await visit(sandbox.store.links.get(id)!.shorturl, init);

		expect(hook.received).toEqual([]);
	});

	test('a password-protected link with its password is notified', async () => {
		const hook = await receiver();
		const sandbox = await start({ notificationUrls: { clicked: hook.url } });

		await visit(`${sandbox.store.links.get(2)!.shorturl}?password=${SEEDED_LINK_PASSWORD}`);

		expect(hook.received).toHaveLength(1);
	});
});

describe('setting the notification URLs', () => {
	test('unset (the default): nothing is posted', async () => {
		const sandbox = await start();

		await call(sandbox, 'POST', '/api/url/add', { body: { url: 'https://example.com/x' } });
		await visit(sandbox.store.links.get(1)!.shorturl);

		expect(sandbox.notifications.urls).toEqual({});
		expect(sandbox.notifications.deliveries).toEqual([]);
	});

	test('the control route: PUT sets them (with the key), GET shows them and the deliveries', async () => {
		const hook = await receiver();
		const sandbox = await start();
		const control = (method: string, body?: unknown, key?: string | null) =>
			call(sandbox, method, '/_sandbox/notifications', { body, key });

		const set = await control('PUT', { created: hook.url, clicked: hook.url });
		await visit(sandbox.store.links.get(1)!.shorturl);
		const shown = await control('GET');

		expect(set.body).toEqual({ error: 0, created: hook.url, clicked: hook.url, deliveries: [] });
		expect(shown.body).toMatchObject({
			created: hook.url,
			clicked: hook.url,
			deliveries: [{ type: 'view', url: hook.url, status: 200 }],
		});
		expect((await control('PUT', { clicked: '' })).body).toMatchObject({
			created: hook.url,
			clicked: null,
		});
		expect(await control('PUT', { created: 'ftp://x' })).toMatchObject({ status: 400 });
		expect(await control('PUT', { created: 7 })).toMatchObject({ status: 400 });
		expect(await control('GET', undefined, null)).toMatchObject({ status: 401 });
		expect(sandbox.stats.byPath['PUT /_sandbox/notifications']).toBe(4);
	});

	test('reset forgets the deliveries and keeps the addresses', async () => {
		const hook = await receiver();
		const sandbox: Sandbox = await start({ notificationUrls: { clicked: hook.url } });
		await visit(sandbox.store.links.get(1)!.shorturl);

		sandbox.reset();

		expect(sandbox.notifications.deliveries).toEqual([]);
		expect(sandbox.notifications.urls).toEqual({ clicked: hook.url });
	});

	test('the CLI: --notify-created and --notify-clicked, or their variables', () => {
		expect(
			parseSandboxArgs(['--notify-created', 'http://127.0.0.1:5678/webhook/a/notification'], {
				SANDBOX_NOTIFY_CLICKED: 'https://n8n.example/webhook/b/notification',
			}),
		).toMatchObject({
			notificationUrls: {
				created: 'http://127.0.0.1:5678/webhook/a/notification',
				clicked: 'https://n8n.example/webhook/b/notification',
			},
		});
		expect(() => parseSandboxArgs(['--notify-clicked', 'n8n.example'])).toThrow(
			"--notify-clicked expects an http(s) address, got 'n8n.example'.",
		);
	});
});
