import type { INodeParameters } from 'n8n-workflow';

import { runNode } from '../../../harness';
import { domainRecords, messageAnswer } from '../../../helpers/fixtures';
import { describeDeleteOperation } from '../../../helpers/deleteOperation';
import { describeListOperation } from '../../../helpers/getMany';
import {
	expectNoRequestSent,
	itRefusesIdsThatAreNotPositiveWholeNumbers,
	mockEndpoint,
	refusalOf,
	rl,
	useServiceMocks,
} from '../../../helpers/service';

// One describe per operation of resources/domain/ in the node.
useServiceMocks();

const NOT_HTTP_URLS = [
	'go.example.com',
	'ftp://go.example.com',
	'www.example.com/path',
	'https://',
	'mailto:owner@example.com',
];

describe('domain: getAll', () => {
	describeListOperation({
		parameters: { resource: 'domain', operation: 'getAll' },
		path: '/api/domains',
		collectionKey: 'domains',
		records: domainRecords,
	});
});

describe('domain: create', () => {
	const create = (parameters: INodeParameters): INodeParameters => ({
		resource: 'domain',
		operation: 'create',
		domain: 'https://go.example.com',
		...parameters,
	});

	test('sends POST /api/domain/add with domain and redirects, and outputs what the service returned without `error`', async () => {
		const endpoint = mockEndpoint('POST', '/api/domain/add', { error: 0, id: 83 });

		const result = await runNode({
			parameters: create({
				additionalFields: {
					redirectroot: 'https://example.com',
					redirect404: 'http://example.com/not-found',
				},
			}),
		});

		expect(result.error).toBeUndefined();
		expect(endpoint.requests).toEqual([
			{
				method: 'POST',
				path: '/api/domain/add',
				query: {},
				body: {
					domain: 'https://go.example.com',
					redirectroot: 'https://example.com',
					redirect404: 'http://example.com/not-found',
				},
			},
		]);
		expect(result.items).toEqual([{ json: { id: 83 }, pairedItem: { item: 0 } }]);
	});

	test('sends only the domain when the redirects are empty', async () => {
		const endpoint = mockEndpoint('POST', '/api/domain/add', { error: 0, id: 84 });

		const result = await runNode({
			parameters: create({
				domain: 'http://l.example.org',
				additionalFields: { redirectroot: '', redirect404: '' },
			}),
		});

		expect(result.error).toBeUndefined();
		expect(endpoint.requests[0].body).toEqual({ domain: 'http://l.example.org' });
	});

	test.each(['', ...NOT_HTTP_URLS])(
		'refuses the domain %j before sending a request',
		async (domain) => {
			const { message } = await refusalOf({ parameters: create({ domain }) });

			expect(message).toMatch(/Domain/);
			expect(message).toMatch(
				domain === '' ? /required|must not be empty/ : /http:\/\/ or https:\/\//,
			);
			expectNoRequestSent();
		},
	);

	test.each(NOT_HTTP_URLS)(
		'refuses %j as Redirect Root and as Redirect 404 before sending a request',
		async (url) => {
			for (const [field, label] of [
				['redirectroot', 'Redirect Root'],
				['redirect404', 'Redirect 404'],
			]) {
				const { message } = await refusalOf({
					parameters: create({ additionalFields: { [field]: url } }),
				});
				expect(message).toContain(label);
				expect(message).toMatch(/http:\/\/ or https:\/\//);
			}
			expectNoRequestSent();
		},
	);
});

describe('domain: update', () => {
	const UPDATED = 'Domain has been updated successfully.';
	const update = (parameters: INodeParameters): INodeParameters => ({
		resource: 'domain',
		operation: 'update',
		domainId: rl('81'),
		...parameters,
	});

	test('sends PUT /api/domain/:id/update with the redirects and outputs success with the domain ID', async () => {
		const endpoint = mockEndpoint('PUT', '/api/domain/81/update', messageAnswer(UPDATED));

		const result = await runNode({
			parameters: update({
				updateFields: {
					redirectroot: 'https://example.com/home',
					redirect404: 'https://example.com/missing',
				},
			}),
		});

		expect(result.error).toBeUndefined();
		expect(endpoint.requests).toEqual([
			{
				method: 'PUT',
				path: '/api/domain/81/update',
				query: {},
				body: {
					redirectroot: 'https://example.com/home',
					redirect404: 'https://example.com/missing',
				},
			},
		]);
		expect(result.items).toEqual([
			{ json: { success: true, message: UPDATED, domainId: 81 }, pairedItem: { item: 0 } },
		]);
	});

	test('leaves out an empty redirect', async () => {
		const endpoint = mockEndpoint('PUT', '/api/domain/82/update', messageAnswer(UPDATED));

		const result = await runNode({
			parameters: update({
				domainId: rl('82', 'list'),
				updateFields: { redirectroot: '', redirect404: 'https://example.org/404' },
			}),
		});

		expect(result.error).toBeUndefined();
		expect(endpoint.requests[0].body).toEqual({ redirect404: 'https://example.org/404' });
		expect(result.items[0].json).toEqual({ success: true, message: UPDATED, domainId: 82 });
	});

	test.each(NOT_HTTP_URLS)(
		'refuses %j as Redirect 404 before sending a request',
		async (redirect404) => {
			const { message } = await refusalOf({
				parameters: update({ updateFields: { redirect404 } }),
			});

			expect(message).toContain('Redirect 404');
			expect(message).toMatch(/http:\/\/ or https:\/\//);
			expectNoRequestSent();
		},
	);

	itRefusesIdsThatAreNotPositiveWholeNumbers('Domain ID', (id) =>
		update({ domainId: rl(id), updateFields: { redirectroot: 'https://example.com' } }),
	);
});

describe('domain: delete', () => {
	describeDeleteOperation({
		resource: 'domain',
		idParameter: 'domainId',
		idLabel: 'Domain ID',
		pathFor: (id) => `/api/domain/${id}/delete`,
		message: 'Domain has been deleted successfully.',
	});
});
