import type { IDataObject, INodeProperties } from 'n8n-workflow';

/**
 * The fields of the structured QR types, shown only for their type, each sent under the key
 * the service reads. None is marked required in the editor: Data may hold the same as JSON
 * (built in an expression); what a type needs is checked when the item runs.
 */

interface TypeField {
	/** The parameter's name, stored in workflows. */
	name: string;
	/** The service's key for it. */
	key: string;
	displayName: string;
	description: string;
	placeholder?: string;
	password?: boolean;
}

const forType = (type: string, field: TypeField, extra: Partial<INodeProperties> = {}) =>
	({
		displayName: field.displayName,
		name: field.name,
		type: 'string',
		default: '',
		placeholder: field.placeholder,
		description: field.description,
		...(field.password ? { typeOptions: { password: true } } : {}),
		displayOptions: { show: { type: [type] } },
		...extra,
	}) as INodeProperties;

const WIFI: TypeField[] = [
	{
		name: 'wifiSsid',
		key: 'ssid',
		displayName: 'Network Name (SSID)',
		description: "Name of the Wi-Fi network (needed, unless 'Data' holds it as JSON)",
		placeholder: 'e.g. Office Guest',
	},
	{
		name: 'wifiPassword',
		key: 'pass',
		displayName: 'Password',
		description: 'Password of the network; leave empty for an open network',
		password: true,
	},
];

const SMS: TypeField[] = [
	{
		name: 'smsPhone',
		key: 'phone',
		displayName: 'Phone Number',
		description: 'Number the message goes to: digits, with an optional leading +',
		placeholder: 'e.g. +441234567',
	},
	{
		name: 'smsMessage',
		key: 'message',
		displayName: 'Message',
		description: 'Text of the message',
	},
];

const EMAIL: TypeField[] = [
	{
		name: 'emailAddress',
		key: 'email',
		displayName: 'Email Address',
		description: 'Address the email goes to',
		placeholder: 'e.g. nathan@example.com',
	},
	{ name: 'emailSubject', key: 'subject', displayName: 'Subject', description: 'Subject line' },
	{ name: 'emailBody', key: 'body', displayName: 'Body', description: 'Text of the email' },
];

const VCARD: TypeField[] = [
	{
		name: 'vcardFirstName',
		key: 'fname',
		displayName: 'First Name',
		description: 'First name of the contact (a first or last name is needed)',
	},
	{
		name: 'vcardLastName',
		key: 'lname',
		displayName: 'Last Name',
		description: 'Last name of the contact',
	},
	{
		name: 'vcardOrganisation',
		key: 'org',
		displayName: 'Organisation',
		description: 'Company or organisation of the contact',
	},
];

/** The vCard's further details, sent under the service's keys (the option names). */
const VCARD_DETAILS: Array<[key: string, displayName: string, description: string]> = [
	['city', 'City', 'City of the address'],
	['country', 'Country', 'Country of the address'],
	['email', 'Email', 'Email address'],
	['facebook', 'Facebook', 'Facebook profile address'],
	['fax', 'Fax', 'Fax number'],
	['instagram', 'Instagram', 'Instagram profile address'],
	['linkedin', 'LinkedIn', 'LinkedIn profile address'],
	['cell', 'Mobile Phone', 'Mobile phone number'],
	['phone', 'Phone', 'Phone number'],
	['state', 'State', 'State or region of the address'],
	['street', 'Street', 'Street and number of the address'],
	['twitter', 'Twitter', 'Twitter (X) profile address'],
	['site', 'Website', 'Website address'],
	['zip', 'ZIP Code', 'Postal code of the address'],
];

export const qrTypeFields: INodeProperties[] = [
	...WIFI.map((field) => forType('wifi', field)),
	{
		displayName: 'Encryption',
		name: 'wifiEncryption',
		type: 'options',
		default: 'WPA',
		description: 'How the network is secured',
		options: [
			{ name: 'None', value: 'nopass' },
			{ name: 'WEP', value: 'WEP' },
			{ name: 'WPA/WPA2', value: 'WPA' },
		],
		displayOptions: { show: { type: ['wifi'] } },
	},
	...SMS.map((field) => forType('sms', field)),
	...EMAIL.map((field) =>
		forType('email', field, field.key === 'body' ? { typeOptions: { rows: 3 } } : {}),
	),
	...VCARD.map((field) => forType('vcard', field)),
	{
		displayName: 'Contact Details',
		name: 'vcardDetails',
		type: 'collection',
		placeholder: 'Add Detail',
		default: {},
		description: 'Phones, email, website, social profiles and address of the contact',
		displayOptions: { show: { type: ['vcard'] } },
		options: VCARD_DETAILS.map(([key, displayName, description]) => ({
			displayName,
			name: key,
			type: 'string',
			default: '',
			description,
		})),
	},
];

const FIELDS: Record<string, TypeField[]> = { wifi: WIFI, sms: SMS, email: EMAIL, vcard: VCARD };

/** What the fields of `type` hold, under the service's keys (empty ones left out). */
export function typeFieldsData(
	type: string,
	parameter: (name: string, fallback: unknown) => unknown,
): IDataObject {
	const data: IDataObject = {};
	for (const { name, key } of FIELDS[type] ?? []) data[key] = parameter(name, '') as string;
	if (type === 'wifi') data.encryption = parameter('wifiEncryption', 'WPA') as string;
	if (type === 'vcard') Object.assign(data, parameter('vcardDetails', {}) as IDataObject);
	const filled = Object.entries(data).filter(([, value]) => String(value ?? '').trim() !== '');
	// The encryption alone says nothing: without an SSID the Wi-Fi fields are empty.
	if (type === 'wifi' && filled.every(([key]) => key === 'encryption')) return {};
	return Object.fromEntries(filled) as IDataObject;
}
