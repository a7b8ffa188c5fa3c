import type { INode, INodeProperties, NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { OperationDefinition } from '../shared/operation';
import { quoted } from '../shared/validation';
import { isRecord } from '../shared/typeGuards';

/**
 * An AI agent's tool call fills the node's parameters written as `$fromAI('shortUrl', …)` with
 * the arguments the model passed. A refusal of such a value names the argument, which the model
 * knows ('shortUrl'), not the field of the node it never saw ('Link ID'). Read from the node's
 * stored parameters, once per run: nothing is evaluated.
 */

const FROM_AI = /\$fromAI\(\s*(['"`])([A-Za-z0-9_-]{1,64})\1/i;

const argumentIn = (value: unknown): string | undefined => {
	const text = isRecord(value) ? value.value : value;
	return typeof text === 'string' ? FROM_AI.exec(text)?.[2] : undefined;
};

/** The fields' labels, as messages quote them, whose values come from a tool argument: label → argument. */
export function toolArgumentsOf(node: INode, operation: OperationDefinition): Map<string, string> {
	const labels = new Map<string, string>();
	const properties = operation.fields.map((field) =>
		'property' in field ? field.property : field,
	);
	const walk = (values: unknown, fields: INodeProperties[]) => {
		if (!isRecord(values)) return;
		for (const [name, value] of Object.entries(values)) {
			const named = fields.filter((field) => field.name === name);
			const argument = argumentIn(value);
			if (argument) {
				for (const field of named) labels.set(field.displayName, argument);
				const path = operation.pathParameters?.[name];
				if (path) labels.set(path.label, argument);
				continue;
			}
			// A collection's fields (Additional Fields), each as the editor names it.
			walk(
				value,
				named.flatMap((field) => (field.options ?? []) as INodeProperties[]),
			);
		}
	};
	walk(node.parameters, properties);
	return labels;
}

/** The error with each field it quotes that a tool argument filled named as that argument. */
export function inToolTerms<E extends NodeApiError | NodeOperationError>(
	error: E,
	labels: Map<string, string>,
): E {
	for (const [label, argument] of labels) {
		const [field, named] = [quoted(label), quoted(argument)];
		error.message = error.message.split(field).join(named);
		if (typeof error.description === 'string') {
			error.description = error.description.split(field).join(named);
		}
	}
	return error;
}
