import type { IDataObject, NodeApiError, NodeOperationError } from 'n8n-workflow';

import { userInfoOf } from '../shared/addresses';

/**
 * A credential's secrets (the API key, a user name and password in the Base URL) are replaced
 * by *** wherever they could show: in error texts and in output items (a service may echo the
 * key back). Secrets shorter than 4 characters are left alone: replacing them would mangle
 * ordinary text.
 */

export type Secrets = readonly string[];

const MASK = '***';
const MIN_LENGTH = 4;

/**
 * Every secret of a credential (and `more`, such as a proxy's password), also in the forms it
 * takes inside a URL.
 */
export function secretsOf(
	credentials: { baseUrl?: unknown; apiKey?: unknown },
	more: string[] = [],
): Secrets {
	const apiKey = typeof credentials.apiKey === 'string' ? credentials.apiKey.trim() : '';
	const userInfo = userInfoOf(typeof credentials.baseUrl === 'string' ? credentials.baseUrl : '');
	const found = [apiKey, ...(userInfo ? [userInfo, ...userInfo.split(':')] : []), ...more];
	const forms = found.flatMap((secret) => [secret, encodeURIComponent(secret), safeDecode(secret)]);
	// Longest first, so that a secret containing another is masked whole.
	return [...new Set(forms)]
		.filter((secret) => secret.length >= MIN_LENGTH)
		.sort((a, b) => b.length - a.length);
}

function safeDecode(text: string): string {
	try {
		return decodeURIComponent(text);
	} catch {
		return text;
	}
}

export function redact(secrets: Secrets, text: string): string {
	return secrets.reduce((masked, secret) => masked.split(secret).join(MASK), text);
}

/** A copy of `value` with the secrets replaced in every string, keys of objects included. */
export function redactDeep<T>(secrets: Secrets, value: T): T {
	if (secrets.length === 0) return value;
	if (typeof value === 'string') return redact(secrets, value) as T;
	if (Array.isArray(value)) return value.map((entry) => redactDeep(secrets, entry) as unknown) as T;
	if (typeof value === 'object' && value !== null) {
		const copy: IDataObject = {};
		for (const [key, entry] of Object.entries(value as IDataObject)) {
			copy[redact(secrets, key)] = redactDeep(secrets, entry);
		}
		return copy as T;
	}
	return value;
}

/**
 * A copy of `value` without the fields of these names, at any depth: secrets of others that an
 * answer holds by design (a user's own API key), unlike the credential's, which are masked.
 */
export function withoutFields<T>(value: T, fields: readonly string[]): T {
	if (fields.length === 0 || typeof value !== 'object' || value === null) return value;
	if (Array.isArray(value)) {
		return value.map((entry: unknown) => withoutFields(entry, fields)) as T;
	}
	return Object.fromEntries(
		Object.entries(value)
			.filter(([key]) => !fields.includes(key))
			.map(([key, entry]) => [key, withoutFields(entry as unknown, fields)]),
	) as T;
}

/** The error with the secrets replaced in its message, description and context. */
export function redactError<T extends NodeApiError | NodeOperationError>(
	secrets: Secrets,
	error: T,
) {
	error.message = redact(secrets, error.message);
	if (typeof error.description === 'string') error.description = redact(secrets, error.description);
	error.context = redactDeep(secrets, error.context ?? {});
	return error;
}
