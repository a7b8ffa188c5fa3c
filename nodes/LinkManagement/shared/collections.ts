import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { BodyField } from './bodyFields';
import { isEmpty, putInto } from './bodyFields';
import type { RequestParts, SentField } from './operation';
import { InputError, quoted } from './validation';

/**
 * The collections of optional fields: Additional Fields and Update Fields (sent in the body),
 * Filters and Sort (sent in a list's query). Each is read once per item, and each field it holds
 * is checked and sent as a field of its own would be.
 */

/** Checks what a collection sent as a whole (fields that go together); throws an InputError. */
export type CollectionCheck = (sent: IDataObject) => void;

/**
 * A collection whose fields go into the JSON body (or the query): read once, each field it holds
 * checked and sent, then `check` over what it sent.
 */
function collectionIn(
	part: keyof RequestParts,
	collection: INodeProperties,
	fields: BodyField[],
	{ before, check }: { before?: (given: IDataObject) => void; check?: CollectionCheck } = {},
): SentField {
	return {
		// Listed in alphabetical order of their labels, as n8n's guidelines ask of a collection.
		property: {
			...collection,
			options: fields
				.map(({ property }) => property)
				.sort((a, b) => a.displayName.localeCompare(b.displayName)),
		},
		send(request, parameters) {
			const given = (parameters.raw(collection.name, {}) ?? {}) as IDataObject;
			before?.(given);
			const sent = request[part];
			for (const field of fields) {
				if (field.property.name in given) {
					putInto(field, given[field.property.name], sent, parameters);
				}
			}
			check?.(sent);
		},
	};
}

/** "Additional Fields": optional fields of a create. */
export function additionalFields(fields: BodyField[], check?: CollectionCheck): SentField {
	return collectionIn(
		'body',
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
		},
		fields,
		{ check },
	);
}

/** "Filters" of a list, sent in its query; `check` over the query (filters that go together). */
export function queryFilters(fields: BodyField[], check?: CollectionCheck): SentField {
	return collectionIn(
		'qs',
		{
			displayName: 'Filters',
			name: 'filters',
			type: 'collection',
			placeholder: 'Add Filter',
			default: {},
		},
		fields,
		{ check },
	);
}

/** The name of a list's sorting collection, which the node shows below every other collection. */
export const SORT_COLLECTION = 'sort';

/**
 * "Sort" of a list, sent in its query: a collection of its own, shown below the Options, as n8n's
 * guidelines place sorting (nodeDescription.ts puts it there).
 */
export function querySort(fields: BodyField[]): SentField {
	return collectionIn(
		'qs',
		{
			displayName: 'Sort',
			name: SORT_COLLECTION,
			type: 'collection',
			placeholder: 'Add Sort Rule',
			default: {},
		},
		fields,
	);
}

/**
 * "Update Fields": the fields an update may change. With `atLeastOne`, an update with none of
 * them is refused before any request.
 */
export function updateFields(
	fields: BodyField[],
	{ atLeastOne = false, check }: { atLeastOne?: boolean; check?: CollectionCheck } = {},
): SentField {
	return collectionIn(
		'body',
		{
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			...(atLeastOne ? { description: 'Give at least one of these' } : {}),
		},
		fields,
		{ before: atLeastOne ? requireOneOf('Update Fields', fields) : undefined, check },
	);
}

/** Refuses a collection with nothing to send: "at least one of …". */
const requireOneOf = (label: string, fields: BodyField[]) => (given: IDataObject) => {
	if (!fields.some(({ property }) => !isEmpty(given[property.name]))) {
		const names = fields.map(({ property }) => quoted(property.displayName)).join(', ');
		throw new InputError(
			`Nothing to update: ${quoted(label)} holds none of ${names}`,
			`Add at least one of ${names} under ${quoted(label)}, with the value to set.`,
		);
	}
};
