import type {
	IDataObject,
	IDisplayOptions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { returnAllAndLimit } from './descriptions';
import type { Converter } from './validation';
import { parsePositiveId } from './validation';

/**
 * What an operation declares about itself, in its own file. The request path reads these
 * facts and knows nothing else of resources and operations.
 */

/** A `:name` placeholder in an operation's path: how it is named in messages and checked. */
export interface PathParameter {
	label: string;
	/** The value to put in the path; throws an InputError naming the label when it is not usable. */
	convert: Converter;
}

/** An operation that reads a list page by page. */
export interface ListFacts {
	/** The key(s) of the records array in the service's envelope, first found wins. */
	keys: string[];
	/** Fields that together identify a record (default `id`): a record is output once per run. */
	identity?: string[];
}

export interface OperationFacts {
	/** One entry per `:name` in the path. */
	pathParameters?: Record<string, PathParameter>;
	list?: ListFacts;
	/** Shapes each output record (after the service's envelope is taken off). */
	output?: (record: IDataObject) => IDataObject;
}

/** One operation: its entry in the Operation list (with its request), its fields and facts. */
/**
 * The route's `:name` placeholders filled from `valueOf(name)`, each checked by its path
 * parameter fact; `ids` holds the checked values by name.
 */
export function fillPath(
	route: string,
	facts: OperationFacts,
	valueOf: (name: string) => unknown,
): { path: string; ids: IDataObject } {
	const ids: IDataObject = {};
	const path = route.replace(/:([A-Za-z]+)/g, (_, name: string) => {
		const parameter = facts.pathParameters?.[name];
		if (!parameter) throw new Error(`The path parameter "${name}" is not declared`);
		const value = parameter.convert(valueOf(name), parameter.label);
		ids[name] = value as IDataObject[string];
		return encodeURIComponent(String(value));
	});
	return { path, ids };
}

export interface OperationDefinition extends OperationFacts {
	option: INodePropertyOptions & { value: string };
	fields: INodeProperties[];
}

/** A resource: its entry in the Resource list and its operations. */
export interface ResourceDefinition {
	/** The `resource` parameter's value, stored in workflows. */
	resource: string;
	displayName: string;
	defaultOperation: string;
	operations: OperationDefinition[];
}

/** The Resource selector, offering every resource under its display name. */
export function resourceSelector(
	resources: ResourceDefinition[],
	defaultResource: string,
): INodeProperties {
	return {
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: resources
			.map(({ displayName, resource }): INodePropertyOptions => ({
				name: displayName,
				value: resource,
			}))
			.sort((a, b) => a.name.localeCompare(b.name)),
		default: defaultResource,
	};
}

/**
 * The Operation selector of a resource plus every operation's fields, each field shown only
 * for its resource and operation.
 */
export function resourceOperations({
	resource,
	defaultOperation,
	operations,
}: ResourceDefinition): INodeProperties[] {
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

/** Finds the facts of the operation n8n runs; `undefined` for one no resource declares. */
export type OperationRegistry = (resource: string, operation: string) => OperationFacts | undefined;

export function operationRegistry(resources: ResourceDefinition[]): OperationRegistry {
	const byKey = new Map<string, OperationFacts>();
	for (const resource of resources) {
		for (const operation of resource.operations) {
			byKey.set(`${resource.resource}:${operation.option.value}`, operation);
		}
	}
	return (resource, operation) => byKey.get(`${resource}:${operation}`);
}

/** The operations that read lists, by their Operation value (for fields shown only on them). */
export function listOperationValues(resources: ResourceDefinition[]): string[] {
	const values = resources.flatMap(({ operations }) =>
		operations.filter((operation) => operation.list).map(({ option }) => option.value),
	);
	return [...new Set(values)].sort();
}

/** A path parameter holding a record's ID: a positive whole number. */
export const idParameter = (label: string): PathParameter => ({ label, convert: parsePositiveId });

/** A Get Many operation: reads `path` page by page, the records under `key`. */
export function getManyOperation(spec: {
	path: string;
	plural: string;
	/** What each record holds, for people and AI agents choosing the operation. */
	returns: string;
	list: ListFacts;
	fields?: INodeProperties[];
	pathParameters?: Record<string, PathParameter>;
	output?: OperationFacts['output'];
}): OperationDefinition {
	const { path, plural, returns, fields = [], ...facts } = spec;
	return {
		option: {
			name: 'Get Many',
			value: 'getAll',
			action: `Get many ${plural}`,
			description: `Get many ${plural}, one item each with ${returns}`,
			routing: { request: { method: 'GET', url: path } },
		},
		fields: [...fields, ...returnAllAndLimit],
		...facts,
	};
}

/** A Delete operation on one record picked by `locator`, its ID in the path as `:<locator>`. */
export function deleteOperation(
	path: string,
	singular: string,
	locator: INodeProperties,
	idLabel: string,
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
		pathParameters: { [locator.name]: idParameter(idLabel) },
	};
}
