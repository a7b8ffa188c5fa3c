import type { INodeParameters } from 'n8n-workflow';

import { runNode } from '../../../harness';
import { messageAnswer, qrRecords, qrStatistics } from '../../../helpers/fixtures';
import { describeDeleteOperation } from '../../../helpers/deleteOperation';
import { describeListOperation } from '../../../helpers/getMany';
import {
	expectNoRequestSent,
	expr,
	itRefusesIdsThatAreNotPositiveWholeNumbers,
	mockEndpoint,
	refusalOf,
	rl,
	useServiceMocks,
} from '../../../helpers/service';

// One describe per operation of resources/qrCode/ in the node.
useServiceMocks();

describe('qrCode: getAll', () => {
	describeListOperation({
		parameters: { resource: 'qrCode', operation: 'getAll' },
		path: '/api/qr',
		collectionKey: 'qrs',
		records: qrRecords,
	});
});

describe('qrCode: get', () => {
	test('sends GET /api/qr/:id and outputs the details fields with the statistics under `statistics`', async () => {
		const endpoint = mockEndpoint('GET', '/api/qr/31', {
			error: 0,
			details: qrRecords[0],
			data: qrStatistics,
		});

		const result = await runNode({
			parameters: { resource: 'qrCode', operation: 'get', qrCodeId: rl('31') },
		});

		expect(result.error).toBeUndefined();
		expect(endpoint.requests).toEqual([
			{ method: 'GET', path: '/api/qr/31', query: {}, body: undefined },
		]);
		expect(result.items).toEqual([
			{
				json: {
					id: 31,
					link: 'https://links.example.test/qr/a1b2c3',
					scans: 120,
					name: 'Shop window',
					date: '2024-02-01 12:00:00',
					statistics: qrStatistics,
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	test('takes a QR code picked from the list', async () => {
		const endpoint = mockEndpoint('GET', '/api/qr/32', {
			error: 0,
			details: qrRecords[1],
			data: qrStatistics,
		});

		const result = await runNode({
			parameters: { resource: 'qrCode', operation: 'get', qrCodeId: rl('32', 'list') },
		});

		expect(endpoint.requests).toHaveLength(1);
		expect(result.items[0].json).toEqual({ ...qrRecords[1], statistics: qrStatistics });
	});

	itRefusesIdsThatAreNotPositiveWholeNumbers('QR Code ID', (id) => ({
		resource: 'qrCode',
		operation: 'get',
		qrCodeId: rl(id),
	}));
});

describe('qrCode: create', () => {
	const created = { error: 0, id: 33, link: 'https://links.example.test/qr/g7h8i9' };
	const create = (parameters: INodeParameters): INodeParameters => ({
		resource: 'qrCode',
		operation: 'create',
		...parameters,
	});

	test('sends POST /api/qr/add with type, data and the additional fields, and outputs what the service returned without `error`', async () => {
		const endpoint = mockEndpoint('POST', '/api/qr/add', created);

		const result = await runNode({
			parameters: create({
				type: 'link',
				data: 'https://example.com/menu',
				additionalFields: {
					name: 'Menu',
					background: '#FFFFFF',
					foreground: '#000000',
					logo: 'https://example.com/logo.png',
				},
			}),
		});

		expect(result.error).toBeUndefined();
		expect(endpoint.requests).toEqual([
			{
				method: 'POST',
				path: '/api/qr/add',
				query: {},
				body: {
					type: 'link',
					data: 'https://example.com/menu',
					name: 'Menu',
					background: 'rgb(255,255,255)',
					foreground: 'rgb(0,0,0)',
					logo: 'https://example.com/logo.png',
				},
			},
		]);
		expect(result.items).toEqual([
			{ json: { id: 33, link: 'https://links.example.test/qr/g7h8i9' }, pairedItem: { item: 0 } },
		]);
	});

	test.each([
		['text', 'Hello, world! Opening hours 9-17.'],
		['text', '{"looks": "like JSON"}'],
		['link', 'https://example.com/'],
		['phone', '+441234567'],
	])('sends %s data %j as the string given', async (type, data) => {
		const endpoint = mockEndpoint('POST', '/api/qr/add', created);

		const result = await runNode({ parameters: create({ type, data }) });

		expect(result.error).toBeUndefined();
		expect(endpoint.requests[0].body).toEqual({ type, data });
	});

	test.each([
		[
			'vcard',
			'{"fname": "Ada", "lname": "Lovelace", "phone": "+441234567", "email": "ada@example.com"}',
			{ fname: 'Ada', lname: 'Lovelace', phone: '+441234567', email: 'ada@example.com' },
		],
		[
			'email',
			'{"email": "ada@example.com", "subject": "Hello", "body": "Hi"}',
			{ email: 'ada@example.com', subject: 'Hello', body: 'Hi' },
		],
		['sms', '{"phone": "+441234567", "message": "Hi"}', { phone: '+441234567', message: 'Hi' }],
		[
			'wifi',
			'{"ssid": "Cafe", "pass": "espresso", "encryption": "WPA"}',
			{ ssid: 'Cafe', pass: 'espresso', encryption: 'WPA' },
		],
	])('sends %s data %j as the JSON value, not as a string', async (type, data, sent) => {
		const endpoint = mockEndpoint('POST', '/api/qr/add', created);

		const result = await runNode({ parameters: create({ type, data }) });

		expect(result.error).toBeUndefined();
		expect(endpoint.requests[0].body).toEqual({ type, data: sent });
	});

	test('sends structured data that an expression gives as an object as that object', async () => {
		const endpoint = mockEndpoint('POST', '/api/qr/add', created);

		const result = await runNode({
			parameters: create({ type: 'wifi', data: '={{ $json.network }}' }),
			items: [{ json: { network: { ssid: 'Cafe', password: 'espresso' } } }],
		});

		expect(result.error).toBeUndefined();
		// `password` means the service's `pass`, for certain.
		expect(endpoint.requests[0].body).toEqual({
			type: 'wifi',
			data: { ssid: 'Cafe', pass: 'espresso' },
		});
	});

	test.each([
		['#RRGGBB', '#1F6FEB', 'rgb(31,111,235)'],
		['#rrggbb', '#1f6feb', 'rgb(31,111,235)'],
		['#RGB', '#ABC', 'rgb(170,187,204)'],
		['rgb(r,g,b)', 'rgb(12,34,56)', 'rgb(12,34,56)'],
		['rgb(r, g, b) with spaces', 'rgb(0, 128, 255)', 'rgb(0,128,255)'],
		['a CSS color name', 'red', 'rgb(255,0,0)'],
		['a CSS color name in another case, with spaces', ' RebeccaPurple ', 'rgb(102,51,153)'],
	])(
		'sends a color given as %s as rgb(r,g,b) for background and foreground',
		async (_form, color, sent) => {
			const endpoint = mockEndpoint('POST', '/api/qr/add', created);

			const result = await runNode({
				parameters: create({
					type: 'text',
					data: 'Hi',
					additionalFields: { background: color, foreground: color },
				}),
			});

			expect(result.error).toBeUndefined();
			expect(endpoint.requests[0].body).toEqual({
				type: 'text',
				data: 'Hi',
				background: sent,
				foreground: sent,
			});
		},
	);

	test('leaves out additional fields that are empty', async () => {
		const endpoint = mockEndpoint('POST', '/api/qr/add', created);

		const result = await runNode({
			parameters: create({
				type: 'text',
				data: 'Hi',
				additionalFields: { name: '', background: '', foreground: '', logo: '' },
			}),
		});

		expect(result.error).toBeUndefined();
		expect(endpoint.requests[0].body).toEqual({ type: 'text', data: 'Hi' });
	});

	test.each([
		['text', ''],
		['text', '   '],
		['vcard', ''],
	])('refuses empty %s data %j before sending a request', async (type, data) => {
		const { message } = await refusalOf({ parameters: create({ type, data }) });

		expect(message).toMatch(/Data/);
		expect(message).toMatch(/required|must not be empty/);
		expectNoRequestSent();
	});

	test.each([
		['vcard', '{name: "Ada"}'],
		['vcard', '["Ada Lovelace", "+441234567"]'],
		['email', '{"email": "ada@example.com",'],
		['sms', '{"phone": "+441234567",'],
		['wifi', '"just a string"'],
		['wifi', '42'],
	])(
		'refuses %s data %j that is not a JSON object before sending a request',
		async (type, data) => {
			const { message } = await refusalOf({ parameters: create({ type, data }) });

			expect(message).toMatch(/Data/);
			expect(message).toMatch(/JSON/);
			expectNoRequestSent();
		},
	);

	test.each([
		'notacolor',
		'transparent',
		'#12',
		'#1234',
		'#GGGGGG',
		'rgb(256,0,0)',
		'rgb(1,2)',
		'1F6FEB',
	])(
		'refuses the color %j for background and for foreground before sending a request',
		async (color) => {
			for (const field of ['background', 'foreground']) {
				const { message } = await refusalOf({
					parameters: create({ type: 'text', data: 'Hi', additionalFields: { [field]: color } }),
				});
				expect(message).toMatch(field === 'background' ? /Background/ : /Foreground/);
				expect(message).toMatch(/#RRGGBB, #RGB or rgb\(r,g,b\)/);
			}
			expectNoRequestSent();
		},
	);

	test.each(['video', 'url', ''])(
		'refuses the type %j coming from an expression before sending a request',
		async (type) => {
			const { message } = await refusalOf({ parameters: create({ type: expr(type), data: 'Hi' }) });

			expect(message).toMatch(/Type/);
			expect(message).toMatch(/text, vcard, link, email, phone, sms, wifi|required/);
			expectNoRequestSent();
		},
	);
});

describe('qrCode: update', () => {
	const UPDATED = 'QR has been updated successfully.';
	const update = (parameters: INodeParameters): INodeParameters => ({
		resource: 'qrCode',
		operation: 'update',
		qrCodeId: rl('31'),
		...parameters,
	});

	test('sends PUT /api/qr/:id/update with data and appearance, and outputs success with the QR code ID', async () => {
		const endpoint = mockEndpoint('PUT', '/api/qr/31/update', messageAnswer(UPDATED));

		const result = await runNode({
			parameters: update({
				data: 'https://example.com/new-menu',
				updateFields: {
					background: '#FFF',
					foreground: 'rgb(10,20,30)',
					logo: 'https://example.com/logo.jpg',
				},
			}),
		});

		expect(result.error).toBeUndefined();
		expect(endpoint.requests).toEqual([
			{
				method: 'PUT',
				path: '/api/qr/31/update',
				query: {},
				body: {
					data: 'https://example.com/new-menu',
					background: 'rgb(255,255,255)',
					foreground: 'rgb(10,20,30)',
					logo: 'https://example.com/logo.jpg',
				},
			},
		]);
		expect(result.items).toEqual([
			{ json: { success: true, message: UPDATED, qrCodeId: 31 }, pairedItem: { item: 0 } },
		]);
	});

	test.each([
		['plain text', 'New text', 'New text'],
		['a JSON object', '{"ssid": "Cafe", "pass": "latte"}', { ssid: 'Cafe', pass: 'latte' }],
		['a JSON object with a key of certain meaning', '{"password": "latte"}', { pass: 'latte' }],
		['a JSON object after blanks', '  {"phone": "+441234567"}', { phone: '+441234567' }],
	])('sends data given as %s as the matching JSON value', async (_what, data, sent) => {
		const endpoint = mockEndpoint('PUT', '/api/qr/31/update', messageAnswer(UPDATED));

		const result = await runNode({ parameters: update({ data }) });

		expect(result.error).toBeUndefined();
		expect(endpoint.requests[0].body).toEqual({ data: sent });
	});

	test.each(['', '  '])('refuses empty data %j before sending a request', async (data) => {
		const { message } = await refusalOf({ parameters: update({ data }) });

		expect(message).toMatch(/Data/);
		expect(message).toMatch(/required|must not be empty/);
		expectNoRequestSent();
	});

	test.each(['{"ssid": "Cafe"', '[1, 2', '{ssid: Cafe}'])(
		'refuses data %j that starts like JSON but is not, before sending a request',
		async (data) => {
			const { message } = await refusalOf({ parameters: update({ data }) });

			expect(message).toMatch(/Data/);
			expect(message).toMatch(/JSON/);
			expectNoRequestSent();
		},
	);

	test('sends CSS color names as rgb(r,g,b)', async () => {
		const endpoint = mockEndpoint('PUT', '/api/qr/31/update', messageAnswer(UPDATED));

		const result = await runNode({
			parameters: update({ data: 'x', updateFields: { background: 'Navy', foreground: 'gold' } }),
		});

		expect(result.error).toBeUndefined();
		expect(endpoint.requests[0].body).toEqual({
			data: 'x',
			background: 'rgb(0,0,128)',
			foreground: 'rgb(255,215,0)',
		});
	});

	test.each(['notacolor', '#12345', 'rgb(300,0,0)'])(
		'refuses the color %j before sending a request',
		async (color) => {
			const { message } = await refusalOf({
				parameters: update({ data: 'x', updateFields: { foreground: color } }),
			});

			expect(message).toMatch(/Foreground/);
			expect(message).toMatch(/#RRGGBB, #RGB or rgb\(r,g,b\)/);
			expectNoRequestSent();
		},
	);

	itRefusesIdsThatAreNotPositiveWholeNumbers('QR Code ID', (id) =>
		update({ qrCodeId: rl(id), data: 'x' }),
	);
});

describe('qrCode: delete', () => {
	describeDeleteOperation({
		resource: 'qrCode',
		idParameter: 'qrCodeId',
		idLabel: 'QR Code ID',
		pathFor: (id) => `/api/qr/${id}/delete`,
		message: 'QR Code has been deleted successfully.',
	});
});
