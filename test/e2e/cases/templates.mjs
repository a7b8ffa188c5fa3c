// The templates users import (examples/) that chain the node with n8n's nodes for Google Sheets,
// Google Drive, HubSpot, Stripe, Zendesk, Slack and email, each run as lib/template-case.mjs
// says: the sheet templates in cases/sheet-templates.mjs, and here those started by a trigger
// (a click, a CRM contact, a payment, a support ticket). The checks read the Link Management
// nodes' output, the sandbox's state and what each writing node would have written.
import assert from 'node:assert/strict';

import { checkSlackMessages, templateCase } from '../lib/template-case.mjs';
import { SHEET_TEMPLATE_CASES } from './sheet-templates.mjs';
import { checkSignsIn } from './users.mjs';
import { checkCreatedMany, noErrors, query, requests } from './sandbox-state.mjs';

/** A HubSpot contact as HubSpot › Contact › Get gives it (the v1 profile). */
const hubspotContact = (vid, email, firstname) => ({
	vid,
	'canonical-vid': vid,
	properties: { email: { value: email }, firstname: { value: firstname } },
});

/** A Stripe `checkout.session.completed` event as the Stripe Trigger gives it. */
const checkoutCompleted = (session, email, plan) => ({
	id: `evt_${session}`,
	object: 'event',
	type: 'checkout.session.completed',
	data: {
		object: {
			id: `cs_test_${session}`,
			object: 'checkout.session',
			customer_details: { email, name: email.split('@')[0] },
			metadata: { plan },
			payment_status: 'paid',
		},
	},
});

/** A click as the Link Management Webhook Trigger gives it (without *Add Link Record*). */
const click = (alias, city, country) => ({
	event: 'linkClicked',
	shorturl: `https://go.example/${alias}`,
	date: '2026-11-26 14:05:09',
	country,
	city,
	referer: 'https://news.example/item',
	os: 'Windows',
	browser: 'Chrome',
});

export const TEMPLATE_CASES = [
	...SHEET_TEMPLATE_CASES,
	templateCase({
		name: "clicks on one campaign's links → Slack (the alias prefix lets two of three through)",
		file: 'examples/campaign-clicks-to-slack.json',
		trigger: 'Link clicked',
		pinned: {
			'Link clicked': [
				click('spring-poster', 'Toronto', 'Canada'),
				click('autumn-sale', 'Paris', 'France'),
				click('spring-flyer', '', ''),
			],
			'Message the team': [{ ok: true }, { ok: true }],
		},
		check(ctx) {
			assert.deepEqual(
				ctx.out("Campaign's links only").map((item) => item.shorturl),
				['https://go.example/spring-poster', 'https://go.example/spring-flyer'],
			);
			const messages = ctx.writes('Message the team');
			assert.equal(messages.length, 2);
			checkSlackMessages(messages, 'examples/campaign-clicks-to-slack.json "Message the team"');
			assert.deepEqual(
				messages.map((message) => message.text),
				[
					'Spring campaign: a click on https://go.example/spring-poster from Toronto, Canada (Chrome on Windows, referrer https://news.example/item) at 2026-11-26 14:05:09',
					'Spring campaign: a click on https://go.example/spring-flyer from somewhere (Chrome on Windows, referrer https://news.example/item) at 2026-11-26 14:05:09',
				],
			);
			assert.equal(ctx.sandbox.stats.requests, 0, 'no request to the service');
		},
	}),
	templateCase({
		name: 'a new HubSpot contact → a tracked short link and QR code written to the contact',
		file: 'examples/crm-contact-short-link.json',
		trigger: 'New contact',
		pinned: {
			'New contact': [901, 902].map((contactId) => ({
				contactId,
				subscriptionType: 'contact.creation',
				portalId: 62515,
				occurredAt: 1764316800000,
			})),
			'Get contact': [
				hubspotContact(901, 'ada@example.com', 'Ada'),
				hubspotContact(902, 'grace@example.com', 'Grace'),
			],
			'Write to contact': [{ vid: 901 }, { vid: 902 }],
		},
		check(ctx) {
			const links = checkCreatedMany(ctx, 'Tracked link', 'links', 2);
			const qrCodes = checkCreatedMany(ctx, 'QR code', 'qr', 2);
			const writes = ctx.writes('Write to contact');
			for (const [i, [vid, email]] of [
				[901, 'ada@example.com'],
				[902, 'grace@example.com'],
			].entries()) {
				const link = ctx.sandbox.store.links.get(links[i].id);
				assert.equal(
					link.longurl,
					`https://example.com/welcome?utm_source=hubspot&utm_medium=crm&contact=${vid}`,
				);
				const qr = ctx.sandbox.store.qr.get(qrCodes[i].id);
				assert.equal(qr.data, link.shorturl, "a scan is a click on the contact's link");
				assert.equal(writes[i].email, email);
				assert.deepEqual(writes[i].additionalFields.customPropertiesUi.customPropertiesValues, [
					{ property: 'short_url', value: link.shorturl },
					{ property: 'qr_code_url', value: qrCodes[i].link },
				]);
			}
		},
	}),
	templateCase({
		name: 'a Stripe payment → an account on its plan, its login link emailed',
		file: 'examples/new-customers-to-accounts.json',
		profile: 'family',
		trigger: 'Payment received',
		pinned: {
			'Payment received': [
				checkoutCompleted('a1b2c3', 'orders@green-bakery.example', 'Starter'),
				checkoutCompleted('d4e5f6', 'hello@city-cycles.example', 'Business'),
			],
			'Welcome email': [{ accepted: ['sent'] }, { accepted: ['sent'] }],
		},
		async check(ctx) {
			assert.equal(requests(ctx, 'GET /api/plans').length, 1, 'the plans are read once');
			noErrors(ctx.out('Create account'), 'Create account');
			const customers = ctx.out('Customers with their plan');
			const emails = ctx.writes('Welcome email');
			const logins = ctx.out('Login link');
			const expected = [
				['orders@green-bakery.example', 'orders_a1b2c3', 2],
				['hello@city-cycles.example', 'hello_d4e5f6', 3],
			];
			const inAMonth = new Date();
			inAMonth.setMonth(inAMonth.getMonth() + 1);
			for (const [i, [email, username, planId]] of expected.entries()) {
				const user = ctx.sandbox.store.installation.users.get(ctx.out('Create account')[i].id);
				assert.deepEqual(
					{ username: user.username, email: user.email, planid: user.planid },
					{ username, email, planid: planId },
				);
				assert.equal(customers[i].username, username);
				const days = Math.abs(Date.parse(`${user.expires}Z`) - inAMonth.getTime()) / 86_400_000;
				assert.ok(days < 2, `${username}'s plan ends in a month (${user.expires})`);
				assert.equal(emails[i].toEmail, email);
				assert.ok(emails[i].text.includes(logins[i].url), 'the email carries the login link');
				assert.ok(emails[i].text.includes(`Your account ${username} is ready`));
			}
			await checkSignsIn(ctx, logins[0].url, 'orders_a1b2c3');
		},
	}),
	templateCase({
		name: 'a Zendesk ticket → the customer found, a login link in the reply',
		file: 'examples/support-login-link.json',
		trigger: 'New ticket',
		pinned: {
			'New ticket': [
				{
					'ticket.id': '4711',
					'ticket.title': 'I cannot sign in',
					'ticket.requester.email': 'ann@example.com',
					'ticket.requester.first_name': 'Ann',
				},
			],
			'Reply on the ticket': [{ id: 4711 }],
		},
		async check(ctx) {
			const [customer] = ctx.out('Find customer');
			assert.equal(customer.username, 'customer_ann');
			assert.equal(query(requests(ctx, 'GET /api/users')[0]).get('email'), 'ann@example.com');
			const [link] = ctx.out('Login link');
			const [reply] = ctx.writes('Reply on the ticket');
			assert.equal(reply.operation, 'update');
			assert.equal(reply.id, '4711');
			assert.ok(reply.updateFields.publicReply.startsWith('Hello Ann,'));
			assert.ok(reply.updateFields.publicReply.includes(link.url), 'the reply carries the link');
			await checkSignsIn(ctx, link.url, 'customer_ann');
		},
	}),
];
