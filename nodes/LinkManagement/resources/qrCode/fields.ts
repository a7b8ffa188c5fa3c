import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { imageAddress } from '../../shared/addresses';
import type { BodyField } from '../../shared/bodyFields';
import { bodyField, textField } from '../../shared/bodyFields';
import { toRgbColor } from '../../shared/colors';
import type { ItemParameters, RequestParts, SentField } from '../../shared/operation';
import { InputError, oneOf, quoted, text } from '../../shared/validation';
import {
	isStructured,
	jsonObject,
	QR_TYPES,
	simpleData,
	structuredData,
	TYPE_FIELDS,
	TYPE_NAMES,
} from './data';
import { typeFieldsData } from './typeFields';

const DATA_DESCRIPTION =
	'Text, Link and Phone: the content itself. vCard, Email, SMS and Wi-Fi: fill in the fields below, or give the content here as JSON in the keys the service reads (for example from an expression)';

/** The content of a QR code: text, an address, a number, or JSON in the service's keys. */
export const qrDataField: INodeProperties = {
	displayName: 'Data',
	name: 'data',
	type: 'string',
	typeOptions: { rows: 3 },
	default: '',
	placeholder: 'e.g. https://example.com',
	description: DATA_DESCRIPTION,
};

/** Nothing, or an empty JSON object. */
const isEmptyData = (value: unknown) =>
	text(value) === '' || Object.keys(jsonObject(value) ?? { given: true }).length === 0;

/** Data when it is given: for a structured type, JSON (an email address may also be text). */
function givenData(type: string, value: unknown, label: string): IDataObject | string {
	if (!isStructured(type)) return simpleData(type, value, label);
	const object = jsonObject(value);
	if (object) return structuredData(type, object, label);
	if (type === 'email' && typeof value === 'string' && !/^[[{]/.test(value.trim())) {
		return structuredData('email', { email: value }, label).email as string;
	}
	throw new InputError(
		`${quoted(label)} must be a JSON object for a ${TYPE_NAMES[type]} QR code, such as ${EXAMPLES[type]}`,
		`Give a JSON object such as ${EXAMPLES[type]}, or leave ${quoted(label)} empty and fill in the fields of the ${TYPE_NAMES[type]} QR code.`,
	);
}

const EXAMPLES: Record<string, string> = {
	email: '{"email": "ada@example.com", "subject": "Hello", "body": "Hi"}',
	sms: '{"phone": "+441234567", "message": "Hi"}',
	vcard: '{"fname": "Ada", "lname": "Lovelace", "phone": "+441234567"}',
	wifi: '{"ssid": "Office", "pass": "secret", "encryption": "WPA"}',
};

/**
 * Create: the type, and the data it holds — Data when given, else the type's own fields —
 * in the service's keys, checked before anything is sent.
 */
function sendQrContent(request: RequestParts, parameters: ItemParameters): void {
	const type = oneOf(QR_TYPES)(parameters.raw('type'), 'Type') as string;
	request.body.type = type;
	request.body.data = qrData(type, parameters);
}

function qrData(type: string, parameters: ItemParameters): IDataObject | string {
	const given = parameters.raw('data', '');
	if (!isEmptyData(given)) return givenData(type, given, 'Data');
	const fromFields = isStructured(type) ? typeFieldsData(type, parameters.raw) : {};
	if (Object.keys(fromFields).length) return structuredData(type, fromFields, TYPE_FIELDS);
	const named = isStructured(type)
		? ` (or fill in the fields of the ${TYPE_NAMES[type]} QR code)`
		: '';
	throw new InputError(
		`${quoted('Data')} must not be empty${named}`,
		`Give what the QR code holds in ${quoted('Data')}${named}.`,
	);
}

export const qrTypeField: SentField = {
	property: {
		displayName: 'Type',
		name: 'type',
		type: 'options',
		required: true,
		default: 'link',
		description: 'What kind of content the QR code holds',
		options: [
			{ name: 'Email', value: 'email', description: `Fields, or Data: ${EXAMPLES.email}` },
			{ name: 'Link', value: 'link', description: 'Data: an address such as https://example.com' },
			{ name: 'Phone', value: 'phone', description: 'Data: a phone number such as +441234567' },
			{ name: 'SMS', value: 'sms', description: `Fields, or Data: ${EXAMPLES.sms}` },
			{ name: 'Text', value: 'text', description: 'Data: any text, up to 4,296 characters' },
			{ name: 'vCard', value: 'vcard', description: `Fields, or Data: ${EXAMPLES.vcard}` },
			{ name: 'Wi-Fi', value: 'wifi', description: `Fields, or Data: ${EXAMPLES.wifi}` },
		],
	},
	send: sendQrContent,
};

/** Update: the type stays as stored; JSON data must use keys some type reads. */
export const qrUpdateDataField = bodyField(
	{ ...qrDataField, required: true, placeholder: 'e.g. https://example.com or {"ssid": "Office"}' },
	(value, label) => {
		const object = jsonObject(value);
		if (object) return structuredData(undefined, object, label);
		if (typeof value === 'string' && /^[[{]/.test(value.trim())) {
			throw new InputError(
				`${quoted(label)} starts like JSON but is not a JSON object`,
				'Give a JSON object in the service\'s keys, such as {"ssid": "Office"}, or text that does not start with { or [.',
			);
		}
		return typeof value === 'string' ? value : JSON.stringify(value);
	},
);

const colorField = (name: string, displayName: string, what: string) =>
	bodyField(
		{
			displayName,
			name,
			type: 'color',
			default: '',
			placeholder: 'e.g. #000000',
			description: `${what} color: a CSS color name (such as red or rebeccapurple, any case), #RRGGBB, #RGB or rgb(r,g,b); sent to the service as rgb(r,g,b)`,
		},
		toRgbColor,
	);

/** Appearance fields shared by Create and Update. */
export const appearanceFields: BodyField[] = [
	colorField('background', 'Background Color', 'Background'),
	colorField('foreground', 'Foreground Color', 'Foreground'),
	textField(
		{
			displayName: 'Logo',
			name: 'logo',
			placeholder: 'e.g. https://example.com/logo.png',
			description:
				'Address of a PNG or JPG image (ending .png or .jpg) to place in the middle of the code',
		},
		imageAddress,
	),
];
