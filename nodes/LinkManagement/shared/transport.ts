import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INode,
	INodeExecutionData,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import { apiRootFromBaseUrl } from './baseUrl';
import {
	budgetKey,
	readRateLimit,
	RESET_MARGIN_MS,
	retryTimeFromHeaders,
	settleSlot,
	takeSlot,
} from './rateLimit';
import { InputError, oneOf, parsePositiveId } from './validation';

/**
 * The one request path. Every operation of the node reaches the service through
 * `sendToService` below (the node-level pagination function, which n8n calls for each item),
 * and the ID pickers through `requestService`. Here, once: base URL, path parameters, the
 * shared rate-limit budget, waits and retries, the service's envelope and its errors, and
 * page-by-page reading of lists.
 */

export const CREDENTIAL_TYPE = 'linkManagementApi';

/** Operations that read a list page by page. */
export const LIST_OPERATIONS = ['getAll', 'getItems'];
const IDEMPOTENT_METHODS = ['GET', 'PUT', 'DELETE', 'HEAD', 'OPTIONS'];
const TRANSIENT_STATUSES = [502, 503, 504];
/** Network errors after which the request may have reached the service. */
const DROPPED_CONNECTION_CODES = [
	'ECONNRESET',
	'EPIPE',
	'ECONNABORTED',
	'ETIMEDOUT',
	'ESOCKETTIMEDOUT',
];
/** Network errors that mean the request never left: safe to send again, whatever the method. */
const NOT_SENT_CODES = ['ECONNREFUSED', 'EAI_AGAIN'];
const MAX_TRANSIENT_RETRIES = 3;
const BACKOFF_BASE_MS = 1000;
const BACKOFF_CAP_MS = 30_000;
const DEFAULT_PAGE_SIZE = 100;
const DEFAULT_MAX_WAIT_SECONDS = 120;
const DEFAULT_MAX_TOTAL_WAIT_SECONDS = 300;

const ITEM_TYPES = ['links', 'bio', 'qr'] as const;
const PATH_PARAMETER_LABELS: Record<string, string> = {
	campaignId: 'Campaign ID',
	linkId: 'Link ID',
	qrCodeId: 'QR Code ID',
	channelId: 'Channel ID',
	itemType: 'Item Type',
	itemId: 'Item ID',
	pixelId: 'Pixel ID',
	domainId: 'Domain ID',
};

/** What a request needs from n8n, whichever kind of context sends it. */
export interface RequestContext {
	node: INode;
	itemIndex: number;
	apiRoot: string;
	budget: string;
	send(options: IHttpRequestOptions): Promise<IN8nHttpFullResponse>;
	signal?: AbortSignal;
	maxWaitMs: number;
	maxTotalWaitMs: number;
	apiKey: string;
}

export interface ServiceRequest {
	method: IHttpRequestMethods;
	/** Path below the API root, such as `/campaigns`. */
	path: string;
	qs?: IDataObject;
	body?: IDataObject;
}

interface Credentials {
	baseUrl?: unknown;
	apiKey?: unknown;
}

type HttpHelper = (
	credentialType: string,
	options: IHttpRequestOptions,
) => Promise<IN8nHttpFullResponse>;

/** Builds the request context from credentials; `options` may carry the node's wait limits. */
export function requestContext(
	node: INode,
	itemIndex: number,
	credentials: Credentials,
	send: HttpHelper,
	options: IDataObject = {},
	signal?: AbortSignal,
): RequestContext {
	const apiRoot = guard(node, itemIndex, () => apiRootFromBaseUrl(credentials.baseUrl));
	const apiKey = typeof credentials.apiKey === 'string' ? credentials.apiKey : '';
	const seconds = (name: string, fallback: number) =>
		guard(node, itemIndex, () => positiveNumber(options[name], fallback, labelOf(name)));
	return {
		node,
		itemIndex,
		apiRoot,
		apiKey,
		budget: budgetKey(apiRoot, apiKey),
		send: async (requestOptions) => await send(CREDENTIAL_TYPE, requestOptions),
		signal,
		maxWaitMs: seconds('maxWait', DEFAULT_MAX_WAIT_SECONDS) * 1000,
		maxTotalWaitMs: seconds('maxTotalWait', DEFAULT_MAX_TOTAL_WAIT_SECONDS) * 1000,
	};
}

/**
 * Sends one request through the shared budget, waiting and retrying as the service asks, and
 * returns the body of a successful answer (`error` 0). Anything else becomes a NodeApiError
 * carrying the service's message.
 */
export async function requestService(
	context: RequestContext,
	request: ServiceRequest,
): Promise<IDataObject> {
	let waitedMs = 0;
	let transientRetries = 0;
	let rateLimitRetries = 0;
	const idempotent = IDEMPOTENT_METHODS.includes(request.method);

	for (;;) {
		await takeBudgetSlot(context);
		let response: IN8nHttpFullResponse;
		try {
			response = await context.send(httpOptions(context, request));
		} catch (error) {
			settleSlot(context.budget, undefined, Date.now());
			const code = connectionErrorCode(error);
			const mayResend = NOT_SENT_CODES.includes(code ?? '') || (idempotent && code !== undefined);
			if (mayResend && transientRetries < MAX_TRANSIENT_RETRIES) {
				await pause(context, backoffMs(transientRetries++));
				continue;
			}
			throw connectionError(context, request, error, code);
		}
		settleSlot(context.budget, response.headers, Date.now());

		const status = response.statusCode;
		const body = parseBody(response.body);
		const failed = status >= 400 || !isSuccessBody(body);
		const nothingRemains = readRateLimit(response.headers, Date.now()).remaining === 0;

		if (status === 429 || (failed && nothingRemains)) {
			const waitMs = rateLimitWaitMs(response.headers, rateLimitRetries++);
			const resetAt = Date.now() + waitMs;
			if (waitMs > context.maxWaitMs || waitedMs + waitMs > context.maxTotalWaitMs) {
				throw rateLimitedError(context, resetAt, waitedMs);
			}
			waitedMs += waitMs;
			await pause(context, waitMs);
			continue;
		}
		if (
			TRANSIENT_STATUSES.includes(status) &&
			idempotent &&
			transientRetries < MAX_TRANSIENT_RETRIES
		) {
			await pause(context, backoffMs(transientRetries++));
			continue;
		}
		if (failed) throw serviceError(context, status, body);
		return body as IDataObject;
	}
}

/** Waits until the shared budget lets one more request go. */
async function takeBudgetSlot(context: RequestContext): Promise<void> {
	for (;;) {
		const decision = takeSlot(context.budget, Date.now());
		if (decision.kind === 'go') return;
		if (decision.kind === 'waitForAnswer') {
			await untilAborted(decision.answered, context.signal);
			continue;
		}
		const waitMs = Math.max(0, decision.time - Date.now());
		if (waitMs > context.maxWaitMs) throw rateLimitedError(context, decision.time, 0);
		await pause(context, waitMs);
	}
}

function rateLimitWaitMs(headers: IDataObject, retry: number): number {
	const now = Date.now();
	const retryAt = retryTimeFromHeaders(headers, now);
	if (retryAt !== undefined && retryAt > now) return retryAt - now + RESET_MARGIN_MS;
	// No usable header: exponential backoff with jitter.
	return backoffMs(retry);
}

function backoffMs(retry: number): number {
	const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** retry);
	return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}

/** Sleeps with the execution's cancel signal, so stopping the workflow stops the wait at once. */
async function pause(context: RequestContext, ms: number): Promise<void> {
	await untilAborted(sleep(ms, context.signal), context.signal);
}

async function untilAborted(promise: Promise<void>, signal?: AbortSignal): Promise<void> {
	if (!signal) return await promise;
	let onAbort: () => void = () => {};
	const aborted = new Promise<never>((_, reject) => {
		onAbort = () => reject(new Error('The execution was cancelled'));
		if (signal.aborted) onAbort();
		else signal.addEventListener('abort', onAbort, { once: true });
	});
	try {
		await Promise.race([promise, aborted]);
	} finally {
		signal.removeEventListener('abort', onAbort);
	}
}

function httpOptions(context: RequestContext, request: ServiceRequest): IHttpRequestOptions {
	const options: IHttpRequestOptions = {
		method: request.method,
		url: `${context.apiRoot}${request.path}`,
		headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
	};
	if (request.qs && Object.keys(request.qs).length) options.qs = request.qs;
	if (request.body && Object.keys(request.body).length) options.body = request.body;
	return options;
}

function parseBody(body: unknown): unknown {
	if (typeof body !== 'string') return body;
	try {
		return JSON.parse(body);
	} catch {
		return body;
	}
}

function isSuccessBody(body: unknown): boolean {
	// `error` is 0 on success, "0" in list answers: compared loosely, as the reference asks.
	return typeof body === 'object' && body !== null && String((body as IDataObject).error) === '0';
}

function connectionErrorCode(error: unknown): string | undefined {
	const candidate = error as { code?: unknown; cause?: { code?: unknown }; message?: unknown };
	const code = candidate?.code ?? candidate?.cause?.code;
	if (typeof code === 'string' && [...NOT_SENT_CODES, ...DROPPED_CONNECTION_CODES].includes(code)) {
		return code;
	}
	return /socket hang up|timeout/i.test(String(candidate?.message ?? ''))
		? 'ECONNRESET'
		: undefined;
}

function redact(context: RequestContext, text: string): string {
	return context.apiKey.length >= 4 ? text.split(context.apiKey).join('***') : text;
}

function serviceError(context: RequestContext, status: number, body: unknown): NodeApiError {
	const record = (typeof body === 'object' && body !== null ? body : {}) as IDataObject;
	const serviceMessage =
		typeof record.message === 'string' && record.message.trim()
			? record.message
			: typeof body === 'string' && body.trim()
				? `The service answered HTTP ${status} with a body that is not JSON`
				: `The service answered HTTP ${status} without an error message`;
	const message = redact(context, serviceMessage);
	return new NodeApiError(context.node, { message, httpCode: String(status) } as JsonObject, {
		message,
		description: `The Link Management service reported an error (HTTP ${status}).`,
		httpCode: String(status),
		itemIndex: context.itemIndex,
	});
}

function connectionError(
	context: RequestContext,
	request: ServiceRequest,
	error: unknown,
	code: string | undefined,
): NodeApiError {
	const raw = redact(context, (error as Error)?.message ?? String(error));
	const notResent =
		request.method === 'POST' && code !== undefined && !NOT_SENT_CODES.includes(code)
			? ' It was not sent again: the service may already have applied it, so check before running it again.'
			: '';
	// Worded here rather than by n8n's generic mapping, which invites an immediate retry.
	const message = `Could not reach the Link Management service: ${connectionProblem(code)}`;
	return new NodeApiError(context.node, { message } as JsonObject, {
		message,
		description: `${request.method} ${request.path} failed before an answer arrived (${raw}).${notResent}`,
		itemIndex: context.itemIndex,
	});
}

function connectionProblem(code: string | undefined): string {
	if (code === 'ECONNREFUSED') return 'the connection was refused';
	if (code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT') return 'no answer arrived in time';
	if (code === 'EAI_AGAIN') return 'the host name could not be resolved';
	if (code !== undefined) return 'the connection was closed before an answer arrived';
	return 'the request could not be sent';
}

function rateLimitedError(context: RequestContext, resetAt: number, waitedMs: number) {
	const seconds = Math.ceil((resetAt - Date.now()) / 1000);
	return new NodeOperationError(
		context.node,
		`Rate limited by the Link Management service: the window resets at ${new Date(resetAt).toISOString()} (in ${seconds} s)`,
		{
			itemIndex: context.itemIndex,
			description: `The item waited ${Math.round(waitedMs / 1000)} s in all. Waiting longer would pass "Max Wait per Pause" (${context.maxWaitMs / 1000} s) or "Max Total Wait per Item" (${context.maxTotalWaitMs / 1000} s) in the node's Options; raise them, or run fewer items at once.`,
		},
	);
}

/** Runs a check and turns its InputError into a NodeOperationError for the item. */
export function guard<T>(node: INode, itemIndex: number, check: () => T): T {
	try {
		return check();
	} catch (error) {
		if (error instanceof InputError) {
			throw new NodeOperationError(node, error.message, { itemIndex });
		}
		throw new NodeOperationError(node, error as Error, { itemIndex });
	}
}

function positiveNumber(value: unknown, fallback: number, label: string): number {
	if (value === undefined || value === null || value === '') return fallback;
	const number = Number(value);
	if (!Number.isFinite(number) || number <= 0) {
		throw new InputError(`${label} must be a number greater than 0, but got "${String(value)}"`);
	}
	return number;
}

function labelOf(option: string): string {
	const labels: Record<string, string> = {
		maxWait: 'Max Wait per Pause (Seconds)',
		maxTotalWait: 'Max Total Wait per Item (Seconds)',
		pageSize: 'Page Size',
	};
	return labels[option] ?? option;
}

// ---------------------------------------------------------------------------------------------
// The declarative side: n8n calls this for every item of every operation (see the node's
// `requestOperations.pagination`), with the request its routing built.

type RoutingRequest = DeclarativeRestApiSettings.ResultOptions;

export async function sendToService(
	this: IExecutePaginationFunctions,
	requestData: RoutingRequest,
): Promise<INodeExecutionData[]> {
	const itemIndex = this.getItemIndex();
	try {
		const items = await runOperation.call(this, requestData, itemIndex);
		return items.map((item) => ({ ...item, pairedItem: { item: itemIndex } }));
	} catch (caught) {
		const error =
			caught instanceof NodeApiError || caught instanceof NodeOperationError
				? caught
				: new NodeOperationError(this.getNode(), caught as Error, { itemIndex });
		if (this.continueOnFail()) {
			return [{ json: { error: error.message }, error, pairedItem: { item: itemIndex } }];
		}
		throw error;
	}
}

async function runOperation(
	this: IExecutePaginationFunctions,
	requestData: RoutingRequest,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const node = this.getNode();
	const options = this.getNodeParameter('options', {}) as IDataObject;
	const credentials = (await this.getCredentials(CREDENTIAL_TYPE)) as Credentials;
	const context = requestContext(
		node,
		itemIndex,
		credentials,
		this.helpers.httpRequestWithAuthentication.bind(this),
		options,
		this.getExecutionCancelSignal(),
	);
	const { path, ids } = resolvePath(this, String(requestData.options.url ?? ''), context);
	const request: ServiceRequest = {
		method: (requestData.options.method ?? 'GET') as IHttpRequestMethods,
		path,
		qs: { ...(requestData.options.qs as IDataObject) },
		body: { ...(requestData.options.body as IDataObject) },
	};

	const operation = this.getNodeParameter('operation', '') as string;
	if (LIST_OPERATIONS.includes(operation)) {
		const collected: INodeExecutionData[] = [];
		await readPages(this, context, request, options, async (records, response) => {
			collected.push(...(await afterReceive(this, requestData, records, response)));
		});
		return collected;
	}
	const body = await requestService(context, request);
	return await afterReceive(this, requestData, [unwrap(body, ids)], { body });
}

/**
 * Fills `:name` placeholders in a route from the node's parameters: IDs must be positive
 * whole numbers, the item type one of the service's three.
 */
function resolvePath(
	fns: IExecutePaginationFunctions,
	route: string,
	context: RequestContext,
): { path: string; ids: IDataObject } {
	const ids: IDataObject = {};
	const path = route.replace(/:([A-Za-z]+)/g, (_, name: string) => {
		const raw = fns.getNodeParameter(name, undefined, { extractValue: true });
		const label = PATH_PARAMETER_LABELS[name] ?? name;
		const value = guard(context.node, context.itemIndex, () =>
			name === 'itemType' ? (oneOf(ITEM_TYPES)(raw, label) as string) : parsePositiveId(raw, label),
		);
		ids[name] = value;
		return encodeURIComponent(String(value));
	});
	return { path, ids };
}

/** The service's envelope off: `error` dropped, a lone `data` record unwrapped, messages marked. */
function unwrap(body: IDataObject, ids: IDataObject): IDataObject {
	const { error: _error, ...rest } = body;
	const keys = Object.keys(rest);
	if (keys.length === 1 && keys[0] === 'data' && isRecord(rest.data)) return rest.data;
	if (keys.length === 1 && keys[0] === 'message')
		return { success: true, message: rest.message, ...ids };
	return rest;
}

/** Applies the operation's own postReceive functions (output shaping) to what arrived. */
async function afterReceive(
	fns: IExecutePaginationFunctions,
	requestData: RoutingRequest,
	records: IDataObject[],
	response: Pick<IN8nHttpFullResponse, 'body'>,
): Promise<INodeExecutionData[]> {
	let items: INodeExecutionData[] = records.map((json) => ({ json }));
	const fullResponse = { body: response.body, headers: {}, statusCode: 200 };
	for (const { actions } of requestData.postReceive) {
		for (const action of actions) {
			if (typeof action === 'function') items = await action.call(fns, items, fullResponse);
		}
	}
	return items;
}

/**
 * Reads a list page by page (page 1, 2, …) until `currentpage >= maxpage`, an empty page,
 * or the Limit. The meaning of `nextpage` and `result` at the last page is undocumented, so
 * neither is trusted. A page is never asked for twice and never more than `maxpage` pages; a
 * service that ignores `page` is reported rather than read forever.
 */
export async function readPages(
	fns: Pick<IExecutePaginationFunctions, 'getNodeParameter'>,
	context: RequestContext,
	request: ServiceRequest,
	options: IDataObject,
	onPage: (records: IDataObject[], response: { body: IDataObject }) => Promise<void>,
): Promise<void> {
	const returnAll = fns.getNodeParameter('returnAll', false) as boolean;
	const limit = returnAll
		? Infinity
		: guard(context.node, context.itemIndex, () =>
				parsePositiveId(fns.getNodeParameter('limit', 50), 'Limit'),
			);
	const pageSize = guard(context.node, context.itemIndex, () =>
		parsePositiveId(options.pageSize ?? DEFAULT_PAGE_SIZE, 'Page Size'),
	);
	// The same size on every page, so that page numbers keep meaning the same records.
	const perPage = Math.min(pageSize, limit);

	let collected = 0;
	let previousPage = 0;
	let previousFirstId: unknown;
	for (let page = 1; collected < limit;) {
		const body = await requestService(context, {
			...request,
			qs: { ...request.qs, page, limit: perPage },
		});
		const { records, current: reported, maxPage, perPage: reportedPerPage } = pageOf(body);
		const current = reported ?? page;
		const firstId = records[0]?.id;

		if (
			page > 1 &&
			(current <= previousPage || (firstId !== undefined && firstId === previousFirstId))
		) {
			throw new NodeOperationError(
				context.node,
				`The service answered page ${current} when page ${page} was asked for; stopped reading to avoid repeating records`,
				{
					itemIndex: context.itemIndex,
					description: `${collected} records were read before this. The service seems to ignore the "page" parameter; turn off Return All and use a Limit no larger than one page.`,
				},
			);
		}
		const taken = records.slice(0, limit - collected);
		collected += taken.length;
		if (taken.length) await onPage(taken, { body });

		if (records.length === 0 || (maxPage !== undefined && current >= maxPage)) return;
		// Without maxpage, a page shorter than the page size is the last one.
		if (maxPage === undefined && records.length < (reportedPerPage ?? perPage)) return;
		previousPage = current;
		previousFirstId = firstId;
		page = current + 1;
	}
}

/** A list answer's records and page numbers; the records are the envelope's one array. */
export function pageOf(body: IDataObject): {
	records: IDataObject[];
	current?: number;
	maxPage?: number;
	perPage?: number;
} {
	const envelope = isRecord(body.data) ? body.data : {};
	return {
		records: (Object.values(envelope).find(Array.isArray) ?? []) as IDataObject[],
		current: wholeNumber(envelope.currentpage),
		maxPage: wholeNumber(envelope.maxpage),
		perPage: wholeNumber(envelope.perpage),
	};
}

function wholeNumber(value: unknown): number | undefined {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	return typeof number === 'number' && Number.isInteger(number) ? number : undefined;
}

function isRecord(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
