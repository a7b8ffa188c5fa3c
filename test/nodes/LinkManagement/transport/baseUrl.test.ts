/**
 * The credential's Base URL: with or without a trailing slash or /api, possibly in a
 * sub-folder; anything that is not an http(s) address is refused before any request.
 */
import {
	createForumPixel,
	expectNoRequestSent,
	expectRefused,
	mockEndpoint,
	runNode,
	TEST_API_KEY,
} from '../../../helpers';
import {
	accountRecord,
	campaignRecords,
	listAnswer,
	REFUSED_BASE_URLS,
} from '../../../helpers/fixtures';

const credentials = (baseUrl: string) => ({ baseUrl, apiKey: TEST_API_KEY });
const getAccount = { resource: 'account', operation: 'get' };

describe('accepted Base URL forms', () => {
	/** Where account get goes for each Base URL. */
	const ACCOUNT_URL_FOR = {
		'https://h.test': 'https://h.test/api/account',
		'https://h.test/': 'https://h.test/api/account',
		'https://h.test/api': 'https://h.test/api/account',
		'https://h.test/api/': 'https://h.test/api/account',
		'https://h.test/short': 'https://h.test/short/api/account',
		'https://h.test/short/': 'https://h.test/short/api/account',
		'https://h.test/short/api/': 'https://h.test/short/api/account',
		'http://h.test:8080/links/api': 'http://h.test:8080/links/api/account',
	};

	test.each(Object.entries(ACCOUNT_URL_FOR))('Base URL %s → %s', async (baseUrl, url) => {
		const { origin, pathname: path } = new URL(url);
		const answer = { error: 0, data: accountRecord };
		const endpoint = mockEndpoint('GET', path, answer, { baseUrl: origin });

		const result = await runNode({ parameters: getAccount, credentials: credentials(baseUrl) });

		expect(result.error).toBeUndefined();
		expect(endpoint.requests).toEqual([{ method: 'GET', path, query: {}, body: undefined }]);
		expect(result.items).toEqual([{ json: accountRecord, pairedItem: { item: 0 } }]);
	});

	test('a sub-folder is kept for every request, such as a list read page by page', async () => {
		const endpoint = mockEndpoint(
			'GET',
			'/short/api/campaigns',
			listAnswer('campaigns', campaignRecords),
			{
				baseUrl: 'https://h.test',
			},
		);

		const result = await runNode({
			parameters: { resource: 'campaign', operation: 'getAll' },
			credentials: credentials('https://h.test/short/'),
		});

		expect(result.error).toBeUndefined();
		expect(endpoint.requests.map((request) => request.path)).toEqual(['/short/api/campaigns']);
	});
});

describe('refused Base URLs', () => {
	test.each([...REFUSED_BASE_URLS, 'not a url'])(
		'refuses %j before any request: the Base URL must be http(s)',
		async (baseUrl) => {
			const refused = { parameters: getAccount, credentials: credentials(baseUrl) };
			await expectRefused(refused, 'Base URL', /http\(s\)/);
		},
	);

	test.each([
		'https://admin:s3cret-pass@links.example.com',
		' https://admin:s3cret-pass@links.example.com/api/ ',
		'https://admin:s3cret-pass/x@links.example.com',
		'https://admin:s3cret%2Dpass@links.example.com',
	])('refuses %j without showing its password', async (baseUrl) => {
		const result = await runNode({
			parameters: getAccount,
			credentials: credentials(baseUrl),
			continueOnFail: true,
		});

		const shown = JSON.stringify([result.error, result.items]);
		expect(result.items[0].json.error).toMatch(
			/^The credential's 'Base URL' must be an http\(s\) address .* \[item 0\]$/,
		);
		expect(result.items[0].error?.description).toMatch(/without a user name or password/);
		expect(shown).toContain('https://***@links.example.com');
		expect(shown).not.toMatch(/s3cret|admin/);
		expectNoRequestSent();
	});

	test('a refused Base URL is reported for a write operation too, before any request', async () => {
		const refused = { parameters: createForumPixel, credentials: credentials('ftp://h.test') };
		await expectRefused(refused, 'Base URL');
	});
});
