import { isRecord } from '../shared/typeGuards';
import type { Answer } from './answer';

const MAX_SHOWN = 200;

/**
 * What the service said, wherever it put it: `message` as text, `message` as an object of field
 * errors ("field: text; …"), `error` as text; else what kind of answer it was.
 */
export function serviceWords(answer: Answer): string {
	const { body, status } = answer;
	if (isRecord(body)) {
		const fromMessage = wordsOf(body.message);
		if (fromMessage) return fromMessage;
		if (typeof body.error === 'string' && body.error.trim() && !/^\d+$/.test(body.error.trim())) {
			return body.error.trim();
		}
		return `The service refused the request (HTTP ${status}) without saying why`;
	}
	if (body === '')
		return `The service answered HTTP ${status} with an empty answer instead of a result`;
	if (typeof body === 'string') {
		const title = /<title[^>]*>([^<]*)<\/title>/i.exec(body)?.[1]?.trim();
		if (/<html|<!doctype html/i.test(body)) {
			return `The service answered HTTP ${status} with an HTML page${title ? ` ("${shorten(title)}")` : ''} instead of JSON`;
		}
		return `The service answered HTTP ${status} with text that is not JSON: "${shorten(body.trim())}"`;
	}
	return `The service answered HTTP ${status} with JSON that is not an object`;
}

function wordsOf(message: unknown): string | undefined {
	if (typeof message === 'string') return message.trim() || undefined;
	if (Array.isArray(message)) {
		const parts = message.map(wordsOf).filter(Boolean);
		return parts.length ? parts.join('; ') : undefined;
	}
	if (isRecord(message)) {
		const parts = Object.entries(message).map(([field, text]) => {
			const words = wordsOf(text) ?? JSON.stringify(text);
			return `${field}: ${words}`;
		});
		return parts.length ? parts.join('; ') : undefined;
	}
	return undefined;
}

function shorten(text: string): string {
	const oneLine = text.replace(/\s+/g, ' ');
	return oneLine.length > MAX_SHOWN ? `${oneLine.slice(0, MAX_SHOWN - 1)}…` : oneLine;
}
