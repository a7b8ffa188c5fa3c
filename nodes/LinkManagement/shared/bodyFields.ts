import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	PreSendAction,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { Converter } from './validation';
import { guard, nonEmptyText } from './validation';

/**
 * A field whose value goes into the JSON body under its own name, with the conversion that
 * checks it. An empty value is left out (or refused when the field is required); anything else
 * goes through `convert`, whose error names the field and stops the item before any request.
 */
export interface BodyField {
	property: INodeProperties;
	convert?: Converter;
}

export const bodyField = (
	property: INodeProperties,
	convert?: BodyField['convert'],
): BodyField => ({
	property,
	convert,
});

const isEmpty = (value: unknown) =>
	value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Puts `value` into `body` as the field's checks allow; the item fails with the field's name. */
function putInBody(
	fns: IExecuteSingleFunctions,
	{ property, convert }: BodyField,
	value: unknown,
	body: IDataObject,
): void {
	const { name, displayName: label, required } = property;
	if (isEmpty(value)) {
		if (required) {
			throw new NodeOperationError(fns.getNode(), `${label} is required and must not be empty`, {
				itemIndex: fns.getItemIndex(),
			});
		}
		delete body[name];
		return;
	}
	body[name] = (
		convert ? guard(fns.getNode(), fns.getItemIndex(), () => convert(value, label)) : value
	) as IDataObject[string];
}

/** A top-level field sent in the body: n8n puts it there, its check runs before the request. */
export function sentInBody(field: BodyField): INodeProperties {
	const { name } = field.property;
	async function checkBodyField(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		const body = { ...((request.body ?? {}) as IDataObject) };
		putInBody(this, field, body[name], body);
		return { ...request, body };
	}
	return {
		...field.property,
		routing: { send: { type: 'body', property: name, preSend: [checkBodyField] } },
	};
}

/**
 * A collection whose fields go into the JSON body. One preSend reads the collection once and
 * sends them all: routing on each field would make n8n resolve the whole collection again for
 * every field of every item.
 */
function collectionInBody(
	collection: INodeProperties,
	fields: BodyField[],
	preSend: PreSendAction[],
): INodeProperties {
	async function sendFields(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		const given = this.getNodeParameter(collection.name, {}) as IDataObject;
		const body = { ...((request.body ?? {}) as IDataObject) };
		for (const field of fields) {
			if (field.property.name in given) putInBody(this, field, given[field.property.name], body);
		}
		return { ...request, body };
	}
	return {
		...collection,
		options: fields.map(({ property }) => property),
		routing: { send: { preSend: [...preSend, sendFields] } },
	};
}

/** "Additional Fields": optional fields of a create. */
export function additionalFields(fields: BodyField[]): INodeProperties {
	return collectionInBody(
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
		},
		fields,
		[],
	);
}

/**
 * "Update Fields": the fields an update may change. With `atLeastOne`, an update with none of
 * them is refused before any request.
 */
export function updateFields(
	fields: BodyField[],
	{ atLeastOne = false }: { atLeastOne?: boolean } = {},
): INodeProperties {
	const names = fields.map(({ property }) => property.name);
	return collectionInBody(
		{
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			...(atLeastOne ? { description: 'Give at least one of these' } : {}),
		},
		fields,
		atLeastOne ? [requireOneOf('updateFields', 'Update Fields', names)] : [],
	);
}

/** Refuses a collection with nothing to send: "at least one of …". */
function requireOneOf(collection: string, label: string, fields: string[]): PreSendAction {
	return async function requireSomething(
		this: IExecuteSingleFunctions,
		request: IHttpRequestOptions,
	) {
		const given = this.getNodeParameter(collection, {}) as IDataObject;
		if (!fields.some((field) => !isEmpty(given[field]))) {
			throw new NodeOperationError(
				this.getNode(),
				`Nothing to update: add at least one of ${fields.map((field) => `"${field}"`).join(', ')} under ${label}`,
				{ itemIndex: this.getItemIndex() },
			);
		}
		return request;
	};
}

/** A text field for the body, trimmed; `convert` checks it further. */
export function textField(
	property: Pick<INodeProperties, 'displayName' | 'name'> & Partial<INodeProperties>,
	convert: Converter = nonEmptyText,
): BodyField {
	return bodyField({ type: 'string', default: '', ...property }, convert);
}

/** The `name` of a record; required on some operations, optional on others. */
export function nameField(what: string, placeholder: string, required: boolean): BodyField {
	return textField({
		displayName: 'Name',
		name: 'name',
		required,
		placeholder: `e.g. ${placeholder}`,
		description: `Name of the ${what}`,
	});
}
