import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { returnAllAndLimit, withArticle } from './descriptions';
import type {
	ListFacts,
	OperationDefinition,
	OperationFacts,
	OperationField,
	PathParameter,
	UpsertFacts,
} from './operation';
import { positiveWholeNumber } from './validation';

/** A path parameter holding a record's ID: a positive whole number. */
export const idParameter = (label: string): PathParameter => ({
	label,
	convert: positiveWholeNumber,
});

/** A Get Many operation: reads `path` page by page, the records under `list.keys`. */
export function getManyOperation(spec: {
	path: string;
	plural: string;
	/** What each record holds, for people and AI agents choosing the operation. */
	returns: string;
	list: ListFacts;
	fields?: OperationField[];
	pathParameters?: Record<string, PathParameter>;
	output?: OperationFacts['output'];
	secretFields?: string[];
}): OperationDefinition {
	const { path, plural, returns, fields = [], ...facts } = spec;
	return {
		option: {
			name: 'Get Many',
			value: 'getAll',
			action: `Get many ${plural}`,
			description: `Retrieve a list of ${plural}, one item each with ${returns}`,
		},
		request: { method: 'GET', path },
		fields: [...fields, ...returnAllAndLimit],
		...facts,
	};
}

/**
 * A Delete operation on one record picked by `locator`, its ID in the path as `:<locator>`. It
 * outputs `{ deleted: true, <locator>: <id> }`, n8n's convention for a deletion, whatever message
 * the service answered with.
 */
export function deleteOperation(
	path: string,
	singular: string,
	locator: INodeProperties,
	id: PathParameter,
): OperationDefinition {
	return {
		option: {
			name: 'Delete',
			value: 'delete',
			action: `Delete ${singular}`,
			description: `Delete ${withArticle(singular)}`,
		},
		request: { method: 'DELETE', path },
		fields: [locator],
		pathParameters: { [locator.name]: id },
		output: (_answer, ids) => ({ deleted: true, [locator.name]: ids[locator.name] }),
	};
}

/**
 * A "Create or Update" operation: the fields of the resource's create (with the matched value
 * among them), and the facts that find, create or update the record.
 */
export function upsertOperation(
	singular: string,
	matchedOn: string,
	fields: OperationField[],
	upsert: UpsertFacts,
): OperationDefinition {
	return {
		option: {
			name: 'Create or Update',
			value: 'upsert',
			action: `Create or update ${singular} by ${matchedOn}`,
			// n8n's scanner (rule node-param-description-wrong-for-upsert, which verification runs
			// with no way to turn it off) wants this sentence; it allows the resource's name, which
			// n8n's UX guidelines ask for.
			description: `Create a new ${singular}, or update the current one if it already exists (upsert)`,
		},
		request: upsert.create.request,
		fields,
		upsert,
	};
}

/** A match on one field that the list shows under the same name. */
export const matchOn =
	(field: string, label: string): UpsertFacts['key'] =>
	() => ({
		field,
		shownAs: field,
		label,
	});

/** The Match On selector of a resource whose records can be found by one of several values. */
export function matchOnField(
	what: string,
	byDefault: string,
	choices: Array<[label: string, value: string]>,
): INodeProperties {
	return {
		displayName: 'Match On',
		name: 'matchOn',
		type: 'options',
		noDataExpression: true,
		default: byDefault,
		description: `Which value finds the ${what} to update`,
		options: choices.map(([label, value]) => ({
			name: label,
			value,
			description: `The ${what} with the same ${label.toLowerCase()} is updated`,
		})),
	};
}

/** What a create would send, without the fields an update does not send. */
export function without(body: IDataObject, ...fields: string[]): IDataObject {
	return Object.fromEntries(Object.entries(body).filter(([field]) => !fields.includes(field)));
}
