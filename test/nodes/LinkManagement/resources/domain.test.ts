import { itBehavesLike, operation, parametersOf, rl } from '../../../helpers';
import { domainRecords, messageAnswer } from '../../../helpers/fixtures';

// One describe per operation of resources/domain/ in the node.

const domain = parametersOf('domain');
const UPDATED = 'Domain has been updated successfully.';
const NOT_HTTP_URLS = [
	'go.example.com',
	'ftp://go.example.com',
	'www.example.com/path',
	'https://',
	'mailto:owner@example.com',
];
const HTTP_EXPECTED = /http:\/\/ or https:\/\//;

describe('domain: getAll', () => {
	const getAll = operation('GET /api/domains', domain('getAll'));
	itBehavesLike.aListOperation(getAll, { domains: domainRecords });
});

describe('domain: create', () => {
	const parameters = domain('create', { domain: 'https://go.example.com' });
	const create = operation('POST /api/domain/add', parameters, { error: 0, id: 83 });

	test('sends POST /api/domain/add with domain and redirects; outputs the answer', async () => {
		const redirects = {
			redirectroot: 'https://example.com',
			redirect404: 'http://example.com/not-found',
		};

		const { body, output } = await create.send({ additionalFields: redirects });

		expect(body).toEqual({ domain: 'https://go.example.com', ...redirects });
		expect(output).toEqual([{ id: 83 }]);
	});

	test('sends only the domain when the redirects are empty', async () => {
		const { body } = await create.send({
			domain: 'http://l.example.org',
			additionalFields: { redirectroot: '', redirect404: '' },
		});

		expect(body).toEqual({ domain: 'http://l.example.org' });
	});

	test.each(['', ...NOT_HTTP_URLS])(
		'refuses the domain %j before sending a request',
		async (domain) => {
			const expected = domain === '' ? /required|must not be empty/ : HTTP_EXPECTED;
			await create.expectRefused({ domain }, /Domain/, expected);
		},
	);

	test.each(NOT_HTTP_URLS)('refuses %j as Redirect Root and as Redirect 404', async (url) => {
		await create.expectRefused(
			{ additionalFields: { redirectroot: url } },
			'Redirect Root',
			HTTP_EXPECTED,
		);
		await create.expectRefused(
			{ additionalFields: { redirect404: url } },
			'Redirect 404',
			HTTP_EXPECTED,
		);
	});
});

describe('domain: update', () => {
	const redirectRoot = { redirectroot: 'https://example.com' };
	const parameters = domain('update', { domainId: rl('81'), updateFields: redirectRoot });
	const update = operation('PUT /api/domain/:domainId/update', parameters, messageAnswer(UPDATED));

	test('sends PUT /api/domain/:domainId/update with the redirects; outputs success', async () => {
		const redirects = {
			redirectroot: 'https://example.com/home',
			redirect404: 'https://example.com/missing',
		};

		const { body, output } = await update.send({ updateFields: redirects });

		expect(body).toEqual(redirects);
		expect(output).toEqual([{ success: true, message: UPDATED, domainId: 81 }]);
	});

	test('leaves out an empty redirect', async () => {
		const { body, output } = await update.send({
			domainId: rl('82', 'list'),
			updateFields: { redirectroot: '', redirect404: 'https://example.org/404' },
		});

		expect(body).toEqual({ redirect404: 'https://example.org/404' });
		expect(output).toEqual([{ success: true, message: UPDATED, domainId: 82 }]);
	});

	test.each(NOT_HTTP_URLS)('refuses %j as Redirect 404 before sending a request', async (url) => {
		await update.expectRefused(
			{ updateFields: { redirect404: url } },
			'Redirect 404',
			HTTP_EXPECTED,
		);
	});

	itBehavesLike.anOperationOnOneRecord(update, { label: 'Domain ID' });
});

describe('domain: delete', () => {
	itBehavesLike.aDeleteOperation('domain', 'DELETE /api/domain/:domainId/delete', 'Domain ID');
});
