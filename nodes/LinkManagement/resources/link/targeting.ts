import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { httpUrl } from '../../shared/addresses';
import type { BodyField } from '../../shared/bodyFields';
import { bodyField } from '../../shared/bodyFields';
import { InputError, quoted, text } from '../../shared/validation';

/**
 * Where a link sends visitors by country, device or language, the query parameters added to
 * its destination, and app-store addresses. Each list is sent as the array of its rows; every
 * row needs both its parts, and every address must be an http(s) URL.
 */

interface Part {
	name: string;
	displayName: string;
	placeholder: string;
	description: string;
	address?: boolean;
}

const DESTINATION: Part = {
	name: 'link',
	displayName: 'Destination URL',
	placeholder: 'e.g. https://example.ca',
	description: 'Where these visitors go instead',
	address: true,
};

const stringOf = ({ name, displayName, placeholder, description }: Part): INodeProperties => ({
	displayName,
	name,
	type: 'string',
	default: '',
	placeholder,
	description,
});

/** The rows of a fixed collection, each with every part filled and checked. */
function rowsOf(parts: Part[], entry: string) {
	return (value: unknown, label: string): IDataObject[] => {
		const rows = ((value as IDataObject)?.[entry] ?? []) as IDataObject[];
		return rows.map((row, index) => {
			const sent: IDataObject = {};
			for (const part of parts) {
				const given = text(row[part.name]);
				if (given === '') {
					throw new InputError(
						`${quoted(label)}: row ${index + 1} has no ${quoted(part.displayName)}`,
						`Fill in ${quoted(part.displayName)} of row ${index + 1}, or remove the row.`,
					);
				}
				sent[part.name] = part.address
					? (httpUrl(given, `${label} row ${index + 1} ${part.displayName}`) as string)
					: given;
			}
			return sent;
		});
	};
}

function rowsField(
	displayName: string,
	name: string,
	entry: { name: string; displayName: string },
	parts: Part[],
	description: string,
): BodyField {
	return bodyField(
		{
			displayName,
			name,
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: `Add ${entry.displayName}`,
			default: {},
			description,
			options: [{ name: entry.name, displayName: entry.displayName, values: parts.map(stringOf) }],
		},
		rowsOf(parts, entry.name),
	);
}

const target = { name: 'targets', displayName: 'Target' };

/** App-store addresses, sent as an object; the empty ones are left out. */
const deepLink: BodyField = bodyField(
	{
		displayName: 'App Deep Links',
		name: 'deeplink',
		type: 'fixedCollection',
		placeholder: 'Add App Links',
		default: {},
		description: 'App-store addresses, used together with device targeting',
		options: [
			{
				name: 'apps',
				displayName: 'Apps',
				values: [
					stringOf({
						name: 'apple',
						displayName: 'Apple App Store URL',
						placeholder: 'e.g. https://apps.apple.com/app/id123',
						description: 'Address of the app in the Apple App Store',
					}),
					stringOf({
						name: 'google',
						displayName: 'Google Play URL',
						placeholder: 'e.g. https://play.google.com/store/apps/details?id=com.example',
						description: 'Address of the app in Google Play',
					}),
				],
			},
		],
	},
	(value, label) => {
		const apps = ((value as IDataObject)?.apps ?? {}) as IDataObject;
		const sent: IDataObject = {};
		for (const store of ['apple', 'google']) {
			if (text(apps[store]) !== '')
				sent[store] = httpUrl(apps[store], `${label} ${store}`) as string;
		}
		if (Object.keys(sent).length === 0) {
			throw new InputError(
				`${quoted(label)} has no address`,
				`Fill in at least one app's address, or remove ${quoted(label)}.`,
			);
		}
		return sent;
	},
);

export const targetingFields: BodyField[] = [
	deepLink,
	rowsField(
		'Device Targeting',
		'devicetarget',
		target,
		[
			{
				name: 'device',
				displayName: 'Device',
				placeholder: 'e.g. iPhone',
				description: 'The device, as the service names it: iPhone, iPad, Android, Windows, …',
			},
			DESTINATION,
		],
		'Send visitors on some devices elsewhere',
	),
	rowsField(
		'Geo Targeting',
		'geotarget',
		target,
		[
			{
				name: 'location',
				displayName: 'Country',
				placeholder: 'e.g. Canada',
				description: 'The country, by its English name',
			},
			DESTINATION,
		],
		'Send visitors from some countries elsewhere',
	),
	rowsField(
		'Language Targeting',
		'languagetarget',
		target,
		[
			{
				name: 'language',
				displayName: 'Language',
				placeholder: 'e.g. fr',
				description: "The visitor's language as a two-letter code",
			},
			DESTINATION,
		],
		'Send visitors with some browser languages elsewhere',
	),
	rowsField(
		'Query Parameters',
		'parameters',
		{ name: 'parameter', displayName: 'Parameter' },
		[
			{
				name: 'name',
				displayName: 'Name',
				placeholder: 'e.g. utm_source',
				description: 'Name of the query parameter',
			},
			{
				name: 'value',
				displayName: 'Value',
				placeholder: 'e.g. newsletter',
				description: 'Its value',
			},
		],
		'Query parameters added to the destination (UTM and others)',
	),
];
