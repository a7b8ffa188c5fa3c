import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { operation, refusalOf, rl } from '../../../helpers';
import { messageAnswer } from '../../../helpers/fixtures';

// QR data in the keys the service reads (resources/qrCode/data.ts and typeFields.ts): the
// fields per type, JSON data checked and mapped, and the simple types' own rules.

const create = operation(
	'POST /api/qr/add',
	{ resource: 'qrCode', operation: 'create' },
	{ error: 0, id: 33, link: 'https://links.example.test/qr/g7h8i9' },
);
const sentBody = async (parameters: INodeParameters) => (await create.send(parameters)).body;

/** The data sent for a QR code of `type` with these fields: the body is `{ type, data }`. */
async function dataSent(type: string, fields: INodeParameters) {
	const body = (await sentBody({ type, ...fields })) as IDataObject;
	expect(body).toEqual({ type, data: body.data });
	return body.data;
}

describe('the fields of each structured type', () => {
	test('Wi-Fi: network name, password and encryption go as ssid, pass and encryption', async () => {
		const fields = { wifiSsid: 'Office Guest', wifiPassword: 'espresso', wifiEncryption: 'WEP' };
		const data = { ssid: 'Office Guest', pass: 'espresso', encryption: 'WEP' };
		expect(await dataSent('wifi', fields)).toEqual(data);
	});

	test('Wi-Fi: a password is sent as typed, with its spaces; other fields trimmed', async () => {
		const fields = { wifiSsid: ' Cafe ', wifiPassword: ' latte 2 ' };
		const data = { ssid: 'Cafe', pass: ' latte 2 ', encryption: 'WPA' };
		expect(await dataSent('wifi', fields)).toEqual(data);
	});

	test('Wi-Fi: an open network is sent without a password, with encryption nopass', async () => {
		const fields = { wifiSsid: 'Cafe', wifiEncryption: 'nopass' };
		expect(await dataSent('wifi', fields)).toEqual({ ssid: 'Cafe', encryption: 'nopass' });
	});

	test('SMS: phone and message go as phone and message, the phone as digits', async () => {
		const fields = { smsPhone: '+44 (123) 456-7', smsMessage: 'Table 4 please' };
		expect(await dataSent('sms', fields)).toEqual({
			phone: '+441234567',
			message: 'Table 4 please',
		});
	});

	test('Email: address, subject and body go as email, subject and body', async () => {
		const fields = { emailAddress: 'ada@example.com', emailSubject: 'Hello', emailBody: 'Hi Ada' };
		const data = { email: 'ada@example.com', subject: 'Hello', body: 'Hi Ada' };
		expect(await dataSent('email', fields)).toEqual(data);
	});

	test('vCard: names, organisation and the contact details go under the service keys', async () => {
		// The contact details' fields are named as the service's keys.
		const contact = {
			cell: '+447700900',
			email: 'ada@example.com',
			site: 'https://ada.example.com',
			linkedin: 'https://linkedin.com/in/ada',
			street: '12 St James Square',
			city: 'London',
			zip: 'SW1Y 4JH',
			country: 'UK',
		};
		const names = { vcardFirstName: 'Ada', vcardLastName: 'Lovelace' };
		const fields = { ...names, vcardOrganisation: 'Analytical Engines Ltd', vcardDetails: contact };

		const data = await dataSent('vcard', fields);

		expect(data).toEqual({
			fname: 'Ada',
			lname: 'Lovelace',
			org: 'Analytical Engines Ltd',
			...contact,
		});
	});

	test('Data given as JSON is sent instead of the fields', async () => {
		const fields = { data: '{"ssid": "From JSON"}', wifiSsid: 'From field' };
		expect(await dataSent('wifi', fields)).toEqual({ ssid: 'From JSON' });
	});

	test.each([
		['wifi', { wifiPassword: 'secret' }, /network name \(ssid\)/],
		['sms', { smsMessage: 'Hi' }, /phone number \(phone\)/],
		['email', { emailSubject: 'Hello' }, /an address \(email\)/],
		['vcard', { vcardOrganisation: 'Acme' }, /a name \(fname or lname\)/],
	])(
		'%s without its required field is refused, naming what is needed',
		async (type, fields, needed) => {
			await create.expectRefused({ type, ...fields }, needed);
		},
	);

	test.each(['wifi', 'sms', 'email', 'vcard'])(
		'%s with neither Data nor any field is refused before a request',
		async (type) => {
			await create.expectRefused({ type }, /^'Data' must not be empty \(or fill in the fields/);
		},
	);
});

describe('JSON data in the service keys', () => {
	test('keys the service does not read are refused, naming the keys it reads', async () => {
		const data = '{"name": "Ada Lovelace", "phone": "+441234567"}';
		await create.expectRefused(
			{ type: 'vcard', data },
			"'Data' has keys the service does not read for a vCard QR code: name [item 0]",
		);
		const { result } = await refusalOf({ parameters: create.parameters({ type: 'vcard', data }) });
		expect(result?.error?.description).toMatch(
			/^Use only the keys the service reads: .*fname, lname, org/,
		);
	});

	test.each([
		[
			'wifi',
			'{"ssid": "Cafe", "password": "latte", "security": "wpa2"}',
			{ ssid: 'Cafe', pass: 'latte', encryption: 'WPA' },
		],
		[
			'vcard',
			'{"first_name": "Ada", "company": "Acme", "website": "https://a.example"}',
			{ fname: 'Ada', org: 'Acme', site: 'https://a.example' },
		],
		['sms', '{"to": "+441234567", "text": "Hi"}', { phone: '+441234567', message: 'Hi' }],
	])('%s keys whose meaning is certain are mapped', async (type, data, sent) => {
		expect(await sentBody({ type, data })).toEqual({ type, data: sent });
	});

	test('an email QR code also takes a plain address as Data', async () => {
		expect(await sentBody({ type: 'email', data: 'ada@example.com' })).toEqual({
			type: 'email',
			data: 'ada@example.com',
		});
	});

	test.each([
		['wifi', '{}'],
		['vcard', '  { }  '],
		['text', '{}'],
	])('%s data that is an empty JSON object %j is refused like empty data', async (type, data) => {
		await create.expectRefused({ type, data }, /must not be empty/);
	});

	test('a Wi-Fi encryption the service does not know is refused', async () => {
		await create.expectRefused(
			{ type: 'wifi', data: '{"ssid": "Cafe", "encryption": "WPA3-Enterprise"}' },
			/encryption must be WPA, WEP or nopass/,
		);
	});

	test('on Update, keys no type reads are refused and certain ones mapped', async () => {
		const update = operation(
			'PUT /api/qr/:qrCodeId/update',
			{ resource: 'qrCode', operation: 'update', qrCodeId: rl('31') },
			messageAnswer('QR has been updated successfully.'),
		);

		await update.expectRefused(
			{ data: '{"colour": "red"}' },
			'keys the service does not read for a QR code: colour',
		);
		expect((await update.send({ data: '{"password": "new"}' })).body).toEqual({
			data: { pass: 'new' },
		});
	});
});

describe('text, link and phone data', () => {
	test('text of 4,296 characters is sent; one more is refused', async () => {
		const longest = 'x'.repeat(4296);
		expect(await sentBody({ type: 'text', data: longest })).toEqual({
			type: 'text',
			data: longest,
		});

		const { message } = await refusalOf({
			parameters: create.parameters({ type: 'text', data: `${longest}x` }),
		});
		expect(message).toMatch(/4297 characters; a QR code holds at most 4296/);
	});

	test.each(['example.com', 'ftp://example.com', 'https://exa mple.com', 'https://'])(
		'a link %j that is not a valid http(s) address is refused',
		async (data) => {
			const httpAddress = /full address starting with http:\/\/ or https:\/\//;
			await create.expectRefused({ type: 'link', data }, httpAddress);
		},
	);

	test('a phone number is sent as digits with its leading +', async () => {
		expect(await sentBody({ type: 'phone', data: '+44 123-456 7' })).toEqual({
			type: 'phone',
			data: '+441234567',
		});
	});

	test.each(['call me', '+44 12a', '++441234'])(
		'a phone %j that is not digits is refused',
		async (data) => {
			const digits = /phone number of digits with an optional leading \+/;
			await create.expectRefused({ type: 'phone', data }, digits);
		},
	);
});

describe('logo', () => {
	test.each(['https://example.com/logo.gif', 'logo.png', 'https://example.com/logo'])(
		'refuses the logo %j: not a .png or .jpg address',
		async (logo) => {
			await create.expectRefused(
				{ type: 'text', data: 'Hi', additionalFields: { logo } },
				/^'Logo' must be the http\(s\) address of a \.png or \.jpg image/,
			);
		},
	);
});
