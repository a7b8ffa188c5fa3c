import type {
	IDataObject,
	IDisplayOptions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { guard, LIST_OPERATIONS } from './transport';
import { nonEmptyText } from './validation';

/** One operation: its entry in the Operation list (with routing) and its own fields. */
export interface OperationDefinition {
	option: INodePropertyOptions & { value: string };
	fields: INodeProperties[];
}

/**
 * The Operation selector of a resource plus every operation's fields, each field shown only
 * for its resource and operation.
 */
export function resourceOperations(
	resource: string,
	operations: OperationDefinition[],
	defaultOperation: string,
): INodeProperties[] {
	const options = operations
		.map(({ option }) => option)
		.sort((a, b) => a.name.localeCompare(b.name));
	const fields = operations.flatMap(({ option, fields: operationFields }) =>
		operationFields.map((field) => showOnlyFor(field, resource, option.value)),
	);
	return [
		{
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: [resource] } },
			options,
			default: defaultOperation,
		},
		...fields,
	];
}

function showOnlyFor(field: INodeProperties, resource: string, operation: string): INodeProperties {
	const show: IDisplayOptions['show'] = {
		...field.displayOptions?.show,
		resource: [resource],
		operation: [operation],
	};
	return { ...field, displayOptions: { ...field.displayOptions, show } };
}

/**
 * Options every operation has: how long to wait for the rate limit; lists also a page size.
 * One property for all operations: n8n evaluates every top-level property for every item.
 */
export const requestOptions: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add option',
	default: {},
	options: [
		{
			displayName: 'Max Total Wait per Item (Seconds)',
			name: 'maxTotalWait',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 300,
			description:
				'Longest time one item may spend waiting after the service answered "rate limited" before it fails',
		},
		{
			displayName: 'Max Wait per Pause (Seconds)',
			name: 'maxWait',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 120,
			description:
				'Longest single pause for the rate limit. When the service asks for a longer one, the item fails at once with the time the window resets.',
		},
		{
			displayName: 'Page Size',
			name: 'pageSize',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 100,
			displayOptions: { show: { '/operation': LIST_OPERATIONS } },
			description:
				'How many records to ask for per request. The service may send fewer per page; the node follows what it says.',
		},
	],
};

/** Return All and Limit, as n8n's list operations have them. Pagination reads both. */
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

/** A resource locator for an ID: picked from a searchable list, or typed in. */
export function idLocator(
	name: string,
	displayName: string,
	searchListMethod: string,
	what: string,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: `The ${what} to use: pick it from the list, or give its numeric ID`,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: `Select a ${what}...`,
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
		],
	};
}

type BodyCheck = (this: IExecuteSingleFunctions, body: IDataObject) => void;

/** The check of each field made by sentInBody, for collections that send their fields at once. */
const bodyChecks = new WeakMap<INodeProperties, BodyCheck>();

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
		if (
			value === undefined ||
			value === null ||
			(typeof value === 'string' && value.trim() === '')
		) {
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
 * A collection (Additional Fields, Update Fields) whose fields, made by sentInBody, go into the
 * JSON body. One preSend reads the collection once and sends them all: routing on each field
 * would make n8n resolve the whole collection again for every field of every item.
 */
export function sentAsBodyFields(collection: INodeProperties): INodeProperties {
	const fields = (collection.options ?? []) as INodeProperties[];
	const checks = fields.map((field) => {
		const check = bodyChecks.get(field);
		if (!check)
			throw new Error(`Field "${field.name}" of "${collection.name}" is not made by sentInBody`);
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
	const existing = collection.routing?.send?.preSend ?? [];
	return {
		...collection,
		options: fields.map(({ routing: _routing, ...field }) => field),
		routing: { send: { preSend: [...existing, sendFields] } },
	};
}

/** The `name` of a record, sent in the body; required on some operations, optional on others. */
export function nameField(what: string, placeholder: string, required: boolean): INodeProperties {
	return sentInBody(
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			default: '',
			required,
			placeholder: `e.g. ${placeholder}`,
			description: `Name of the ${what}`,
		},
		nonEmptyText,
	);
}

/** Refuses a collection with nothing to send: "at least one of …". */
export function atLeastOneOf(collection: string, label: string, fields: string[]) {
	return async function requireSomething(
		this: IExecuteSingleFunctions,
		request: IHttpRequestOptions,
	) {
		const given = this.getNodeParameter(collection, {}) as IDataObject;
		const anything = fields.some((field) => {
			const value = given[field];
			return value !== undefined && value !== null && String(value).trim() !== '';
		});
		if (!anything) {
			throw new NodeOperationError(
				this.getNode(),
				`Nothing to update: add at least one of ${fields.map((field) => `"${field}"`).join(', ')} under ${label}`,
				{ itemIndex: this.getItemIndex() },
			);
		}
		return request;
	};
}

/** A Get Many operation: reads `path` page by page (see readPages in transport.ts). */
export function getManyOperation(spec: {
	path: string;
	plural: string;
	/** What each record holds, for people and AI agents choosing the operation. */
	returns: string;
	fields?: INodeProperties[];
	postReceive?: NonNullable<NonNullable<INodePropertyOptions['routing']>['output']>['postReceive'];
}): OperationDefinition {
	const { path, plural, returns, fields = [], postReceive = [] } = spec;
	return {
		option: {
			name: 'Get Many',
			value: 'getAll',
			action: `Get many ${plural}`,
			description: `Get many ${plural}, one item each with ${returns}`,
			routing: { request: { method: 'GET', url: path }, output: { postReceive } },
		},
		fields: [...fields, ...returnAllAndLimit],
	};
}

/** A Delete operation on one record picked by `locator`. */
export function deleteOperation(
	path: string,
	singular: string,
	locator: INodeProperties,
): OperationDefinition {
	return {
		option: {
			name: 'Delete',
			value: 'delete',
			action: `Delete a ${singular}`,
			description: `Delete a ${singular}`,
			routing: { request: { method: 'DELETE', url: path } },
		},
		fields: [locator],
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
