/**
 * Get Statistics on n8n's engine against the sandbox in both profiles: the reference's
 * statistics (counts as strings) and the family's (a QR code not pointing at a link has empty
 * top lists; one installation answers a link without statistics).
 */
import type { RunOptions } from '../../../helpers';
import { jsonOf, runNode } from '../../../helpers';
import { sandboxStarter } from '../../../sandbox/helpers';
import type { Sandbox } from '../../../sandbox/server';
import { byId, credentialsOf, requestsTo } from './helpers';

const sandboxWith = sandboxStarter();

async function run(sandbox: Sandbox, parameters: RunOptions['parameters']) {
	const result = await runNode({ credentials: credentialsOf(sandbox), parameters });
	expect(result.error).toBeUndefined();
	return jsonOf(result);
}

describe.each(['reference', 'family'] as const)('profile %s', (profile) => {
	test('a link: the clicks the service counted, as rows with counts and shares', async () => {
		const sandbox = await sandboxWith({ profile });
		// Link 2 has no clicks of its own in the seed.
		sandbox.store.addClicks(2, 3, { country: 'Germany', browser: 'Firefox', os: 'Linux' });
		sandbox.store.addClicks(2, 1, { country: 'France', referrer: 'https://news.example.com' });
		const shorturl = `${sandbox.url}/link2`;

		const rows = await run(sandbox, {
			resource: 'link',
			operation: 'getStatistics',
			linkId: byId(2),
			dimensions: ['countries', 'referrers', 'browsers', 'os'],
		});

		const row = (dimension: string, label: string, count: number, share: number) => ({
			linkId: 2,
			shorturl,
			dimension,
			label,
			count,
			share,
		});
		expect(rows).toEqual([
			row('country', 'Germany', 3, 0.75),
			row('country', 'France', 1, 0.25),
			row('referrer', 'Direct', 3, 0.75),
			row('referrer', 'https://news.example.com', 1, 0.25),
			row('browser', 'Firefox', 3, 1),
			row('os', 'Linux', 3, 1),
		]);
		expect(requestsTo(sandbox, 'GET /api/url/:id')).toHaveLength(1);
	});

	test('a QR code pointing at a link: its top countries', async () => {
		const sandbox = await sandboxWith({ profile });
		const link = sandbox.store.qr.get(2)?.link;

		const rows = await run(sandbox, {
			resource: 'qrCode',
			operation: 'getStatistics',
			qrCodeId: byId(2),
			dimensions: ['countries'],
		});

		// The seed gives QR code 2 ten scans from the United States and four from Germany.
		expect(rows).toEqual([
			{
				qrCodeId: 2,
				link,
				dimension: 'country',
				label: 'United States',
				count: 10,
				share: 10 / 14,
			},
			{ qrCodeId: 2, link, dimension: 'country', label: 'Germany', count: 4, share: 4 / 14 },
		]);
	});
});

test('the family: a QR code not pointing at a link has empty top lists and so no such rows', async () => {
	const sandbox = await sandboxWith({ profile: 'family' });
	const [created] = await run(sandbox, {
		resource: 'qrCode',
		operation: 'create',
		type: 'text',
		data: 'Table 4',
	});

	const rows = await run(sandbox, {
		resource: 'qrCode',
		operation: 'getStatistics',
		qrCodeId: byId(created.id),
		dimensions: ['countries', 'referrers', 'browsers', 'os'],
	});

	expect(rows).toEqual([]);
});

test('the installation answering a link without statistics: no items, no failure', async () => {
	const sandbox = await sandboxWith({ profile: 'family', linkDetails: 'id' });
	sandbox.store.addClicks(2, 2, { country: 'Germany' });

	const rows = await run(sandbox, {
		resource: 'link',
		operation: 'getStatistics',
		linkId: byId(2),
	});

	expect(rows).toEqual([]);
	expect(requestsTo(sandbox, 'GET /api/url/:id')).toHaveLength(1);
});
