/**
 * The credential's Base URL: with or without a trailing slash or /api, possibly in a
 * sub-folder; anything that is not an http(s) address is refused before any request.
 */
import { runNode, TEST_API_KEY } from '../../../harness';
import { accountRecord, campaignRecords, listAnswer } from '../../../helpers/fixtures';
import {
	createForumPixel,
	expectNoRequestSent,
	mockEndpoint,
	refusalOf,
} from '../../../helpers/service';

const credentials = (baseUrl: string) => ({ baseUrl, apiKey: TEST_API_KEY });

describe('accepted Base URL forms', () => {
	test.each([
		['https://h.test', 'https://h.test', '/api/account'],
		['https://h.test/', 'https://h.test', '/api/account'],
		['https://h.test/api', 'https://h.test', '/api/account'],
		['https://h.test/api/', 'https://h.test', '/api/account'],
		['https://h.test/short', 'https://h.test', '/short/api/account'],
		['https://h.test/short/', 'https://h.test', '/short/api/account'],
		['https://h.test/short/api/', 'https://h.test', '/short/api/account'],
		['http://h.test:8080/links/api', 'http://h.test:8080', '/links/api/account'],
	])('%s sends account get to %s%s', async (baseUrl, origin, path) => {
		const endpoint = mockEndpoint(
			'GET',
			path,
			{ error: 0, data: accountRecord },
			{ baseUrl: origin },
		);

		const result = await runNode({
			parameters: { resource: 'account', operation: 'get' },
			credentials: credentials(baseUrl),
		});

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
	test.each([
		'ftp://h.test',
		'h.test',
		'',
		'https://h.test?x=1',
		'https://h.test/#top',
		'not a url',
	])('%j is refused before any request, with a message about the Base URL', async (baseUrl) => {
		const { message } = await refusalOf({
			parameters: { resource: 'account', operation: 'get' },
			credentials: credentials(baseUrl),
		});

		expect(message).toContain('Base URL');
		expect(message).toMatch(/http\(s\)/);
		expectNoRequestSent();
	});

	test('a refused Base URL is reported for a write operation too, before any request', async () => {
		const { message } = await refusalOf({
			parameters: createForumPixel,
			credentials: credentials('ftp://h.test'),
		});

		expect(message).toContain('Base URL');
		expectNoRequestSent();
	});
});
