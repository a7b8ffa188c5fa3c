import type { INodeProperties } from 'n8n-workflow';

import { withArticle } from './descriptions';

/**
 * The record pickers: every field that picks one record of the service is a resource locator
 * built here (its "From List" search is in listSearch/).
 */

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

/** A link: also by its short URL, which the node looks up (resources/link/shortUrl.ts). */
export const linkIdLocator = idLocator('linkId', 'Link', 'searchLinks', 'link', {
	description:
		'The link to use: pick it from the list, give its numeric ID, or paste its short URL',
	placeholder: 'e.g. https://go.example/summer-sale',
});

/**
 * Channel › Assign Item's item: a link or QR code from the list Item Type chooses, an ID, or a
 * link's short URL.
 */
export const itemIdLocator = idLocator('itemId', 'Item', 'searchItems', 'item', {
	description:
		"The link or QR code to add (the list shows what 'Item Type' says), its numeric ID, or a link's short URL. Bio pages are given by ID: the service lists none.",
	placeholder: 'e.g. https://go.example/summer-sale',
});
