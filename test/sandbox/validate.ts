// Input checks. Each throws a 400 ApiError whose message names the field and what is expected.

import { badRequest } from './http';

type Body = Record<string, unknown>;

export function positiveId(raw: string, label: string): number {
	if (!/^[1-9]\d*$/.test(raw) || !Number.isSafeInteger(Number(raw))) {
		throw badRequest(`Invalid ${label} '${decodeSafe(raw)}': expected a positive integer.`);
	}
	return Number(raw);
}

export function requiredString(body: Body, field: string): string {
	const value = body[field];
	if (typeof value !== 'string' || value.trim() === '') {
		throw badRequest(`Field '${field}' is required and must be a non-empty string.`);
	}
	return value;
}

export function optionalString(body: Body, field: string): string | undefined {
	const value = body[field];
	if (value === undefined || value === null) return undefined;
	if (typeof value !== 'string') throw badRequest(`Field '${field}' must be a string.`);
	return value;
}

export function optionalBoolean(body: Body, field: string): boolean | undefined {
	const value = body[field];
	if (value === undefined || value === null) return undefined;
	if (typeof value !== 'boolean')
		throw badRequest(`Field '${field}' must be a boolean (true or false).`);
	return value;
}

export function oneOf<T extends string>(body: Body, field: string, allowed: readonly T[]): T {
	const value = body[field];
	if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
		throw badRequest(`Field '${field}' is required and must be one of: ${allowed.join(', ')}.`);
	}
	return value as T;
}

const RGB = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/;

export function optionalRgb(body: Body, field: string): string | undefined {
	const value = optionalString(body, field);
	if (value === undefined) return undefined;
	const match = RGB.exec(value);
	if (!match || match.slice(1).some((part) => Number(part) > 255)) {
		throw badRequest(`Field '${field}' must be an RGB color like rgb(255,0,0), got '${value}'.`);
	}
	return value;
}

export function optionalHexColor(body: Body, field: string): string | undefined {
	const value = optionalString(body, field);
	if (value === undefined) return undefined;
	if (!/^#[0-9a-fA-F]{6}$/.test(value)) {
		throw badRequest(`Field '${field}' must be a HEX color like #1E90FF, got '${value}'.`);
	}
	return value;
}

export function isHttpUrl(value: string): boolean {
	return /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(value);
}

export function requiredHttpUrl(body: Body, field: string): string {
	const value = requiredString(body, field);
	if (!isHttpUrl(value))
		throw badRequest(`Field '${field}' must start with http:// or https://, got '${value}'.`);
	return value;
}

/** Optional URL; an empty string is accepted and clears the value. */
export function optionalHttpUrl(body: Body, field: string): string | undefined {
	const value = optionalString(body, field);
	if (value === undefined || value === '') return value;
	if (!isHttpUrl(value))
		throw badRequest(
			`Field '${field}' must be a URL starting with http:// or https://, got '${value}'.`,
		);
	return value;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function optionalEmail(body: Body, field: string): string | undefined {
	const value = optionalString(body, field);
	if (value === undefined) return undefined;
	if (!EMAIL.test(value))
		throw badRequest(`Field '${field}' must be a valid e-mail address, got '${value}'.`);
	return value;
}

/** QR content: a string for text/link/phone, a non-empty object or array for the others. */
export function qrData(body: Body, type: string): unknown {
	const value = body.data;
	if (value === undefined || value === null || value === '') {
		throw badRequest(`Field 'data' is required.`);
	}
	if (type === 'text' || type === 'link' || type === 'phone') {
		if (typeof value !== 'string' || value.trim() === '') {
			throw badRequest(`Field 'data' must be a non-empty string for QR type '${type}'.`);
		}
		return value;
	}
	const isEmpty = Array.isArray(value)
		? value.length === 0
		: typeof value === 'object' && Object.keys(value as object).length === 0;
	if (typeof value !== 'object' || isEmpty) {
		throw badRequest(
			`Field 'data' must be a non-empty JSON object or array for QR type '${type}'.`,
		);
	}
	return value;
}

function decodeSafe(raw: string): string {
	try {
		return decodeURIComponent(raw);
	} catch {
		return raw;
	}
}
