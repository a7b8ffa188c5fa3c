import type { INodeProperties } from 'n8n-workflow';

import { returnAllAndLimit } from './descriptions';
import type { ListFacts, OperationDefinition, OperationFacts, PathParameter } from './operation';
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
		},
		request: { method: 'GET', path },
		fields: [...fields, ...returnAllAndLimit],
		...facts,
	};
}

/** A Delete operation on one record picked by `locator`, its ID in the path as `:<locator>`. */
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
			action: `Delete a ${singular}`,
			description: `Delete a ${singular}`,
		},
		request: { method: 'DELETE', path },
		fields: [locator],
		pathParameters: { [locator.name]: id },
	};
}
