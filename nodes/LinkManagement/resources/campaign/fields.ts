import type { IDataObject } from 'n8n-workflow';

import { lastPathSegment, parseHttpUrl } from '../../shared/addresses';
import { bodyField, nameField, textField } from '../../shared/bodyFields';
import { toBoolean } from '../../shared/validation';

/** Fields a campaign shares between Create and Update. */
export const slugField = textField({
	displayName: 'Rotator Slug',
	name: 'slug',
	placeholder: 'e.g. summer-sale',
	description: 'Last part of the public rotator address of the campaign',
});

export const publicField = bodyField(
	{
		displayName: 'Public',
		name: 'public',
		type: 'boolean',
		default: false,
		description: 'Whether the campaign is public',
	},
	toBoolean,
);

export const campaignNameField = (required: boolean) =>
	nameField('campaign', 'Summer Sale', required);

/**
 * A campaign always carries `name`: create, update and some list items send it as `domain`
 * (the reference) or as `campaign` (real installations).
 */
export function campaignName(record: IDataObject): IDataObject {
	if (record.name !== undefined) return record;
	const { domain, campaign, ...rest } = record;
	const name = campaign ?? domain;
	if (name === undefined) return record;
	return { id: rest.id, name, ...rest };
}

/** A campaign's slug, as its list shows it: the last part of its rotator address (none: `false`). */
export function slugOfRotator(record: IDataObject): IDataObject {
	const rotator =
		typeof record.rotator === 'string' ? parseHttpUrl(record.rotator.trim()) : undefined;
	const slug = rotator && lastPathSegment(rotator);
	return slug ? { slug } : {};
}
