import type { INodeProperties } from 'n8n-workflow';

import { sentInBody, textField } from '../../shared/bodyFields';
import { toQrData, toRgbColor } from '../../shared/validation';

/** The content of a QR code; on Create its form follows the type, on Update its own shape. */
export function qrDataField(withType: boolean): INodeProperties {
	return sentInBody(
		{
			displayName: 'Data',
			name: 'data',
			type: 'string',
			typeOptions: { rows: 3 },
			default: '',
			required: true,
			placeholder: 'e.g. https://example.com or {"name": "Ada Lovelace", "phone": "+441234567"}',
			description:
				'What the QR code holds. Text, Link and Phone: the text itself. vCard, Email, SMS and Wi-Fi: a JSON object, such as {"email": "ada@example.com", "subject": "Hello", "body": "Hi"}.',
		},
		(value, label, body) =>
			toQrData(withType ? String(body.type ?? '').trim() : undefined)(value, label),
	);
}

const colorField = (name: string, displayName: string, what: string) =>
	sentInBody(
		{
			displayName,
			name,
			type: 'color',
			default: '',
			placeholder: '#000000',
			description: `${what} color, as #RRGGBB, #RGB or rgb(r,g,b); sent to the service as rgb(r,g,b)`,
		},
		toRgbColor,
	);

/** Appearance fields shared by Create and Update. */
export const appearanceFields: INodeProperties[] = [
	colorField('background', 'Background Color', 'Background'),
	colorField('foreground', 'Foreground Color', 'Foreground'),
	textField({
		displayName: 'Logo',
		name: 'logo',
		placeholder: 'e.g. https://example.com/logo.png',
		description: 'Path or address of a PNG or JPG image to place in the middle of the code',
	}),
];
