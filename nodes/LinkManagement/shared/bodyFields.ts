import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { isResourceLocatorValue } from 'n8n-workflow';

import type { ItemParameters, OperationField, SentField } from './operation';
import type { Converter } from './validation';
import {
	fillIn,
	InputError,
	nonEmptySecret,
	nonEmptyText,
	oneOf,
	positiveWholeNumber,
	quoted,
} from './validation';

/**
 * A field whose value is sent in the request (the JSON body, or the query of a list) under its
 * own name, with the conversion that checks it. An empty value is left out (or refused when the
 * field is required); anything else goes through `convert`, whose error names the field and
 * stops the item before any request (and which may leave the field out by giving undefined).
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
export const isEmpty = (value: unknown) =>
	value === undefined ||
	value === null ||
	(typeof value === 'string' && value.trim() === '') ||
	(typeof value === 'object' && Object.keys(value).length === 0);

/** Puts `value` into `part` (a body or a query) as the field's checks allow. */
export function putInto(
	{ property, convert, key }: BodyField,
	value: unknown,
	part: IDataObject,
	{ timezone }: ItemParameters,
): void {
	const { displayName: label, required } = property;
	const name = key ?? property.name;
	// A record picked in a collection: its ID, whichever mode gave it.
	const given = isResourceLocatorValue(value) ? value.value : value;
	if (isEmpty(given)) {
		if (required) {
			throw new InputError(`${quoted(label)} is required and must not be empty`, fillIn(label));
		}
		delete part[name];
		return;
	}
	const converted = convert ? convert(given, label, { timezone }) : given;
	// A choice that means "nothing to send" (a filter's "All") converts to undefined.
	if (converted === undefined) delete part[name];
	else part[name] = converted as IDataObject[string];
}

/** A top-level field sent in the body, checked before the request. */
export function sentInBody(field: BodyField): SentField {
	return {
		property: field.property,
		send: (request, parameters) =>
			putInto(field, parameters.raw(field.property.name), request.body, parameters),
	};
}

/** The field an operation shows, whether it is sent or only read. */
export const propertyOf = (field: OperationField): INodeProperties =>
	'send' in field ? field.property : field;

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
 * of them) and sent as its value, or as the word the service uses for it where that differs
 * (`null`: nothing is sent, as for a filter's "All").
 */
export function choiceField(
	property: Pick<INodeProperties, 'displayName' | 'name' | 'description'> & { default: string },
	choices: Array<[name: string, value: string, sentAs?: string | null]>,
	key?: string,
): BodyField {
	const sent = Object.fromEntries(
		choices.map(([, value, sentAs]) => [value, sentAs === null ? undefined : (sentAs ?? value)]),
	);
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

/**
 * A record of the account (a branded domain, a campaign, a plan…) inside a collection, picked
 * with `locator` (From List, or By ID): its ID is sent as a whole number, under `key` if given.
 * Left empty, it is not sent.
 */
export const recordLocatorField = (
	locator: INodeProperties,
	description: string,
	key?: string,
): BodyField => bodyField({ ...locator, required: false, description }, positiveWholeNumber, key);
