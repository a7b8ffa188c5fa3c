/**
 * The connection Options a self-hosted n8n may need (they replace the Request Options n8n gives
 * declarative nodes): Proxy sends every request through an HTTP proxy (each request carries it:
 * transport/timeout.test.ts; the requests reaching a real proxy: the e2e suite), Ignore SSL
 * Issues accepts an installation's self-signed certificate. Neither lets a password show.
 */
import https from 'node:https';

import nock from 'nock';
import type { INodeParameters } from 'n8n-workflow';

import { jsonOf, runNode, select, TEST_API_KEY } from '../../../helpers';
import { selfSignedCertificate } from '../../../helpers/certificate';
import { accountRecord } from '../../../helpers/fixtures';

const getAccount = (options: INodeParameters) => select('account', 'get', { options });

describe('Proxy', () => {
	test.each(['myproxy:3128', 'ftp://proxy.example:21', 'http://user:hidden-pw@'])(
		'"%s" is refused by name before anything is sent, a password in it masked',
		async (address) => {
			const result = await runNode({ parameters: getAccount({ proxy: address }) });

			expect(result.error?.message).toMatch(
				/^'Proxy' must be an address such as http:\/\/myproxy:3128, but got "/,
			);
			expect(result.error?.message).not.toContain('hidden-pw');
		},
	);
});

describe('Ignore SSL Issues (Insecure)', () => {
	let service: https.Server;
	let url: string;
	beforeAll(async () => {
		// An installation with a self-signed certificate.
		service = https.createServer(selfSignedCertificate(), (_request, response) => {
			response.writeHead(200, { 'Content-Type': 'application/json' });
			response.end(JSON.stringify({ error: 0, data: accountRecord }));
		});
		await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
		url = `https://127.0.0.1:${(service.address() as { port: number }).port}`;
	});
	afterAll(async () => {
		service.closeAllConnections();
		await new Promise((resolve) => service.close(resolve));
	});
	const run = async (options: INodeParameters) =>
		await runNode({
			credentials: { baseUrl: url, apiKey: TEST_API_KEY },
			parameters: getAccount(options),
		});

	test('off (the default): a self-signed certificate fails the item', async () => {
		const result = await run({});

		expect(result.error?.message).toBe(
			'Could not reach the Link Management service: its SSL certificate could not be verified [item 0]',
		);
		expect(result.error?.description).toMatch(
			/turn on 'Ignore SSL Issues \(Insecure\)' in the node's Options/,
		);
	});

	test('on: the service with a self-signed certificate answers', async () => {
		const result = await run({ allowUnauthorizedCerts: true });

		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([accountRecord]);
	});

	test('on, yet refused (n8n 1.x drops it on a tunnel through a proxy): says so, and what helps', async () => {
		// n8n 1.x's refusal as it reaches the node; the option asked for is not applied.
		nock('https://links.example.test')
			.get('/api/account')
			.replyWithError(
				Object.assign(new Error('self-signed certificate'), {
					code: 'DEPTH_ZERO_SELF_SIGNED_CERT',
				}),
			);

		const result = await runNode({ parameters: getAccount({ allowUnauthorizedCerts: true }) });

		expect(result.error?.message).toBe(
			'Could not reach the Link Management service: its SSL certificate could not be verified [item 0]',
		);
		expect(result.error?.description).toMatch(
			/'Ignore SSL Issues \(Insecure\)' is on, but this n8n did not apply it .*n8n 1\.x does not apply it through a proxy.*NODE_EXTRA_CA_CERTS/,
		);
		expect(result.error?.description).not.toMatch(/turn on/);
	});
});
