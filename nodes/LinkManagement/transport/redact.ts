import type { IDataObject, NodeApiError, NodeOperationError } from 'n8n-workflow';

/**
 * The API key is a secret: it is replaced by *** wherever it could show, in error texts and in
 * output items (a service may echo it back). Keys shorter than 4 characters are left alone:
 * replacing them would mangle ordinary text.
 */

const MASK = '***';

export function redact(secret: { apiKey: string }, text: string): string {
	return secret.apiKey.length >= 4 ? text.split(secret.apiKey).join(MASK) : text;
}

/** A copy of `value` with the key replaced in every string, keys of objects included. */
export function redactDeep<T>(secret: { apiKey: string }, value: T): T {
	if (secret.apiKey.length < 4) return value;
	if (typeof value === 'string') return redact(secret, value) as T;
	if (Array.isArray(value)) return value.map((entry) => redactDeep(secret, entry) as unknown) as T;
	if (typeof value === 'object' && value !== null) {
		const copy: IDataObject = {};
		for (const [key, entry] of Object.entries(value as IDataObject)) {
			copy[redact(secret, key)] = redactDeep(secret, entry);
		}
		return copy as T;
	}
	return value;
}

/** The error with the key replaced in its message, description and context. */
export function redactError<T extends NodeApiError | NodeOperationError>(
	secret: { apiKey: string },
	error: T,
) {
	error.message = redact(secret, error.message);
	if (typeof error.description === 'string') error.description = redact(secret, error.description);
	error.context = redactDeep(secret, error.context ?? {});
	return error;
}
