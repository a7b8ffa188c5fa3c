import { expr, itBehavesLike, operation, parametersOf, rl } from '../../../helpers';
import { messageAnswer, qrRecords, qrStatistics } from '../../../helpers/fixtures';

// One describe per operation of resources/qrCode/ in the node. The data of each QR type and
// its fields: qrCodeData.test.ts.

const qrCode = parametersOf('qrCode');
const COLOR_FORMS = /#RRGGBB, #RGB or rgb\(r,g,b\)/;
const UPDATED = 'QR has been updated successfully.';
/** The service's answer for QR code `id`: its details and its statistics. */
const details = (id: number) => ({
	error: 0,
	details: { ...qrRecords[0], id },
	data: qrStatistics,
});
const created = { error: 0, id: 33, link: 'https://links.example.test/qr/g7h8i9' };

describe('qrCode: getAll', () => {
	const getAll = operation('GET /api/qr', qrCode('getAll'));
	itBehavesLike.aListOperation(getAll, { qrs: qrRecords });
});

describe('qrCode: get', () => {
	const parameters = qrCode('get', { qrCodeId: rl('31') });
	const get = operation('GET /api/qr/:qrCodeId', parameters, details(31));

	test('sends GET /api/qr/:qrCodeId; outputs the details with `statistics`', async () => {
		const { body, output } = await get.send();

		expect(body).toBeUndefined();
		expect(output).toEqual([
			{
				id: 31,
				link: 'https://links.example.test/qr/a1b2c3',
				scans: 120,
				name: 'Shop window',
				date: '2024-02-01 12:00:00',
				statistics: qrStatistics,
			},
		]);
	});

	test('takes a QR code picked from the list', async () => {
		const { output } = await get.send(
			{ qrCodeId: rl('32', 'list') },
			{ answer: { error: 0, details: qrRecords[1], data: qrStatistics } },
		);

		expect(output).toEqual([{ ...qrRecords[1], statistics: qrStatistics }]);
	});

	itBehavesLike.anOperationOnOneRecord(get, {
		label: 'QR Code ID',
		answer: details,
		output: (id) => ({ ...qrRecords[0], id, statistics: qrStatistics }),
	});
});

describe('qrCode: create', () => {
	const create = operation('POST /api/qr/add', qrCode('create'), created);

	test('sends POST /api/qr/add with type, data and fields; outputs the answer', async () => {
		const { body, output } = await create.send({
			type: 'link',
			data: 'https://example.com/menu',
			additionalFields: {
				name: 'Menu',
				background: '#FFFFFF',
				foreground: '#000000',
				logo: 'https://example.com/logo.png',
			},
		});

		expect(body).toEqual({
			type: 'link',
			data: 'https://example.com/menu',
			name: 'Menu',
			background: 'rgb(255,255,255)',
			foreground: 'rgb(0,0,0)',
			logo: 'https://example.com/logo.png',
		});
		expect(output).toEqual([{ id: 33, link: 'https://links.example.test/qr/g7h8i9' }]);
	});

	test.each([
		['text', 'Hello, world! Opening hours 9-17.'],
		['text', '{"looks": "like JSON"}'],
		['link', 'https://example.com/'],
		['phone', '+441234567'],
	])('sends %s data %j as the string given', async (type, data) => {
		const { body } = await create.send({ type, data });
		expect(body).toEqual({ type, data });
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
	])(
		'sends %s data given as JSON text as the JSON value, not a string',
		async (type, data, sent) => {
			const { body } = await create.send({ type, data });
			expect(body).toEqual({ type, data: sent });
		},
	);

	test('sends structured data that an expression gives as an object as that object', async () => {
		const { body } = await create.send(
			{ type: 'wifi', data: '={{ $json.network }}' },
			{ items: [{ json: { network: { ssid: 'Cafe', password: 'espresso' } } }] },
		);

		// `password` means the service's `pass`, for certain.
		expect(body).toEqual({ type: 'wifi', data: { ssid: 'Cafe', pass: 'espresso' } });
	});

	test.each([
		{ form: '#RRGGBB', color: '#1F6FEB', sent: 'rgb(31,111,235)' },
		{ form: '#rrggbb', color: '#1f6feb', sent: 'rgb(31,111,235)' },
		{ form: '#RGB', color: '#ABC', sent: 'rgb(170,187,204)' },
		{ form: 'rgb(r,g,b)', color: 'rgb(12,34,56)', sent: 'rgb(12,34,56)' },
		{ form: 'rgb(r, g, b) with spaces', color: 'rgb(0, 128, 255)', sent: 'rgb(0,128,255)' },
		{ form: 'a CSS color name', color: 'red', sent: 'rgb(255,0,0)' },
		{
			form: 'a CSS color name, other case, spaces',
			color: ' RebeccaPurple ',
			sent: 'rgb(102,51,153)',
		},
	])('sends both colors given as $form as rgb(r,g,b)', async ({ color, sent }) => {
		const { body } = await create.send({
			type: 'text',
			data: 'Hi',
			additionalFields: { background: color, foreground: color },
		});

		expect(body).toEqual({ type: 'text', data: 'Hi', background: sent, foreground: sent });
	});

	test('leaves out additional fields that are empty', async () => {
		const { body } = await create.send({
			type: 'text',
			data: 'Hi',
			additionalFields: { name: '', background: '', foreground: '', logo: '' },
		});

		expect(body).toEqual({ type: 'text', data: 'Hi' });
	});

	test.each([
		['text', ''],
		['text', '   '],
		['vcard', ''],
	])('refuses empty %s data %j before sending a request', async (type, data) => {
		await create.expectRefused({ type, data }, /Data/, /required|must not be empty/);
	});

	test.each([
		['vcard', '{name: "Ada"}'],
		['vcard', '["Ada Lovelace", "+441234567"]'],
		['email', '{"email": "ada@example.com",'],
		['sms', '{"phone": "+441234567",'],
		['wifi', '"just a string"'],
		['wifi', '42'],
	])('refuses %s data %j: not a JSON object', async (type, data) => {
		await create.expectRefused({ type, data }, /Data/, /JSON/);
	});

	test.each([
		'notacolor',
		'transparent',
		'#12',
		'#1234',
		'#GGGGGG',
		'rgb(256,0,0)',
		'rgb(1,2)',
		'1F6FEB',
	])('refuses the color %j for background and for foreground', async (color) => {
		const colored = (field: string) => ({
			type: 'text',
			data: 'Hi',
			additionalFields: { [field]: color },
		});
		// Transparency is refused as such; its description lists the forms.
		const refused = color === 'transparent' ? /cannot be transparent/ : COLOR_FORMS;
		await create.expectRefused(colored('background'), /^'Background/, refused);
		await create.expectRefused(colored('foreground'), /^'Foreground/, refused);
	});

	test.each(['video', 'url', ''])(
		'refuses the type %j from an expression before sending a request',
		async (type) => {
			const typeOrRequired = /text, vcard, link, email, phone, sms, wifi|required/;
			await create.expectRefused({ type: expr(type), data: 'Hi' }, /Type/, typeOrRequired);
		},
	);
});

describe('qrCode: update', () => {
	const parameters = qrCode('update', { qrCodeId: rl('31'), data: 'x' });
	const update = operation('PUT /api/qr/:qrCodeId/update', parameters, messageAnswer(UPDATED));

	test('sends PUT /api/qr/:qrCodeId/update with data and colors; outputs success', async () => {
		const { body, output } = await update.send({
			data: 'https://example.com/new-menu',
			updateFields: {
				background: '#FFF',
				foreground: 'rgb(10,20,30)',
				logo: 'https://example.com/logo.jpg',
			},
		});

		expect(body).toEqual({
			data: 'https://example.com/new-menu',
			background: 'rgb(255,255,255)',
			foreground: 'rgb(10,20,30)',
			logo: 'https://example.com/logo.jpg',
		});
		expect(output).toEqual([{ success: true, message: UPDATED, qrCodeId: 31 }]);
	});

	test.each([
		['plain text', 'New text', 'New text'],
		['a JSON object', '{"ssid": "Cafe", "pass": "latte"}', { ssid: 'Cafe', pass: 'latte' }],
		['JSON with a key of certain meaning', '{"password": "latte"}', { pass: 'latte' }],
		['a JSON object after blanks', '  {"phone": "+441234567"}', { phone: '+441234567' }],
	])('sends data given as %s as the matching JSON', async (_what, data, sent) => {
		const { body } = await update.send({ data });
		expect(body).toEqual({ data: sent });
	});

	test.each(['', '  '])('refuses empty data %j before sending a request', async (data) => {
		await update.expectRefused({ data }, /Data/, /required|must not be empty/);
	});

	test.each(['{"ssid": "Cafe"', '[1, 2', '{ssid: Cafe}'])(
		'refuses data %j that starts like JSON but is not',
		async (data) => {
			await update.expectRefused({ data }, /Data/, /JSON/);
		},
	);

	test('sends CSS color names as rgb(r,g,b)', async () => {
		const { body } = await update.send({
			updateFields: { background: 'Navy', foreground: 'gold' },
		});

		expect(body).toEqual({ data: 'x', background: 'rgb(0,0,128)', foreground: 'rgb(255,215,0)' });
	});

	test.each(['notacolor', '#12345', 'rgb(300,0,0)'])(
		'refuses the color %j before sending a request',
		async (color) => {
			await update.expectRefused(
				{ updateFields: { foreground: color } },
				/Foreground/,
				COLOR_FORMS,
			);
		},
	);

	itBehavesLike.anOperationOnOneRecord(update, { label: 'QR Code ID' });
});

describe('qrCode: delete', () => {
	itBehavesLike.aDeleteOperation('qrCode', 'DELETE /api/qr/:qrCodeId/delete', 'QR Code ID');
});
