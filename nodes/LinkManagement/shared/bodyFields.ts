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

type BodyCheck = (this: IExecuteSingleFunctions, body: IDataObject) => void;

/** The check of each field made by sentInBody, for collections that send their fields at once. */
const bodyChecks = new WeakMap<INodeProperties, BodyCheck>();

const isEmpty = (value: unknown) =>
	value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * Sends a field in the JSON body under its own name. An empty value is left out (or refused,
 * when the field is required); anything else goes through `convert`, whose error names the
 * field and stops the item before any request is sent.
 */
export function sentInBody(
	field: INodeProperties,
	convert?: (value: unknown, label: string, body: IDataObject) => unknown,
): INodeProperties {
	const { name, displayName: label, required } = field;
	const check: BodyCheck = function (body) {
		const value = body[name];
		if (isEmpty(value)) {
			if (required) {
				throw new NodeOperationError(this.getNode(), `${label} is required and must not be empty`, {
					itemIndex: this.getItemIndex(),
				});
			}
			delete body[name];
		} else if (convert) {
			body[name] = guard(this.getNode(), this.getItemIndex(), () =>
				convert(value, label, body),
			) as IDataObject[string];
		}
	};
	async function checkBodyField(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		check.call(this, (request.body ?? {}) as IDataObject);
		return request;
	}
	const sent: INodeProperties = {
		...field,
		routing: { send: { type: 'body', property: name, preSend: [checkBodyField] } },
	};
	bodyChecks.set(sent, check);
	return sent;
}

/**
 * A collection whose fields, made by sentInBody, go into the JSON body. One preSend reads the
 * collection once and sends them all: routing on each field would make n8n resolve the whole
 * collection again for every field of every item.
 */
function sentAsBodyFields(collection: INodeProperties, preSend: PreSendAction[]): INodeProperties {
	const fields = (collection.options ?? []) as INodeProperties[];
	const checks = fields.map((field) => {
		const check = bodyChecks.get(field);
		if (!check) {
			throw new Error(`Field "${field.name}" of "${collection.name}" is not made by sentInBody`);
		}
		return { name: field.name, check };
	});
	async function sendFields(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		const given = this.getNodeParameter(collection.name, {}) as IDataObject;
		const body = { ...((request.body ?? {}) as IDataObject) };
		for (const { name, check } of checks) {
			if (!(name in given)) continue;
			body[name] = given[name];
			check.call(this, body);
		}
		return { ...request, body };
	}
	return {
		...collection,
		options: fields.map((field) => {
			const option = { ...field };
			delete option.routing;
			return option;
		}),
		routing: { send: { preSend: [...preSend, sendFields] } },
	};
}

/** "Additional Fields": optional fields of a create, each made by sentInBody. */
export function additionalFields(fields: INodeProperties[]): INodeProperties {
	return sentAsBodyFields(
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: fields,
		},
		[],
	);
}

/**
 * "Update Fields": the fields an update may change, each made by sentInBody. With
 * `atLeastOne`, an update with none of them is refused before any request.
 */
export function updateFields(
	fields: INodeProperties[],
	{ atLeastOne = false }: { atLeastOne?: boolean } = {},
): INodeProperties {
	const names = fields.map(({ name }) => name);
	return sentAsBodyFields(
		{
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			...(atLeastOne ? { description: 'Give at least one of these' } : {}),
			options: fields,
		},
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

/** The `name` of a record, sent in the body; required on some operations, optional on others. */
export function nameField(what: string, placeholder: string, required: boolean): INodeProperties {
	return textField({
		displayName: 'Name',
		name: 'name',
		required,
		placeholder: `e.g. ${placeholder}`,
		description: `Name of the ${what}`,
	});
}

/** A text field sent in the body, trimmed; `convert` checks it further. */
export function textField(
	field: Pick<INodeProperties, 'displayName' | 'name'> & Partial<INodeProperties>,
	convert: Converter = nonEmptyText,
): INodeProperties {
	return sentInBody({ type: 'string', default: '', ...field }, convert);
}
