/**
 * What an item costs before its request. n8n evaluates a parameter's expressions every time a
 * node reads it, in n8n 2.x each in an isolated VM (about 0.6 ms), so the number of evaluations is
 * the cost. Counted exactly on n8n's own engine (every call of Expression's
 * resolveSimpleParameterValue with an expression), over 10 items against the sandbox: at most one
 * evaluation for each expression the user wrote, and nothing else, for representative operations
 * of every resource. The credential costs none: its `authenticate` is a function, which n8n calls
 * directly (a generic object's header would be evaluated for every request), and it is read once
 * a run. n8n's declarative engine, which ran the node before, evaluated every definition of a used
 * name twice per item (27 for QR Code › Create with 2 expressions, 66 for Link › Create with 4).
 */
import type { INodeParameters } from 'n8n-workflow';
import { Expression } from 'n8n-workflow';

import { TestCredentialsHelper } from '../../../harness';
import { runNode, select } from '../../../helpers';
import { credentialsOf } from '../../../helpers/sandbox';
import type { Sandbox } from '../../../sandbox/server';
import { startSandbox } from '../../../sandbox/server';

const ITEMS = 10;

let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await startSandbox({ rateLimit: 0, seed: 15 });
});
afterAll(async () => await sandbox.stop());
beforeEach(() => sandbox.reset());

/** The expressions a user wrote in `parameters`: every string starting with `=`, at any depth. */
function expressionsIn(value: unknown): number {
	if (typeof value === 'string') return value.startsWith('=') ? 1 : 0;
	if (typeof value !== 'object' || value === null) return 0;
	return Object.values(value).reduce((sum: number, entry) => sum + expressionsIn(entry), 0);
}

/**
 * Runs the node over ITEMS items (row i holds `n`: i + 1): the evaluations per item, and how
 * often the run read the credential.
 */
async function costOf(
	parameters: INodeParameters,
): Promise<{ perItem: number; credentialReads: number }> {
	const items = Array.from({ length: ITEMS }, (_, i) => ({ json: { n: i + 1 } }));
	const resolve = jest.spyOn(Expression.prototype, 'resolveSimpleParameterValue');
	const read = jest.spyOn(TestCredentialsHelper.prototype, 'getDecrypted');
	try {
		const result = await runNode({ parameters, items, credentials: credentialsOf(sandbox) });
		expect(result.error).toBeUndefined();
		expect(result.items.length).toBeGreaterThanOrEqual(ITEMS);
		const evaluated = resolve.mock.calls.filter(
			([value]) => typeof value === 'string' && value.startsWith('='),
		);
		return { perItem: evaluated.length / ITEMS, credentialReads: read.mock.calls.length };
	} finally {
		resolve.mockRestore();
		read.mockRestore();
	}
}

const id = (value: string) => ({ __rl: true, mode: 'id', value });
const fromRow = (prefix: string) => `={{ "${prefix}-" + $json.n }}`;

/** [resource › operation, parameters]: representative operations of every resource. */
const OPERATIONS: Array<[string, INodeParameters]> = [
	['Account › Get', select('account', 'get')],
	[
		'Account › Update',
		select('account', 'update', { updateFields: { email: '={{ "a" + $json.n + "@x.test" }}' } }),
	],
	[
		'Campaign › Create',
		select('campaign', 'create', { additionalFields: { name: fromRow('Campaign') } }),
	],
	[
		'Campaign › Update',
		select('campaign', 'update', {
			campaignId: id('={{ 1 + $json.n % 3 }}'),
			name: fromRow('Renamed'),
			updateFields: { slug: fromRow('slug') },
		}),
	],
	['Campaign › Create or Update', select('campaign', 'upsert', { name: fromRow('Upserted') })],
	['Campaign › Get Many', select('campaign', 'getAll', { limit: '={{ $json.n }}' })],
	['Splash Page › Get Many', select('splashPage', 'getAll', { returnAll: true })],
	[
		'QR Code › Create',
		select('qrCode', 'create', {
			type: 'link',
			data: '={{ "https://example.com/" + $json.n }}',
			additionalFields: { name: fromRow('QR') },
		}),
	],
	[
		'QR Code › Create (vCard fields)',
		select('qrCode', 'create', { type: 'vcard', vcardFirstName: fromRow('Ada') }),
	],
	[
		'QR Code › Update',
		select('qrCode', 'update', {
			qrCodeId: id('={{ 1 + $json.n % 3 }}'),
			data: '={{ "https://example.com/u/" + $json.n }}',
			updateFields: { foreground: '#000000' },
		}),
	],
	[
		'QR Code › Create or Update',
		select('qrCode', 'upsert', {
			name: fromRow('Table'),
			type: 'text',
			data: fromRow('Menu'),
		}),
	],
	[
		'QR Code › Download QR Image',
		select('qrCode', 'downloadImage', { qrCodeId: id('={{ 1 + $json.n % 3 }}'), size: 200 }),
	],
	['Channel › Create', select('channel', 'create', { name: fromRow('Channel') })],
	['Channel › Get Items', select('channel', 'getItems', { channelId: id('={{ 1 }}') })],
	[
		'Channel › Assign Item',
		select('channel', 'assignItem', {
			channelId: id('2'),
			itemType: 'qr',
			itemId: id('={{ 3 + $json.n }}'),
		}),
	],
	[
		'Pixel › Create',
		select('pixel', 'create', {
			type: 'tagmgrpixel',
			name: fromRow('Pixel'),
			tag: fromRow('GTM'),
		}),
	],
	[
		'Pixel › Create or Update',
		select('pixel', 'upsert', {
			matchOn: 'tag',
			type: 'tagmgrpixel',
			name: 'P',
			tag: fromRow('T'),
		}),
	],
	['CTA Overlay › Get Many', select('overlay', 'getAll')],
	[
		'Branded Domain › Create',
		select('domain', 'create', {
			domain: '={{ "https://go" + $json.n + ".example.com" }}',
			additionalFields: { redirectroot: 'https://example.com' },
		}),
	],
	[
		'Link › Create',
		select('link', 'create', {
			url: '={{ "https://example.com/page/" + $json.n }}',
			additionalFields: {
				custom: fromRow('alias'),
				description: fromRow('Description'),
				metatitle: fromRow('Title'),
			},
		}),
	],
	[
		'Link › Get Many (filters)',
		select('link', 'getAll', { filters: { search: '={{ "link" }}', order: 'clicks' } }),
	],
	[
		'Link › Update',
		select('link', 'update', {
			linkId: id('={{ 1 + $json.n % 3 }}'),
			url: '={{ "https://example.com/new/" + $json.n }}',
		}),
	],
	[
		'Link › Get Statistics',
		select('link', 'getStatistics', {
			linkId: id('={{ 1 + $json.n % 3 }}'),
			dimensions: '={{ ["countries", "os"] }}',
		}),
	],
	[
		'QR Code › Get Statistics',
		select('qrCode', 'getStatistics', { qrCodeId: id('={{ 1 + $json.n % 3 }}') }),
	],
	[
		'Link › Create or Update',
		select('link', 'upsert', {
			custom: fromRow('upserted'),
			url: '={{ "https://example.com/up/" + $json.n }}',
		}),
	],
	[
		'User › Get Many (filters)',
		select('user', 'getAll', { filters: { email: '={{ "ann@example.com" }}' } }),
	],
	['User › Get', select('user', 'get', { userId: id('={{ 1 + $json.n % 3 }}') })],
	[
		'User › Create',
		select('user', 'create', {
			username: '={{ "customer_" + $json.n }}',
			email: '={{ "customer" + $json.n + "@example.com" }}',
			password: 'secret-password',
		}),
	],
	['User › Get Login Link', select('user', 'getLoginLink', { userId: id('={{ 2 }}') })],
	['Plan › Get Many', select('plan', 'getAll', { returnAll: true })],
	[
		'Plan › Subscribe User',
		select('plan', 'subscribeUser', {
			planId: id('={{ 2 }}'),
			userId: id('={{ 1 + $json.n % 3 }}'),
			type: 'monthly',
		}),
	],
];

describe('evaluations per item: at most one per expression written, none for the credential', () => {
	test.each(OPERATIONS)('%s', async (_, parameters) => {
		const written = expressionsIn(parameters);

		const { perItem, credentialReads } = await costOf(parameters);

		expect(perItem).toBeLessThanOrEqual(written);
		expect(credentialReads).toBeLessThanOrEqual(1);
	});

	test('the bounds of the issue: QR Code › Create 2, Link › Create 4, Account › Get 0', async () => {
		const [qr, link, account] = ['QR Code › Create', 'Link › Create', 'Account › Get'].map(
			(name) => OPERATIONS.find(([label]) => label === name)?.[1] as INodeParameters,
		);
		expect([expressionsIn(qr), expressionsIn(link), expressionsIn(account)]).toEqual([2, 4, 0]);

		expect(await costOf(qr)).toEqual({ perItem: 2, credentialReads: 1 });
		expect(await costOf(link)).toEqual({ perItem: 4, credentialReads: 1 });
		expect(await costOf(account)).toEqual({ perItem: 0, credentialReads: 1 });
	});
});
