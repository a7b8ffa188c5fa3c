// How the `family` profile answers a request, in the product's order: an unknown route is the
// web server's HTML 404 page; then the key (HTTP 403); then the rate limit (HTTP 200 with the
// reason in the body; a refused request is not counted); then what the key may reach (keys.ts);
// then the endpoint, whose errors are HTTP 200 `{error: 1}` answers, and whose crashes (data it
// cannot process) an HTML 500 page.

import { ApiError, htmlPage, Reply } from './http';
import { CannotProcess, familyForms, familyHandler } from './familyRoutes';
import type { RateState } from './rateLimit';
import type { RouteContext, RouteMatch } from './routes';

export const INVALID_KEY_MESSAGE = 'A valid API key is required to use this service.';

export interface FamilyRequest {
	match: RouteMatch | undefined;
	authorized: boolean;
	/** Takes one request of the key's budget (or refuses it without counting it). */
	take: () => RateState;
	/** The refusal of a key that may not use the route (see keys.ts), if it may not. */
	refusal: () => Reply | undefined;
	/** The handler's context; throws an ApiError when the body cannot be read. */
	context: () => RouteContext;
}

export function familyRespond(request: FamilyRequest): Reply {
	const { match } = request;
	if (!match) return htmlPage(404, 'Not Found', 'The requested URL was not found on this server.');
	if (!request.authorized) return { status: 403, body: { error: 1, message: INVALID_KEY_MESSAGE } };
	const rate = request.take();
	if (!rate.allowed) return familyTooMany(rate);
	const reply = request.refusal() ?? answer(match, request.context);
	return { ...reply, headers: { ...rate.headers, ...reply.headers } };
}

/** The family's rate-limit answer: HTTP 200, `Retry-After` in the body and not as a header. */
export function familyTooMany(rate: RateState): Reply {
	const { 'Retry-After': _notAHeader, ...headers } = rate.headers;
	return {
		status: 200,
		body: { error: 429, message: 'Too Many API Requests.', 'Retry-After': rate.retryAfterSeconds },
		headers,
	};
}

function answer(match: RouteMatch, context: () => RouteContext): Reply {
	const { method, pattern, handler } = match.route;
	try {
		const ctx = context();
		const reply = familyHandler(pattern, method, handler)(ctx);
		familyForms(pattern, method, reply, ctx);
		return reply;
	} catch (error) {
		if (error instanceof ApiError) {
			const message = error.label ? `${error.label} not found. Please try again.` : error.message;
			return { status: 200, body: { error: 1, message } };
		}
		const detail = error instanceof CannotProcess ? error.message : 'An unexpected error occurred.';
		return htmlPage(500, 'Internal Server Error', detail);
	}
}
