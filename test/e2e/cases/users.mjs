// Users and plans: the e2e workflow of their seven operations (test/e2e/workflows/users-and-plans.json:
// a customer's account created, subscribed and signed in through its login link); the two
// templates that use them are in cases/templates.mjs. Users' own API keys come out only where the option asks for them.
import assert from 'node:assert/strict';

import { bodyOf, listed, noErrors, query, requests } from './sandbox-state.mjs';

/** A user's one-time login link, visited twice as the customer would: signed in, then refused. */
export async function checkSignsIn(ctx, url, username) {
	assert.match(url, /\/user\/login\/sso\/[0-9a-f]+$/);
	assert.ok(url.startsWith(`${ctx.sandbox.url}/`), `${url} is on the service's site`);
	const first = await fetch(url);
	const page = await first.text();
	assert.equal(first.status, 200);
	assert.ok(page.includes(`Signed in as <b>${username}</b>`), `${url} signs ${username} in`);
	assert.match(first.headers.get('set-cookie') ?? '', /^session=/);
	const again = await fetch(url);
	await again.arrayBuffer();
	assert.equal(again.status, 403, 'a login link signs in once');
	const signedIn = ctx.sandbox.store.installation.signIns.map((entry) => entry.username);
	assert.deepEqual(signedIn, [username]);
}

/** No node's output but `except` holds the own API key of a user the sandbox has. */
function checkNoApiKeys(ctx, nodes, except = []) {
	const keys = ctx.sandbox.store.installation.users.list().map((user) => user.apikey);
	for (const node of nodes.filter((name) => !except.includes(name))) {
		const shown = JSON.stringify(ctx.out(node));
		for (const key of keys) assert.ok(!shown.includes(key), `${node} outputs a user's own API key`);
		for (const item of ctx.out(node)) assert.equal(item.apikey, undefined, `${node}: apikey`);
	}
}

const WORKFLOW_NODES = [
	'Create customer',
	'Subscribe customer',
	'Find customer',
	'Get customer',
	'Login link',
	'Plans',
	'Free customers',
	'Delete Bob',
];

export const USER_CASES = [
	{
		name: "users and plans: a customer's account created, subscribed, signed in through its login link",
		file: 'test/e2e/workflows/users-and-plans.json',
		profile: 'family',
		async check(ctx) {
			for (const node of WORKFLOW_NODES) noErrors(ctx.out(node), node);
			const { users } = ctx.sandbox.store.installation;

			const [created] = ctx.out('Create customer');
			assert.deepEqual(created, { id: 4, message: 'User has been successfully created.' });
			assert.deepEqual(bodyOf(requests(ctx, 'POST /api/user/add')[0]), {
				username: 'e2e_customer',
				email: 'e2e.customer@example.com',
				password: 'first-pass-1',
				planid: 2,
				expiration: '2031-01-31 00:00:00',
			});

			assert.deepEqual(ctx.out('Subscribe customer'), [
				{ success: true, message: 'User has been successfully subscribed.', planId: 3, userId: 4 },
			]);
			assert.deepEqual(bodyOf(requests(ctx, 'PUT /api/plan/:id/user/:userid')[0]), {
				type: 'yearly',
			});
			const customer = users.get(4);
			assert.equal(customer.status, 'pro');
			assert.equal(customer.planid, 3, 'subscribed to the plan it was moved to');

			const [found] = ctx.out('Find customer');
			assert.equal(found.id, 4);
			assert.equal(query(requests(ctx, 'GET /api/users')[0]).get('email'), customer.email);
			const [got] = ctx.out('Get customer');
			assert.equal(got.apikey, customer.apikey, 'Include API Keys outputs the key');

			const [link] = ctx.out('Login link');
			assert.deepEqual(Object.keys(link), ['userId', 'url']);
			assert.equal(link.userId, 4);
			await checkSignsIn(ctx, link.url, 'e2e_customer');

			const plans = ctx.out('Plans');
			assert.deepEqual(
				plans.map(({ id, name }) => [id, name]),
				listed(ctx, [
					['1', 'Free'],
					['2', 'Starter'],
					['3', 'Business'],
				]),
				'every plan, in the order the sandbox lists them',
			);
			assert.deepEqual(
				requests(ctx, 'GET /api/plans').map((entry) => entry.url),
				['/api/plans'],
				'one request, no pages',
			);
			assert.deepEqual(
				ctx.out('Free customers').map((user) => user.username),
				['customer_bob'],
			);
			assert.deepEqual(ctx.out('Delete Bob'), [{ deleted: true, userId: 3 }]);
			assert.equal(users.get(3), undefined);
			checkNoApiKeys(ctx, WORKFLOW_NODES, ['Get customer']);
		},
	},
];
