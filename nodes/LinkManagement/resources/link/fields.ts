import type { IDataObject } from 'n8n-workflow';

import { httpUrl, imageAddress } from '../../shared/addresses';
import type { BodyField } from '../../shared/bodyFields';
import {
	bodyField,
	choiceField,
	passwordField,
	recordLocatorField,
	sentInBody,
	textField,
} from '../../shared/bodyFields';
import { futureDateTime } from '../../shared/dateTime';
import { idLocator } from '../../shared/recordPickers';
import { InputError, pathSegment, positiveWholeNumbers } from '../../shared/validation';
import { targetingFields } from './targeting';

/**
 * The fields of a link, shared by Create and Update (each sent under the body key of its
 * name, see "Short links and the Link fields" in docs/operations.md), and the destination every create and update sends.
 */

/** The destination: one parameter for Create, Update and Create or Update. */
export const urlParameter = sentInBody(
	textField(
		{
			displayName: 'URL',
			name: 'url',
			required: true,
			placeholder: 'e.g. https://example.com/summer-sale?ref=mail',
			description: 'The long address the link leads to (with http:// or https://)',
		},
		httpUrl,
	),
);

export const linkFields: BodyField[] = [
	textField(
		{
			displayName: 'Alias',
			name: 'custom',
			placeholder: 'e.g. summer-sale',
			description:
				'The part of the short URL after the domain; a random one when left empty. Letters, digits, - and _.',
		},
		pathSegment,
	),
	recordLocatorField(
		idLocator('domain', 'Branded Domain', 'searchDomains', 'branded domain'),
		'The branded domain of the short URL: pick it from the list, or give its numeric ID',
	),
	recordLocatorField(
		idLocator('campaign', 'Campaign', 'searchCampaigns', 'campaign'),
		'The campaign the link belongs to: pick it from the list, or give its numeric ID',
	),
	recordLocatorField(
		idLocator('channel', 'Channel', 'searchChannels', 'channel'),
		'The channel the link is added to: pick it from the list, or give its numeric ID',
	),
	recordLocatorField(
		idLocator('overlay', 'CTA Overlay', 'searchOverlays', 'CTA overlay'),
		"A call-to-action overlay shown over the destination, instead of a 'Redirect Type': pick it from the list, or give its numeric ID",
	),
	textField({
		displayName: 'Description',
		name: 'description',
		description: 'A note on the link, for you',
	}),
	bodyField(
		{
			displayName: 'Expiry',
			name: 'expiry',
			type: 'dateTime',
			default: '',
			description:
				"When the link stops working (in the workflow's time zone); sent as YYYY-MM-DD HH:MM:SS",
		},
		futureDateTime,
	),
	passwordField('Visitors must enter it before they are sent on'),
	bodyField(
		{
			displayName: 'Pixel Names or IDs',
			name: 'pixels',
			type: 'multiOptions',
			typeOptions: { loadOptionsMethod: 'getPixels' },
			default: [],
			description:
				'Tracking pixels fired on a visit. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		},
		positiveWholeNumbers,
	),
	textField({
		displayName: 'Preview Description',
		name: 'metadescription',
		description: 'The description shown where the link is shared',
	}),
	textField(
		{
			displayName: 'Preview Image',
			name: 'metaimage',
			placeholder: 'e.g. https://example.com/preview.png',
			description: 'Address of a .jpg or .png image shown where the link is shared',
		},
		imageAddress,
	),
	textField({
		displayName: 'Preview Title',
		name: 'metatitle',
		description: 'The title shown where the link is shared',
	}),
	choiceField(
		{
			displayName: 'Redirect Type',
			name: 'type',
			default: 'direct',
			description: "How visitors reach the destination (or choose a 'CTA Overlay' instead)",
		},
		[
			['Direct', 'direct'],
			['Frame', 'frame'],
			['Splash Page', 'splash'],
		],
	),
	choiceField(
		{
			displayName: 'Status',
			name: 'status',
			default: 'private',
			description: 'Whether the link is listed publicly',
		},
		[
			['Private', 'private'],
			['Public', 'public'],
		],
	),
	...targetingFields,
];

/** A CTA overlay is sent as the redirect `type` (its ID): it cannot come with a Redirect Type. */
export function overlayAsType(sent: IDataObject): void {
	if (sent.overlay === undefined) return;
	if (sent.type !== undefined) {
		throw new InputError(
			"'Redirect Type' and 'CTA Overlay' were both given: the service takes the overlay in place of the redirect type",
			"Remove one of them: keep 'CTA Overlay' to show the overlay, or 'Redirect Type' without it.",
		);
	}
	sent.type = sent.overlay;
	delete sent.overlay;
}
