import type { IDataObject, IExecutePaginationFunctions, INodeProperties } from 'n8n-workflow';

import type { ResourceDefinition } from './shared/operation';
import {
	listOperationValues,
	operationRegistry,
	resourceOperations,
	resourceSelector,
} from './shared/operation';
import { recordLimit } from './shared/descriptions';
import { requestOptions, requestSettings } from './shared/options';
import { refuseDeclarativeOutput, serviceRouting } from './transport/routing';

/**
 * Assembles the action node from its resources: the Resource and Operation selectors with
 * every operation's fields, the Options, and the routing that sends every request of every
 * operation through the request path with that operation's own facts.
 */
export function assembleActions(resources: ResourceDefinition[], defaultResource: string) {
	const properties: INodeProperties[] = [
		{
			...resourceSelector(resources, defaultResource),
			// Makes n8n hand every request of every operation to the request path.
			routing: { send: { paginate: true } },
		},
		...resources.flatMap(resourceOperations),
		requestOptions(listOperationValues(resources)),
	];
	refuseDeclarativeOutput(properties);

	const registry = operationRegistry(resources);
	const parameter = (fns: IExecutePaginationFunctions, name: string, fallback: unknown) =>
		fns.getNodeParameter(name, fallback) as IDataObject[string];
	const pagination = serviceRouting({
		operationOf: (fns) =>
			registry(String(parameter(fns, 'resource', '')), String(parameter(fns, 'operation', ''))),
		settingsOf: (fns) => ({
			...requestSettings(parameter(fns, 'options', {}) as IDataObject),
			limit: recordLimit({
				returnAll: parameter(fns, 'returnAll', false),
				limit: parameter(fns, 'limit', 50),
			}),
		}),
	});
	return { properties, requestOperations: { pagination } };
}
