import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { OperationDefinition, ResourceDefinition } from './shared/operation';
import { requestOptions } from './shared/options';
import { routeThroughTransport } from './runner/operationRouting';

/**
 * The action node's properties, assembled from its resources: the Resource selector, each
 * resource's Operation selector and fields (each shown only for its operation), and the Options.
 * Every operation sends its requests through the transport with its own facts.
 */
export function nodeProperties(
	resources: ResourceDefinition[],
	defaultResource: string,
): INodeProperties[] {
	const properties = [
		resourceSelector(resources, defaultResource),
		...resources.flatMap(resourceProperties),
		requestOptions(listOperationValues(resources)),
	];
	refuseDeclarativeOutput(properties);
	return properties;
}

const byName = (a: INodePropertyOptions, b: INodePropertyOptions) => a.name.localeCompare(b.name);

function resourceSelector(
	resources: ResourceDefinition[],
	defaultResource: string,
): INodeProperties {
	return {
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: resources
			.map(({ displayName, resource }) => ({ name: displayName, value: resource }))
			.sort(byName),
		default: defaultResource,
	};
}

/** A resource's Operation selector, then every operation's fields. */
function resourceProperties({
	resource,
	defaultOperation,
	operations,
}: ResourceDefinition): INodeProperties[] {
	return [
		{
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: [resource] } },
			options: operations.map(operationOption).sort(byName),
			default: defaultOperation,
		},
		...sharedFields(operations).map(({ field, values }) => {
			const show = { resource: [resource], operation: values };
			return updateDisplayOptions({ show }, [field])[0];
		}),
	];
}

/**
 * Every operation's fields, a field that several operations share (the same object: a record
 * picker, Create's fields in Create or Update) once, shown for all of them, in an order that
 * keeps each operation's own. n8n evaluates every property of the node for every item, so one
 * property instead of several makes every item cheaper. A field two operations order
 * differently is given twice.
 */
function sharedFields(operations: OperationDefinition[]) {
	const placed: Array<{ field: INodeProperties; values: string[] }> = [];
	for (const { option, fields } of operations) {
		let next = 0;
		for (const field of fields) {
			const at = placed.findIndex((entry) => entry.field === field);
			if (at >= next) {
				placed[at].values.push(option.value);
				next = at + 1;
			} else {
				placed.splice(next, 0, { field, values: [option.value] });
				next++;
			}
		}
	}
	return placed;
}

/**
 * An operation's entry in the Operation list. Its routing hands every request of the operation
 * to the transport (n8n calls a custom `pagination` for each item when `paginate` is set).
 */
function operationOption(operation: OperationDefinition): INodePropertyOptions {
	return {
		...operation.option,
		routing: {
			...operation.option.routing,
			send: { ...operation.option.routing?.send, paginate: true },
			operations: { pagination: routeThroughTransport(operation) },
		},
	};
}

/**
 * The operations that read lists, by their Operation value (for fields shown only on them): the
 * list operations, and Create or Update, which reads one to find its records.
 */
function listOperationValues(resources: ResourceDefinition[]): string[] {
	const values = resources.flatMap(({ operations }) =>
		operations
			.filter((operation) => operation.list || operation.upsert)
			.map(({ option }) => option.value),
	);
	return [...new Set(values)].sort();
}

/**
 * Output is shaped by each operation's `output` fact; the transport runs no declarative
 * `routing.output` step, so a property that declares one is refused when the node loads rather
 * than silently skipped.
 */
function refuseDeclarativeOutput(properties: INodeProperties[]): void {
	const offending = (property: INodeProperties): string[] => {
		const own = property.routing?.output ? [property.name] : [];
		const options = (property.options ?? []) as Array<Partial<INodeProperties>>;
		const nested = options.flatMap((option) =>
			option.routing?.output ? [`${property.name} › ${String(option.name)}`] : [],
		);
		return [...own, ...nested];
	};
	const found = properties.flatMap(offending);
	if (found.length) {
		throw new Error(
			`Declarative output steps are not run by the transport (${found.join(', ')}): shape the output with the operation's "output" instead`,
		);
	}
}
