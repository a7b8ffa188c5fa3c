import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { parseHttpUrl } from './addresses';
import type {
	DownloadFacts,
	OperationDefinition,
	OperationRequest,
	PathParameter,
} from './operation';
import { withStatistics } from './statistics';
import { fillIn, InputError, oneOf, positiveWholeNumber, quoted, text } from './validation';

/**
 * "Download QR Image": the QR code of a record as a PNG or SVG file, from the service's public
 * QR addresses (not the API). Where a record's file is: a stored QR code's `link` is its
 * `/qr/:alias` address, so its file is at `link/download/<format>/<size>`; a short link's is at
 * `shorturl/qr/download/<format>/<size>`.
 */

export const qrImageFields: INodeProperties[] = [
	{
		displayName: 'Format',
		name: 'format',
		type: 'options',
		default: 'png',
		options: [
			{ name: 'PNG', value: 'png', description: 'A picture, for emails, documents and the web' },
			{ name: 'SVG', value: 'svg', description: 'A drawing that scales to any size, for print' },
		],
	},
	{
		displayName: 'Size',
		name: 'size',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 1000,
		description: 'Width and height of the image in pixels',
	},
	{
		displayName: 'Put Output File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		hint: 'The name of the output binary field to put the file in',
	},
];

/** How messages name the binary field parameter ('Put Output File in Field'). */
const BINARY_FIELD = qrImageFields.find(({ name }) => name === 'binaryPropertyName')!.displayName;

/** Where a QR image comes from, said when it cannot be downloaded. */
const QR_IMAGE_ORIGIN =
	'The image comes from the service\'s public QR address, not from the API. If your installation serves QR images elsewhere, see "QR codes as image files" in the node\'s documentation (docs/qr-codes.md).';

/**
 * The file of a record whose address field (`link`, `shorturl`) leads to its QR image below
 * `path` (`/download`, `/qr/download`); named `<prefix>-<id>.<format>`.
 */
function qrImageDownload(addressField: string, path: string, prefix: string): DownloadFacts {
	return {
		file(record: IDataObject, parameter) {
			const format = oneOf(['png', 'svg'])(parameter('format'), 'Format') as 'png' | 'svg';
			const size = positiveWholeNumber(parameter('size'), 'Size');
			const binaryField = text(parameter('binaryPropertyName'));
			if (!binaryField) {
				throw new InputError(`${quoted(BINARY_FIELD)} must not be empty`, fillIn(BINARY_FIELD));
			}
			const address = parseHttpUrl(text(record[addressField]));
			if (!address) {
				throw new InputError(
					`The service's answer has no address in "${addressField}" to download the QR image from (it has "${text(record[addressField])}")`,
					'The record has no public address to take its QR image from: check it in the service, or use Get to read what it holds.',
				);
			}
			const base = address.toString().replace(/\/+$/, '');
			return {
				url: `${base}${path}/${format}/${size}`,
				format,
				noun: 'QR image',
				origin: QR_IMAGE_ORIGIN,
				fileName: `${prefix}-${String(record.id)}.${format}`,
				binaryField,
			};
		},
	};
}

/**
 * A "Download QR Image" operation: reads the record (`request`), then its file from the address
 * in `addressField` below `path`.
 */
export function downloadImageOperation(spec: {
	action: string;
	description: string;
	request: OperationRequest;
	locator: INodeProperties;
	pathParameters: Record<string, PathParameter>;
	addressField: string;
	path: string;
	prefix: string;
}): OperationDefinition {
	const { action, description, request, locator, pathParameters } = spec;
	return {
		option: { name: 'Download QR Image', value: 'downloadImage', action, description },
		request,
		fields: [locator, ...qrImageFields],
		pathParameters,
		output: withStatistics,
		download: qrImageDownload(spec.addressField, spec.path, spec.prefix),
	};
}
