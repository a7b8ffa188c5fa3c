import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	PreSendAction,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { Converter } from './validation';
import { guard, nonEmptySecret, nonEmptyText, oneOf } from './validation';

/**
 * A field whose value is sent in the request (the JSON body, or the query of a list) under its
 * own name, with the conversion that checks it. An empty value is left out (or refused when the
 * field is required); anything else goes through `convert`, whose error names the field and
 * stops the item before any request.
 */
export interface BodyField {
	property: INodeProperties;
	convert?: Converter;
	/** The key it is sent under, where that is not its name. */
	key?: string;
}

export const bodyField = (
	property: INodeProperties,
	convert?: Converter,
	key?: string,
): BodyField => ({ property, convert, key });

/** Nothing given: no value, blanks, an empty list or an empty collection. */
const isEmpty = (value: unknown) =>
	value === undefined ||
	value === null ||
	(typeof value === 'string' && value.trim() === '') ||
	(typeof value === 'object' && Object.keys(value).length === 0);

/** Puts `value` into `part` (a body or a query) as the field's checks allow. */
function putInto(
	fns: IExecuteSingleFunctions,
	{ property, convert, key }: BodyField,
	value: unknown,
	part: IDataObject,
): void {
	const { displayName: label, required } = property;
	const name = key ?? property.name;
	if (isEmpty(value)) {
		if (required) {
			throw new NodeOperationError(fns.getNode(), `${label} is required and must not be empty`, {
				itemIndex: fns.getItemIndex(),
			});
		}
		delete part[name];
		return;
	}
	const context = { timezone: fns.getTimezone() };
	part[name] = (
		convert ? guard(fns.getNode(), fns.getItemIndex(), () => convert(value, label, context)) : value
	) as IDataObject[string];
}

/** A top-level field sent in the body: n8n puts it there, its check runs before the request. */
export function sentInBody(field: BodyField): INodeProperties {
	const { name } = field.property;
	async function checkBodyField(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		const body = { ...((request.body ?? {}) as IDataObject) };
		putInto(this, field, body[name], body);
		return { ...request, body };
	}
	return {
		...field.property,
		routing: { send: { type: 'body', property: name, preSend: [checkBodyField] } },
	};
}

/** Checks what a collection sent as a whole (fields that go together); throws an InputError. */
export type CollectionCheck = (sent: IDataObject) => void;

/**
 * A collection whose fields go into the JSON body (or the query). One preSend reads the
 * collection once and sends them all: routing on each field would make n8n resolve the whole
 * collection again for every field of every item.
 */
function collectionIn(
	part: 'body' | 'qs',
	collection: INodeProperties,
	fields: BodyField[],
	{ preSend = [], check }: { preSend?: PreSendAction[]; check?: CollectionCheck } = {},
): INodeProperties {
	async function sendFields(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		const given = this.getNodeParameter(collection.name, {}) as IDataObject;
		const sent = { ...((request[part] ?? {}) as IDataObject) };
		for (const field of fields) {
			if (field.property.name in given) putInto(this, field, given[field.property.name], sent);
		}
		if (check) guard(this.getNode(), this.getItemIndex(), () => check(sent));
		return { ...request, [part]: sent };
	}
	return {
		...collection,
		options: fields.map(({ property }) => property),
		routing: { send: { preSend: [...preSend, sendFields] } },
	};
}

/** "Additional Fields": optional fields of a create. */
export function additionalFields(fields: BodyField[], check?: CollectionCheck): INodeProperties {
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

/** "Filters" of a list, sent in its query. */
export function queryFilters(fields: BodyField[]): INodeProperties {
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
	);
}

/**
 * "Update Fields": the fields an update may change. With `atLeastOne`, an update with none of
 * them is refused before any request.
 */
export function updateFields(
	fields: BodyField[],
	{ atLeastOne = false, check }: { atLeastOne?: boolean; check?: CollectionCheck } = {},
): INodeProperties {
	const names = fields.map(({ property }) => property.name);
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
		{ preSend: atLeastOne ? [requireOneOf('updateFields', 'Update Fields', names)] : [], check },
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

/** A text field, trimmed; `convert` checks it further. */
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

/**
 * A choice among fixed values: offered by name, checked (a value from an expression must be one
 * of them) and sent as its value, or as the word the service uses for it where that differs.
 */
export function choiceField(
	property: Pick<INodeProperties, 'displayName' | 'name' | 'description'> & { default: string },
	choices: Array<[name: string, value: string, sentAs?: string]>,
	key?: string,
): BodyField {
	const sent = Object.fromEntries(choices.map(([, value, sentAs]) => [value, sentAs ?? value]));
	const known = oneOf(Object.keys(sent));
	return bodyField(
		{ ...property, type: 'options', options: choices.map(([name, value]) => ({ name, value })) },
		(value, label) => sent[known(value, label) as string],
		key,
	);
}

/** A password, sent exactly as typed (spaces can be part of it). */
export const passwordField = (description: string): BodyField =>
	bodyField(
		{
			displayName: 'Password',
			name: 'password',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description,
		},
		nonEmptySecret,
	);
