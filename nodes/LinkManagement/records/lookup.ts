import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { PathParameter, RecordLookup } from '../shared/operation';
import { guard, InputError, quoted, text } from '../shared/validation';
import type { RequestContext } from '../transport/context';
import { readFilteredPage, readListRecords } from './listRecords';

/**
 * The records of a list whose key is `wanted` (compared trimmed). The service is asked to find
 * them itself first, where the lookup has a filter; where it ignores the filter (its answer
 * holds records that do not match), the whole list is read and searched here.
 */
export async function findRecords(
	context: RequestContext,
	lookup: RecordLookup,
	wanted: string,
): Promise<IDataObject[]> {
	const matches = (record: IDataObject) => text(lookup.key.of(record)) === wanted;
	if (lookup.filter) {
		const filtered = await readFilteredPage(context, lookup.list, lookup.filter, wanted, matches);
		if (filtered) return filtered;
	}
	const found: IDataObject[] = [];
	await readListRecords(context, lookup.list, async (records) => {
		found.push(...records.filter(matches));
	});
	return found;
}

/**
 * The ID of the record an address names (a locator's "By URL" mode): its key read from the
 * address and looked up in the list. None, or several the address cannot tell apart, fail the
 * item with a message that says what was looked for.
 */
export async function idFromUrl(
	context: RequestContext,
	{ label, fromUrl }: PathParameter,
	url: unknown,
	parameter: (name: string) => unknown,
): Promise<unknown> {
	if (!fromUrl) return url;
	const { lookup, keyFromUrl, refuse } = fromUrl;
	const wanted = guard(context.node, context.itemIndex, () => {
		const refused = refuse?.(parameter);
		if (refused) {
			throw new InputError(refused, `Give the ID of the record you mean, or pick it From list.`);
		}
		return String(keyFromUrl(url, label));
	});
	const candidates = atAddress(await findRecords(context, lookup, wanted), text(url));
	if (candidates.length === 1) return candidates[0].id;
	const what = `${lookup.noun} with the ${lookup.key.label} "${wanted}" (from ${text(url)})`;
	if (candidates.length === 0) {
		throw new NodeOperationError(context.node, `${quoted(label)}: no ${what} was found`, {
			itemIndex: context.itemIndex,
			description: `Check the address, or pick the ${lookup.noun} from the list or give its ID.`,
		});
	}
	const ids = candidates.map((record) => String(record.id)).join(', ');
	throw new NodeOperationError(
		context.node,
		`${quoted(label)}: several records match: ${what} (IDs ${ids})`,
		{
			itemIndex: context.itemIndex,
			description: `Give the ID of the ${lookup.noun} you mean instead.`,
		},
	);
}

/**
 * Of the records found by the key an address holds, those the address names: where several
 * share the key (the same alias on different domains), the one whose own address it is.
 */
export function atAddress(found: IDataObject[], address: string): IDataObject[] {
	const exact = found.filter((record) =>
		Object.values(record).some((value) => sameAddress(value, address)),
	);
	return found.length > 1 && exact.length > 0 ? exact : found;
}

const withoutTrailingSlash = (address: string) => address.replace(/\/+$/, '');

function sameAddress(value: unknown, address: string): boolean {
	return (
		typeof value === 'string' &&
		value.includes('://') &&
		withoutTrailingSlash(value.trim()) === withoutTrailingSlash(address)
	);
}
