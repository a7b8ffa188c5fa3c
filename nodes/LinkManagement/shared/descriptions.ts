import type { INodeProperties } from 'n8n-workflow';

import { positiveWholeNumber } from './validation';

/** A noun with its indefinite article: "a campaign", "an item". */
export const withArticle = (noun: string) => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;

/** Return All and Limit, as n8n's list operations have them. */
export const returnAllAndLimit: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		displayOptions: { show: { returnAll: [false] } },
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
	},
];

/** How many records a list operation reads: all of them, or its Limit (checked). */
export function recordLimit(parameter: (name: string, fallback: unknown) => unknown): number {
	if (parameter('returnAll', false) === true) return Infinity;
	return positiveWholeNumber(parameter('limit', 50), 'Limit');
}

/**
 * A resource locator for an ID: picked from a searchable list, or typed in; with `byUrl`, also
 * given as an address that names the record (a short URL), which the node looks up.
 */
export function idLocator(
	name: string,
	displayName: string,
	searchListMethod: string,
	what: string,
	byUrl?: { description: string; placeholder: string },
): INodeProperties {
	const urlMode = byUrl
		? [
				{
					displayName: 'By URL',
					name: 'url',
					type: 'string' as const,
					placeholder: byUrl.placeholder,
					validation: [
						{
							type: 'regex' as const,
							properties: {
								regex: '^\\s*https?://\\S+\\s*$',
								errorMessage: 'Give a full address starting with http:// or https://',
							},
						},
					],
				},
			]
		: [];
	return {
		displayName,
		name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description:
			byUrl?.description ?? `The ${what} to use: pick it from the list, or give its numeric ID`,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: `Select ${withArticle(what)}...`,
				typeOptions: { searchListMethod, searchable: true, searchFilterRequired: false },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 42',
				validation: [
					{
						type: 'regex',
						properties: {
							regex: '^\\s*[1-9][0-9]*\\s*$',
							errorMessage: `The ${what} ID must be a positive whole number`,
						},
					},
				],
			},
			...urlMode,
		],
	};
}

export const campaignIdLocator = idLocator('campaignId', 'Campaign', 'searchCampaigns', 'campaign');
export const qrCodeIdLocator = idLocator('qrCodeId', 'QR Code', 'searchQrCodes', 'QR code');
export const channelIdLocator = idLocator('channelId', 'Channel', 'searchChannels', 'channel');
export const pixelIdLocator = idLocator('pixelId', 'Pixel', 'searchPixels', 'pixel');
export const domainIdLocator = idLocator(
	'domainId',
	'Branded Domain',
	'searchDomains',
	'branded domain',
);
export const userIdLocator = idLocator('userId', 'User', 'searchUsers', 'user');
export const planIdLocator = idLocator('planId', 'Plan', 'searchPlans', 'plan');
