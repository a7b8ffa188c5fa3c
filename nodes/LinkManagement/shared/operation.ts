import type {
	IDataObject,
	IHttpRequestMethods,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import type { Converter } from './validation';

/**
 * What an operation declares about itself, in its own file. The node assembles its properties
 * from these definitions, and the transport, the ID pickers and the trigger read the same facts:
 * nothing else tells them about resources and operations.
 */

/** The request an operation sends: its method, and its path below `/api` with `:name` placeholders. */
export interface OperationRequest {
	method: IHttpRequestMethods;
	path: string;
}

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
	request: OperationRequest;
	/** One entry per `:name` in the path. */
	pathParameters?: Record<string, PathParameter>;
	list?: ListFacts;
	/** Shapes each output record (after the service's envelope is taken off). */
	output?: (record: IDataObject) => IDataObject;
}

/** One operation: its entry in the Operation list, its fields and its facts. */
export interface OperationDefinition extends OperationFacts {
	option: INodePropertyOptions & { value: string; action: string };
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
