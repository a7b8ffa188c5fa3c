import type { IExecuteFunctions } from 'n8n-workflow';
import { isResourceLocatorValue } from 'n8n-workflow';

import type { ItemParameters } from '../shared/operation';
import { positiveWholeNumber } from '../shared/validation';

/**
 * An item's parameters, each read from n8n at most once, when first asked for: n8n evaluates a
 * parameter's expressions every time it is read (about 0.6 ms each in n8n 2.x), and fields, path
 * parameters and facts may ask for the same one. A parameter the node does not hold gives its
 * fallback without asking n8n.
 */
export function itemParameters(fns: IExecuteFunctions, itemIndex: number): ItemParameters {
	const stored = fns.getNode().parameters;
	const read = new Map<string, unknown>();
	const raw = (name: string, fallback?: unknown) => {
		if (!(name in stored)) return fallback;
		if (!read.has(name)) read.set(name, fns.getNodeParameter(name, itemIndex));
		return read.get(name) ?? fallback;
	};
	const value = (name: string, fallback?: unknown) => {
		const given = raw(name, fallback);
		return isResourceLocatorValue(given) ? given.value : given;
	};
	return { raw, value, timezone: fns.getTimezone() };
}

/** How many records a list operation reads: all of them, or its Limit (checked). */
export function recordLimit(parameter: (name: string, fallback: unknown) => unknown): number {
	if (parameter('returnAll', false) === true) return Infinity;
	return positiveWholeNumber(parameter('limit', 50), 'Limit');
}
