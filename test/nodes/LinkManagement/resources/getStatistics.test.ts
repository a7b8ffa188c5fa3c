import {
	expr,
	itBehavesLike,
	jsonOf,
	mockEndpoint,
	operation,
	pairedOutput,
	parametersOf,
	rl,
	runNode,
	unmatchedRequests,
} from '../../../helpers';
import { emptyQrStatistics } from '../../../sandbox/records';

// Get Statistics of resources/link/ and resources/qrCode/: the statistics of Get as rows, one
// per label of each chosen dimension (shared/statistics.ts builds them for both).

const link = parametersOf('link');
const qrCode = parametersOf('qrCode');
const SHORT_URL = 'https://go.example.com/summer-sale';
const QR_ADDRESS = 'https://links.example.test/qr/a1b2c3';

/** Statistics as the reference sends them: the top lists' counts as strings. */
const REFERENCE_STATISTICS = {
	clicks: 40,
	uniqueClicks: 31,
	topCountries: { 'United States': '30', Germany: '10' },
	topReferrers: { Direct: '3', 'https://mail.example.com': '1', 'https://www.example.org': '2' },
	topBrowsers: { Firefox: '7' },
	topOs: {},
	socialCount: { socialnet_a: 0, socialnet_b: 0, socialnet_c: 0 },
};

const linkAnswer = (id: number, data: unknown = REFERENCE_STATISTICS) => ({
	error: 0,
	details: { id, shorturl: SHORT_URL, longurl: 'https://example.com/shop/summer', expiry: null },
	data,
});

/** A row of link 91's statistics. */
const linkRow = (dimension: string, label: string, count: number, share: number) => ({
	linkId: 91,
	shorturl: SHORT_URL,
	dimension,
	label,
	count,
	share,
});

/** The rows of REFERENCE_STATISTICS for link 91, dimension by dimension. */
const REFERENCE_ROWS = {
	country: [linkRow('country', 'United States', 30, 0.75), linkRow('country', 'Germany', 10, 0.25)],
	referrer: [
		linkRow('referrer', 'Direct', 3, 0.5),
		linkRow('referrer', 'https://mail.example.com', 1, 1 / 6),
		linkRow('referrer', 'https://www.example.org', 2, 2 / 6),
	],
	browser: [linkRow('browser', 'Firefox', 7, 1)],
	social: [
		linkRow('social', 'socialnet_a', 0, 0),
		linkRow('social', 'socialnet_b', 0, 0),
		linkRow('social', 'socialnet_c', 0, 0),
	],
};

describe('link: getStatistics', () => {
	const getStatistics = operation(
		'GET /api/url/:linkId',
		link('getStatistics', { linkId: rl('91') }),
		linkAnswer(91),
	);

	test('sends GET /api/url/:linkId; one row per label of every dimension, in the service order', async () => {
		const { body, output } = await getStatistics.send();

		expect(body).toBeUndefined();
		// An empty top list (topOs) gives no rows; social counts of 0 are rows with share 0.
		expect(output).toEqual([
			...REFERENCE_ROWS.country,
			...REFERENCE_ROWS.referrer,
			...REFERENCE_ROWS.browser,
			...REFERENCE_ROWS.social,
		]);
	});

	test('outputs the chosen dimensions only, countries before social whatever the order chosen', async () => {
		const { output } = await getStatistics.send({ dimensions: ['social', 'countries'] });

		expect(output).toEqual([...REFERENCE_ROWS.country, ...REFERENCE_ROWS.social]);
	});

	test('takes the dimensions from an expression as comma-separated text', async () => {
		const { output } = await getStatistics.send({ dimensions: expr('browsers, referrers') });

		expect(output).toEqual([...REFERENCE_ROWS.referrer, ...REFERENCE_ROWS.browser]);
	});

	test('counts sent as numbers are rows as well', async () => {
		const data = { topOs: { Linux: 9, Windows: 3 }, socialCount: { socialnet_a: 4 } };

		const { output } = await getStatistics.send({}, { answer: linkAnswer(91, data) });

		expect(output).toEqual([
			linkRow('os', 'Linux', 9, 0.75),
			linkRow('os', 'Windows', 3, 0.25),
			linkRow('social', 'socialnet_a', 4, 1),
		]);
	});

	test('a top list whose counts are all 0 has shares of 0', async () => {
		const data = { topCountries: { Canada: '0', France: '0' } };

		const { output } = await getStatistics.send({}, { answer: linkAnswer(91, data) });

		expect(output).toEqual([
			linkRow('country', 'Canada', 0, 0),
			linkRow('country', 'France', 0, 0),
		]);
	});

	test('empty top lists, sent as {} or as [], give no rows', async () => {
		const data = {
			clicks: 0,
			topCountries: [],
			topReferrers: {},
			topBrowsers: [],
			topOs: {},
			socialCount: [],
		};

		const { output } = await getStatistics.send({}, { answer: linkAnswer(91, data) });

		expect(output).toEqual([]);
	});

	test("the installation's answer with a top-level id and no statistics gives no items", async () => {
		const answer = { error: 0, id: 91, details: { shorturl: SHORT_URL } };

		const { output } = await getStatistics.send({}, { answer });

		expect(output).toEqual([]);
	});

	test('fails the item, naming the label, when a count is not a number', async () => {
		const error = await getStatistics.failsOn(linkAnswer(91, { topCountries: { Canada: 'many' } }));

		expect(error?.message).toMatch(/not a number for 'Canada' in topCountries: "many" \[item 0\]$/);
		expect(error?.context?.itemIndex).toBe(0);
	});

	test('refuses a dimension it does not know before sending a request', async () => {
		await getStatistics.expectRefused(
			{ dimensions: expr('countries,cities') },
			"'Dimensions'",
			"'cities'",
		);
	});

	test('one request per input item, each row paired with its item', async () => {
		const first = mockEndpoint('GET', '/api/url/91', linkAnswer(91, { topOs: { Linux: '1' } }));
		const second = mockEndpoint('GET', '/api/url/92', {
			...linkAnswer(92, { topOs: { iOS: '2', Android: '2' } }),
		});

		const result = await runNode({
			parameters: link('getStatistics', { linkId: rl('={{ $json.id }}'), dimensions: ['os'] }),
			items: [{ json: { id: 91 } }, { json: { id: 92 } }],
		});

		expect(result.error).toBeUndefined();
		expect(first.requests).toHaveLength(1);
		expect(second.requests).toHaveLength(1);
		expect(unmatchedRequests()).toEqual([]);
		const row = (linkId: number, label: string, count: number, share: number) => ({
			linkId,
			shorturl: SHORT_URL,
			dimension: 'os',
			label,
			count,
			share,
		});
		expect(pairedOutput(result)).toEqual([
			{ json: row(91, 'Linux', 1, 1), pairedItem: { item: 0 } },
			{ json: row(92, 'iOS', 2, 0.5), pairedItem: { item: 1 } },
			{ json: row(92, 'Android', 2, 0.5), pairedItem: { item: 1 } },
		]);
	});

	test('with Continue On Fail, a record the service does not know becomes an error item', async () => {
		mockEndpoint(
			'GET',
			'/api/url/99',
			{ error: 1, message: 'Link does not exist.' },
			{ status: 404 },
		);

		const result = await runNode({
			parameters: link('getStatistics', { linkId: rl('99') }),
			continueOnFail: true,
		});

		expect(jsonOf(result)).toEqual([{ error: expect.stringMatching(/Link does not exist/) }]);
	});

	itBehavesLike.anOperationOnOneRecord(getStatistics, {
		label: 'Link ID',
		answer: (id) => linkAnswer(id, { topBrowsers: { Chrome: '5' } }),
		output: (id) => [{ ...linkRow('browser', 'Chrome', 5, 1), linkId: id }],
	});
});

describe('qrCode: getStatistics', () => {
	const parameters = qrCode('getStatistics', { qrCodeId: rl('31') });
	/** The reference's answer; the family sends the date under `details.data`. */
	const qrAnswer = (id: number, data: unknown = REFERENCE_STATISTICS) => ({
		error: 0,
		details: { id, link: QR_ADDRESS, scans: 40, name: 'Shop window', date: '2024-02-01 12:00:00' },
		data,
	});
	const getStatistics = operation('GET /api/qr/:qrCodeId', parameters, qrAnswer(31));
	const qrRow = (dimension: string, label: string, count: number, share: number) => ({
		qrCodeId: 31,
		link: QR_ADDRESS,
		dimension,
		label,
		count,
		share,
	});

	test('sends GET /api/qr/:qrCodeId; rows name the QR code by qrCodeId and link', async () => {
		const { body, output } = await getStatistics.send({ dimensions: ['countries', 'browsers'] });

		expect(body).toBeUndefined();
		expect(output).toEqual([
			qrRow('country', 'United States', 30, 0.75),
			qrRow('country', 'Germany', 10, 0.25),
			qrRow('browser', 'Firefox', 7, 1),
		]);
	});

	test("the family's answer: the date under details.data, empty statistics of a QR code not pointing at a link", async () => {
		const answer = {
			error: 0,
			details: { id: 31, link: QR_ADDRESS, scans: 0, name: 'Menu', data: '2024-02-01 12:00:00' },
			data: emptyQrStatistics(),
		};

		const { output } = await getStatistics.send(
			{ dimensions: ['countries', 'social'] },
			{ answer },
		);

		expect(output).toEqual([
			qrRow('social', 'socialnet_a', 0, 0),
			qrRow('social', 'socialnet_b', 0, 0),
			qrRow('social', 'socialnet_c', 0, 0),
		]);
	});

	test('a QR code without statistics gives no items', async () => {
		const answer = { error: 0, details: { id: 31, link: QR_ADDRESS } };

		const { output } = await getStatistics.send({}, { answer });

		expect(output).toEqual([]);
	});

	itBehavesLike.anOperationOnOneRecord(getStatistics, {
		label: 'QR Code ID',
		answer: (id) => ({ ...qrAnswer(id, { topOs: { iOS: '3', Android: '1' } }) }),
		output: (id) => [
			{ ...qrRow('os', 'iOS', 3, 0.75), qrCodeId: id },
			{ ...qrRow('os', 'Android', 1, 0.25), qrCodeId: id },
		],
	});
});
