import type { INodeParameters } from 'n8n-workflow';

import { runNode } from '../../../harness';
import {
	expectNoRequestSent,
	mockEndpoint,
	refusalOf,
	rl,
	useServiceMocks,
} from '../../../helpers/service';

// QR data in the keys the service reads (resources/qrCode/data.ts and typeFields.ts): the
// fields per type, JSON data checked and mapped, and the simple types' own rules.
useServiceMocks();

const created = { error: 0, id: 33, link: 'https://links.example.test/qr/g7h8i9' };
const create = (parameters: INodeParameters): INodeParameters => ({
	resource: 'qrCode',
	operation: 'create',
	...parameters,
});

async function sentBody(parameters: INodeParameters) {
	const endpoint = mockEndpoint('POST', '/api/qr/add', created);
	const result = await runNode({ parameters: create(parameters) });
	expect(result.error).toBeUndefined();
	expect(endpoint.requests).toHaveLength(1);
	return endpoint.requests[0].body;
}

describe('the fields of each structured type', () => {
	test('Wi-Fi: network name, password and encryption go as ssid, pass and encryption', async () => {
		expect(
			await sentBody({
				type: 'wifi',
				wifiSsid: 'Office Guest',
				wifiPassword: 'espresso',
				wifiEncryption: 'WEP',
			}),
		).toEqual({
			type: 'wifi',
			data: { ssid: 'Office Guest', pass: 'espresso', encryption: 'WEP' },
		});
	});

	test('Wi-Fi: a password is sent as typed, spaces around it included; other fields trimmed', async () => {
		expect(await sentBody({ type: 'wifi', wifiSsid: ' Cafe ', wifiPassword: ' latte 2 ' })).toEqual(
			{ type: 'wifi', data: { ssid: 'Cafe', pass: ' latte 2 ', encryption: 'WPA' } },
		);
	});

	test('Wi-Fi: an open network is sent without a password, with encryption nopass', async () => {
		expect(await sentBody({ type: 'wifi', wifiSsid: 'Cafe', wifiEncryption: 'nopass' })).toEqual({
			type: 'wifi',
			data: { ssid: 'Cafe', encryption: 'nopass' },
		});
	});

	test('SMS: phone and message go as phone and message, the phone as digits', async () => {
		expect(
			await sentBody({ type: 'sms', smsPhone: '+44 (123) 456-7', smsMessage: 'Table 4 please' }),
		).toEqual({ type: 'sms', data: { phone: '+441234567', message: 'Table 4 please' } });
	});

	test('Email: address, subject and body go as email, subject and body', async () => {
		expect(
			await sentBody({
				type: 'email',
				emailAddress: 'ada@example.com',
				emailSubject: 'Hello',
				emailBody: 'Hi Ada',
			}),
		).toEqual({
			type: 'email',
			data: { email: 'ada@example.com', subject: 'Hello', body: 'Hi Ada' },
		});
	});

	test('vCard: names, organisation and the contact details go under the service keys', async () => {
		expect(
			await sentBody({
				type: 'vcard',
				vcardFirstName: 'Ada',
				vcardLastName: 'Lovelace',
				vcardOrganisation: 'Analytical Engines Ltd',
				vcardDetails: {
					cell: '+447700900',
					email: 'ada@example.com',
					site: 'https://ada.example.com',
					linkedin: 'https://linkedin.com/in/ada',
					street: '12 St James Square',
					city: 'London',
					zip: 'SW1Y 4JH',
					country: 'UK',
				},
			}),
		).toEqual({
			type: 'vcard',
			data: {
				fname: 'Ada',
				lname: 'Lovelace',
				org: 'Analytical Engines Ltd',
				cell: '+447700900',
				email: 'ada@example.com',
				site: 'https://ada.example.com',
				linkedin: 'https://linkedin.com/in/ada',
				street: '12 St James Square',
				city: 'London',
				zip: 'SW1Y 4JH',
				country: 'UK',
			},
		});
	});

	test('Data given as JSON is sent instead of the fields', async () => {
		expect(
			await sentBody({ type: 'wifi', data: '{"ssid": "From JSON"}', wifiSsid: 'From field' }),
		).toEqual({ type: 'wifi', data: { ssid: 'From JSON' } });
	});

	test.each([
		['wifi', { wifiPassword: 'secret' }, /network name \(ssid\)/],
		['sms', { smsMessage: 'Hi' }, /phone number \(phone\)/],
		['email', { emailSubject: 'Hello' }, /an address \(email\)/],
		['vcard', { vcardOrganisation: 'Acme' }, /a name \(fname or lname\)/],
	])(
		'%s without its required field is refused before a request, naming what is needed',
		async (type, fields, needed) => {
			const { message } = await refusalOf({ parameters: create({ type, ...fields }) });

			expect(message).toMatch(needed);
			expectNoRequestSent();
		},
	);

	test.each(['wifi', 'sms', 'email', 'vcard'])(
		'%s with neither Data nor any field is refused before a request',
		async (type) => {
			const { message } = await refusalOf({ parameters: create({ type }) });

			expect(message).toMatch(/Data must not be empty \(or fill in the fields/);
			expectNoRequestSent();
		},
	);
});

describe('JSON data in the service keys', () => {
	test('keys the service does not read are refused, naming the keys it reads', async () => {
		const { message } = await refusalOf({
			parameters: create({
				type: 'vcard',
				data: '{"name": "Ada Lovelace", "phone": "+441234567"}',
			}),
		});

		expect(message).toContain('keys the service does not read for a vCard QR code: name');
		expect(message).toContain('It reads: fname, lname, org');
		expectNoRequestSent();
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
	])('%s keys whose meaning is certain are mapped: %s', async (type, data, sent) => {
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
		const { message } = await refusalOf({ parameters: create({ type, data }) });

		expect(message).toMatch(/must not be empty/);
		expectNoRequestSent();
	});

	test('a Wi-Fi encryption the service does not know is refused', async () => {
		const { message } = await refusalOf({
			parameters: create({
				type: 'wifi',
				data: '{"ssid": "Cafe", "encryption": "WPA3-Enterprise"}',
			}),
		});

		expect(message).toMatch(/encryption must be WPA, WEP or nopass/);
		expectNoRequestSent();
	});

	test('on Update, keys no type reads are refused and certain ones mapped', async () => {
		const endpoint = mockEndpoint('PUT', '/api/qr/31/update', {
			error: 0,
			message: 'QR has been updated successfully.',
		});
		const update = (data: string) =>
			({ resource: 'qrCode', operation: 'update', qrCodeId: rl('31'), data }) as INodeParameters;

		const refused = await refusalOf({ parameters: update('{"colour": "red"}') });
		expect(refused.message).toContain('keys the service does not read for a QR code: colour');

		const result = await runNode({ parameters: update('{"password": "new"}') });
		expect(result.error).toBeUndefined();
		expect(endpoint.requests[0].body).toEqual({ data: { pass: 'new' } });
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
			parameters: create({ type: 'text', data: `${longest}x` }),
		});
		expect(message).toMatch(/4297 characters; a QR code holds at most 4296/);
	});

	test.each(['example.com', 'ftp://example.com', 'https://exa mple.com', 'https://'])(
		'a link %j that is not a valid http(s) address is refused',
		async (data) => {
			const { message } = await refusalOf({ parameters: create({ type: 'link', data }) });

			expect(message).toMatch(/full address starting with http:\/\/ or https:\/\//);
			expectNoRequestSent();
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
			const { message } = await refusalOf({ parameters: create({ type: 'phone', data }) });

			expect(message).toMatch(/phone number of digits with an optional leading \+/);
			expectNoRequestSent();
		},
	);
});

describe('logo', () => {
	test.each(['https://example.com/logo.gif', 'logo.png', 'https://example.com/logo'])(
		'%j that is not the address of a .png or .jpg image is refused',
		async (logo) => {
			const { message } = await refusalOf({
				parameters: create({ type: 'text', data: 'Hi', additionalFields: { logo } }),
			});

			expect(message).toMatch(/Logo must be the http\(s\) address of a \.png or \.jpg image/);
			expectNoRequestSent();
		},
	);
});
