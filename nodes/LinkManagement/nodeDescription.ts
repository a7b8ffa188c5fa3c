import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { propertyOf } from './shared/bodyFields';
import { SORT_COLLECTION } from './shared/collections';
import type { OperationDefinition, OperationField, ResourceDefinition } from './shared/operation';
import type { OptionsShown } from './shared/options';
import { requestOptions } from './shared/options';

/**
 * The action node's properties, assembled from its resources: the Resource selector, each
 * resource's Operation selector and fields (each shown only for its operation), the Options, and
 * below them the lists' Sort.
 * The node runs every operation itself (runner/execute.ts) from its fields and facts.
 */
export function nodeProperties(
	resources: ResourceDefinition[],
	defaultResource: string,
): INodeProperties[] {
	const fields = resources.flatMap(resourceProperties);
	// Sorting goes below the Options, as n8n's guidelines place it.
	const isSort = ({ name }: INodeProperties) => name === SORT_COLLECTION;
	const properties = [
		resourceSelector(resources, defaultResource),
		...fields.filter((field) => !isSort(field)),
		requestOptions(optionsShown(resources)),
		...fields.filter(isSort),
	];
	refuseRouting(properties);
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
			options: operations.map(({ option }) => option).sort(byName),
			default: defaultOperation,
		},
		...sharedFields(operations).map(({ field, values }) => {
			const show = { resource: [resource], operation: values };
			return updateDisplayOptions({ show }, [propertyOf(field)])[0];
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
	const placed: Array<{ field: OperationField; values: string[] }> = [];
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
 * Where the Options that concern some operations only are shown. Page Size: the operations that
 * read lists in pages (by their Operation value: the list operations, and Create or Update, which
 * reads one to find its records), not for resources whose lists have none. Include API Keys: the
 * operations whose records hold someone else's secret. Always Update: Create or Update of the
 * resources that remember what it sent.
 */
function optionsShown(resources: ResourceDefinition[]): OptionsShown {
	const values = (operations: OperationDefinition[]) =>
		[...new Set(operations.map(({ option }) => option.value))].sort();
	const readsPages = (operation: OperationDefinition) =>
		operation.upsert !== undefined ||
		(operation.list !== undefined && operation.list.paged !== false);
	const withSecrets = resources.filter(({ operations }) =>
		operations.some(({ secretFields }) => secretFields?.length),
	);
	return {
		pagedLists: {
			operations: values(resources.flatMap(({ operations }) => operations.filter(readsPages))),
			notForResources: resources
				.filter(
					({ operations }) => operations.some(({ list }) => list) && !operations.some(readsPages),
				)
				.map(({ resource }) => resource),
		},
		remembersSent: {
			resources: resources
				.filter(({ operations }) => operations.some(({ upsert }) => upsert?.remembersSent))
				.map(({ resource }) => resource),
		},
		secretFields: {
			resources: withSecrets.map(({ resource }) => resource),
			operations: values(
				withSecrets.flatMap(({ operations }) =>
					operations.filter(({ secretFields }) => secretFields?.length),
				),
			),
		},
	};
}

/**
 * The node runs its operations itself: n8n's declarative routing (`routing` on an operation or a
 * field) is never run, so a property that declares any is refused when the node loads rather than
 * silently ignored. Fields put their values in the request with `send` (shared/bodyFields.ts),
 * operations shape their output with `output`.
 */
function refuseRouting(properties: INodeProperties[]): void {
	const offending = (property: INodeProperties): string[] => {
		const own = property.routing ? [property.name] : [];
		const options = (property.options ?? []) as Array<Partial<INodeProperties>>;
		const nested = options.flatMap((option) =>
			option.routing ? [`${property.name} › ${String(option.name ?? option.displayName)}`] : [],
		);
		return [...own, ...nested];
	};
	const found = properties.flatMap(offending);
	if (found.length) {
		throw new Error(
			`Declarative routing is not run by this node (${found.join(', ')}): send a field's value with its "send", shape the output with the operation's "output"`,
		);
	}
}
