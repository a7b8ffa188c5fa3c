import type {
	IDataObject,
	IHttpRequestMethods,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
} from 'n8n-workflow';

import type { Answer } from './answer';
import { readAnswer, reportOf } from './answer';
import { clock } from './clock';
import type { RequestContext } from './context';
import {
	connectionError,
	PROXY_AUTHENTICATION_REQUIRED,
	proxyRefused,
	rateLimitedError,
	redirectRefused,
	serviceError,
} from './errors';
import { answerTook, DeadlineReached, roomToAnswer, roomToWait } from './deadline';
import { readFailure, worthRetrying } from './failures';
import { requestSettled, ticketFor } from './queue';
import { takeTurn } from './turn';
import { backoffMs, pause } from './waits';

/** One request to the service, below its API root. */
export interface ServiceRequest {
	method: IHttpRequestMethods;
	/** Path below the API root, such as `/campaigns`. */
	path: string;
	qs?: IDataObject;
	body?: IDataObject;
}

const IDEMPOTENT_METHODS = ['GET', 'PUT', 'DELETE', 'HEAD', 'OPTIONS'];
const TRANSIENT_STATUSES = [502, 503, 504];
const MAX_TRANSIENT_RETRIES = 3;
const MAX_REDIRECTS = 3;

/**
 * Sends one request through the key's budget, waiting and retrying as the service asks, and
 * returns the body of a successful answer (`error` 0). Anything else becomes an error that
 * carries the service's words. A request that may have been applied (any answer but a rate
 * limit, a dropped connection, a timeout) is sent again only when that cannot apply it twice:
 * never a POST.
 */
export async function sendRequest(
	context: RequestContext,
	request: ServiceRequest,
): Promise<IDataObject> {
	const { settings } = context;
	const ticket = ticketFor(context.party);
	const idempotent = IDEMPOTENT_METHODS.includes(request.method);
	let url = `${context.apiRoot}${request.path}`;
	let rateLimitAnswers = 0;
	let transientRetries = 0;
	let redirects = 0;
	let earlierTryMayHaveApplied = false;
	// Transient faults are tried again only while the item has spent less than one Timeout on
	// them, so that a failing service holds an item for about two Timeouts at most.
	const retriesEndAt = clock.now() + settings.timeoutMs;
	const retryAfterFault = async () => {
		const delayMs = backoffMs(transientRetries);
		const endsAt = Math.min(retriesEndAt, clock.now() + roomToWait(context.deadline, clock.now()));
		if (transientRetries >= MAX_TRANSIENT_RETRIES || clock.now() + delayMs >= endsAt) {
			return false;
		}
		transientRetries++;
		await pause(delayMs, context.signal);
		return true;
	};

	for (;;) {
		await takeTurn(context, ticket);
		const sentAt = clock.now();
		const room = roomToAnswer(context.deadline, sentAt);
		const timeoutMs = Math.max(1, Math.floor(Math.min(settings.timeoutMs, room)));
		const sent = await context.send(requestOptionsFor(context, request, url, timeoutMs)).then(
			(response: IN8nHttpFullResponse) => ({ response }),
			(error: unknown) => ({ failure: readFailure(error) }),
		);
		if ('failure' in sent) {
			const { failure } = sent;
			requestSettled(context.budget, undefined);
			// Cut short by the work's time, not by the Options' Timeout: the work stops here.
			if (failure.reason === 'timedOut' && timeoutMs < settings.timeoutMs) {
				throw new DeadlineReached(context.node);
			}
			if (worthRetrying(failure, idempotent) && (await retryAfterFault())) {
				earlierTryMayHaveApplied ||= !failure.neverSent;
				continue;
			}
			throw connectionError(context, request, failure);
		}
		const { response } = sent;
		if (response.statusCode === PROXY_AUTHENTICATION_REQUIRED) {
			// The proxy's answer, not the service's: nothing of the request reached the service.
			requestSettled(context.budget, undefined);
			throw proxyRefused(context, request);
		}
		answerTook(context.deadline, clock.now() - sentAt);
		const answer = readAnswer(response, clock.now());

		if (answer.kind === 'rateLimited') {
			// The service refused it without applying it: the same request goes again, even a POST.
			const retryAt = answer.retryAt ?? clock.now() + backoffMs(rateLimitAnswers);
			rateLimitAnswers++;
			requestSettled(context.budget, reportOf(answer, retryAt));
			const waitMs = Math.max(0, retryAt - clock.now());
			if (waitMs > roomToWait(context.deadline, clock.now()))
				throw new DeadlineReached(context.node, retryAt);
			// Max Total Wait is the item's: its earlier requests (pages) count too.
			if (
				waitMs > settings.maxWaitMs ||
				context.waited.serviceMs + waitMs > settings.maxTotalWaitMs
			) {
				throw rateLimitedError(context, retryAt);
			}
			context.waited.serviceMs += waitMs;
			continue;
		}
		requestSettled(context.budget, reportOf(answer));
		if (answer.kind === 'redirect') {
			// Only 307 and 308 say the request was not applied and is to be sent again as it is;
			// after any other redirect a POST, PUT or DELETE may already have done its work.
			if (request.method !== 'GET' && ![307, 308].includes(answer.status)) {
				throw redirectRefused(context, request, String(answer.location), 'mayHaveApplied');
			}
			url = redirectTarget(context, request, answer, url);
			if (++redirects > MAX_REDIRECTS) throw serviceError(context, request, answer);
			continue;
		}
		if (TRANSIENT_STATUSES.includes(answer.status) && idempotent && (await retryAfterFault())) {
			earlierTryMayHaveApplied = true;
			continue;
		}
		if (answer.kind !== 'success') {
			throw serviceError(context, request, answer, {
				earlierTryMayHaveApplied:
					idempotent && request.method !== 'GET' && earlierTryMayHaveApplied,
			});
		}
		return answer.body as IDataObject;
	}
}

/**
 * Where a redirect leads. Only within the Base URL's origin: the API key goes nowhere else,
 * so a redirect to another origin fails the item instead of being followed.
 */
function redirectTarget(
	context: RequestContext,
	request: ServiceRequest,
	answer: Answer,
	from: string,
): string {
	let target: URL | undefined;
	try {
		target = new URL(answer.location ?? '', from);
	} catch {
		target = undefined;
	}
	if (!target || target.origin !== new URL(context.apiRoot).origin) {
		throw redirectRefused(context, request, String(answer.location));
	}
	target.search = '';
	return target.toString();
}

/** The options n8n's helper sends one request with: the node's proxy and certificate settings too. */
export function requestOptionsFor(
	context: RequestContext,
	request: ServiceRequest,
	url = `${context.apiRoot}${request.path}`,
	timeoutMs = context.settings.timeoutMs,
): IHttpRequestOptions {
	const { proxy, skipSslCertificateValidation } = context.settings;
	const options: IHttpRequestOptions = {
		method: request.method,
		url,
		headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
		json: true,
		timeout: timeoutMs,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		// Redirects are followed here, within the Base URL's origin only (see redirectTarget).
		disableFollowRedirect: true,
		...(proxy ? { proxy } : {}),
		...(skipSslCertificateValidation ? { skipSslCertificateValidation } : {}),
	};
	if (request.qs && Object.keys(request.qs).length) options.qs = request.qs;
	if (request.body && Object.keys(request.body).length) options.body = request.body;
	return options;
}
