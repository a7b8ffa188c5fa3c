import type { IDataObject } from 'n8n-workflow';

import type { OperationFacts } from './operation';

/**
 * The operation's path with its `:name` placeholders filled from `valueOf(name)`, each checked
 * by its path parameter fact; `ids` holds the checked values by name.
 */
export function fillPath(
	{ request, pathParameters }: OperationFacts,
	valueOf: (name: string) => unknown,
): { path: string; ids: IDataObject } {
	const ids: IDataObject = {};
	const path = request.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
		const parameter = pathParameters?.[name];
		if (!parameter) throw new Error(`The path parameter "${name}" is not declared`);
		const value = parameter.convert(valueOf(name), parameter.label);
		ids[name] = value as IDataObject[string];
		return encodeURIComponent(String(value));
	});
	return { path, ids };
}
