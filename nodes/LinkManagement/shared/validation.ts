import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { CONFIGURATION_INVALID, declared, NODE_DEFECT } from './causes';

/**
 * Pure input checks and conversions. Each throws an InputError whose message names the field
 * and says what was wrong with its value, and whose description says what value is wanted;
 * `guard` turns it into a NodeOperationError for the item.
 */
export class InputError extends Error {
	constructor(
		message: string,
		/** How to get unstuck: the value that is wanted. */
		readonly description: string,
	) {
		super(message);
	}
}

/** A parameter as messages name it: its display name in single quotes. */
export const quoted = (label: string) => `'${label}'`;

/** What a conversion may need to know of the run: the workflow's time zone, for dates. */
export interface ConversionContext {
	timezone?: string;
}

export type Converter = (value: unknown, label: string, context?: ConversionContext) => unknown;

/** Runs a check and turns its InputError into a NodeOperationError for the item. */
export function guard<T>(node: INode, itemIndex: number, check: () => T): T {
	try {
		return check();
	} catch (error) {
		if (error instanceof InputError) {
			const refusal = new NodeOperationError(node, error.message, {
				itemIndex,
				description: error.description,
			});
			throw declared(refusal, CONFIGURATION_INVALID);
		}
		throw declared(new NodeOperationError(node, error as Error, { itemIndex }), NODE_DEFECT);
	}
}

/** A value as trimmed text; nothing (undefined, null) is the empty text. */
export function text(value: unknown): string {
	if (value === undefined || value === null) return '';
	return typeof value === 'string' ? value.trim() : String(value);
}

/** A whole number given as a number or as its digits (a sign allowed); anything else is undefined. */
export function wholeNumber(value: unknown): number | undefined {
	const candidate =
		typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
	return typeof candidate === 'number' && Number.isSafeInteger(candidate) ? candidate : undefined;
}

export function positiveWholeNumber(value: unknown, label: string): number {
	const trimmed = text(value);
	if (!/^\d+$/.test(trimmed) || Number(trimmed) < 1 || !Number.isSafeInteger(Number(trimmed))) {
		throw new InputError(
			`${quoted(label)} must be a positive whole number (such as 42), but got ${asGiven(value)}`,
			'Give a whole number of 1 or more, such as 42: digits only, without a sign, decimals or other characters.',
		);
	}
	return Number(trimmed);
}

export function oneOf(allowed: readonly string[]): Converter {
	return (value, label) => {
		const candidate = text(value);
		if (!allowed.includes(candidate)) {
			throw new InputError(
				`${quoted(label)} must be one of ${allowed.join(', ')}, but got ${asGiven(value)}`,
				`Choose one of the options, or give one of these values exactly: ${allowed.join(', ')}.`,
			);
		}
		return candidate;
	};
}

export const toBoolean: Converter = (value, label) => {
	if (typeof value === 'boolean') return value;
	const candidate = text(value).toLowerCase();
	if (candidate === 'true') return true;
	if (candidate === 'false') return false;
	throw new InputError(
		`${quoted(label)} must be true or false, but got ${asGiven(value)}`,
		'Turn the switch on or off, or give true or false (a boolean, or that text).',
	);
};

/** What to do about a field left empty. */
export const fillIn = (label: string) =>
	`Fill in ${quoted(label)}, or map it from a field of the input that is not empty.`;

export const nonEmptyText: Converter = (value, label) => {
	const candidate = text(value);
	if (candidate === '') throw new InputError(`${quoted(label)} must not be empty`, fillIn(label));
	return candidate;
};

/** Like nonEmptyText, but sent exactly as given: spaces can be part of a password. */
export const nonEmptySecret: Converter = (value, label) => {
	if (text(value) === '') throw new InputError(`${quoted(label)} must not be empty`, fillIn(label));
	return String(value);
};

/** One or more IDs (a list, or text separated by commas), each a positive whole number. */
export const positiveWholeNumbers: Converter = (value, label) => {
	const given = Array.isArray(value) ? value : text(value).split(',');
	const ids = given
		.map((id) => text(id))
		.filter((id) => id !== '')
		.map((id) => positiveWholeNumber(id, label));
	return [...new Set(ids)];
};

/**
 * Text that can be the last part of a URL path (a short link's alias): no spaces and none of
 * the characters that end a path segment.
 */
export const pathSegment: Converter = (value, label) => {
	const candidate = nonEmptyText(value, label) as string;
	const bad = /[\s/?#\\%]/.exec(candidate);
	if (bad) {
		const shown = /\s/.test(bad[0]) ? 'a space' : `"${bad[0]}"`;
		throw new InputError(
			`${quoted(label)} cannot be part of a link's address: it contains ${shown}, in ${asGiven(value)}`,
			'Use letters, digits, - or _ only, such as summer-sale.',
		);
	}
	return candidate;
};

/** A value as a refusal quotes it: in double quotes, cut at 60 characters; or "nothing". */
export function asGiven(value: unknown): string {
	if (value === undefined || value === null || value === '') return 'nothing';
	const shown = typeof value === 'string' ? value : JSON.stringify(value);
	return `"${shown.length > 60 ? `${shown.slice(0, 57)}...` : shown}"`;
}

/** Something@somewhere.tld, without spaces. */
export const isEmailAddress = (candidate: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(candidate);

export const emailAddress: Converter = (value, label) => {
	const candidate = text(value);
	if (!isEmailAddress(candidate)) {
		throw new InputError(
			`${quoted(label)} must be an email address (such as name@example.com), but got ${asGiven(value)}`,
			'Give one address such as name@example.com, without spaces.',
		);
	}
	return candidate;
};
