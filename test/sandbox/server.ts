// In-memory sandbox of the Link-Management Service API v3, served on 127.0.0.1 only.

import { createServer, IncomingMessage, ServerResponse } from 'http';

import { familyRespond, familyTooMany } from './family';
import { FaultInjector } from './faults';
import { keyRefusal } from './keys';
import { HOST, listen, stop, trackSockets } from './listening';
import { ApiError, errorReply, parseJsonBody, readBody, Reply } from './http';
import {
	FAULT_KINDS,
	FaultKind,
	FaultOptions,
	resolveFaults,
	resolveOptions,
	SandboxOptions,
} from './options';
import { matchNotificationControl, Notifier } from './notifications';
import { seedOrphans } from './profile';
import { matchPublic, PublicMatch } from './publicRoutes';
import { RateLimiter, RateState } from './rateLimit';
import { matchRoute, RouteContext, RouteMatch } from './routes';
import { LinkRecord, Store } from './store';
import type { KeyHolder } from './users';
import type { VisitRequest } from './visits';

export {
	parseSandboxArgs,
	resolveOptions,
	CLI_DEFAULT_PORT,
	DEFAULT_OPTIONS,
	USAGE,
} from './options';
export type { ListOrder, Profile, ProfileSwitches, RemainingMode } from './profile';
export type { PlanFeature } from './plan';
export { PLAN_FEATURES } from './plan';
export type { Visit } from './visits';
export type { Delivery, NotificationUrls, Notifier } from './notifications';
export { SEEDED_LINK_EXPIRY, SEEDED_LINK_PASSWORD } from './seed';
export type {
	FaultDecider,
	FaultKind,
	FaultOptions,
	FaultRequestInfo,
	LinkDetailsForm,
	ResetFormat,
	SandboxOptions,
	SeedCollection,
	SeedCounts,
} from './options';
export { Store } from './store';
export { ROUTES } from './routes';

export { HOST } from './listening';
const MAX_LOG_ENTRIES = 5000;

export interface RequestLogEntry {
	n: number;
	method: string;
	/** Path and query as requested (including any basePath). */
	url: string;
	/** Route pattern such as `GET /api/qr/:id` or `GET /:alias`; `undefined` for an unknown one. */
	route?: string;
	/** HTTP status sent, or `dropped` when the socket was destroyed. */
	status: number | 'dropped';
	fault: FaultKind | null;
	contentType?: string;
	/** Raw request body (the Authorization header is never logged). */
	body: string;
}

export interface SandboxStats {
	/** Every request received, including faulted and refused ones (and public addresses). */
	requests: number;
	/** Rate-limit answers sent (real and injected; the family's HTTP 200 `error: 429` too). */
	rateLimited: number;
	/** 401 and 403 answers sent for a missing or wrong key. */
	unauthorized: number;
	/**
	 * Requests per route, keyed `METHOD /api/pattern` (public addresses: `GET /:alias` …; unknown
	 * endpoints: `METHOD /raw/path`).
	 */
	byPath: Record<string, number>;
	/** Answers per status; `dropped` counts destroyed sockets. */
	byStatus: Record<string, number>;
	/** Injected faults per kind. */
	faults: Record<FaultKind, number>;
	/** The latest requests, oldest first (at most 5000). */
	log: RequestLogEntry[];
}

export interface Sandbox {
	/** Base URL without `/api`, e.g. `http://127.0.0.1:4010` or `http://127.0.0.1:4010/short`. */
	url: string;
	apiKey: string;
	port: number;
	/** The resolved options the sandbox runs with. */
	options: SandboxOptions;
	store: Store;
	stats: SandboxStats;
	/** The notification URLs (set them, read the deliveries): notifications.ts. */
	notifications: Notifier;
	stop(): Promise<void>;
	/** Reseeds the store and clears stats, rate-limit buckets and the fault script position. */
	reset(): void;
	/** Replaces all fault settings (not merged) and restarts the script. */
	setFaults(faults: Partial<FaultOptions>): void;
}

export async function startSandbox(partial: Partial<SandboxOptions> = {}): Promise<Sandbox> {
	const options = resolveOptions(partial);
	const server = createServer();
	const sockets = trackSockets(server);
	const port = await listen(server, options.port);
	const url = `http://${HOST}:${port}${options.basePath}`;

	const app: App = {
		options,
		store: Store.create(
			url,
			options.seed,
			options.now,
			(store) => seedOrphans(store, options.orphanedItems, options.order),
			options,
		),
		stats: emptyStats(),
		limiter: new RateLimiter(
			options.rateLimit,
			options.rateWindowMs,
			options.resetFormat,
			options.now,
			{
				window: options.profile === 'family' ? 'firstRequest' : 'epoch',
				remaining: options.remaining,
				headers: options.rateHeaders,
			},
		),
		faults: new FaultInjector(resolveFaults(options.faults), options.randomSeed),
		notifier: new Notifier(options.notificationUrls, options.now),
		timers: new Set(),
	};
	server.on('request', (req: IncomingMessage, res: ServerResponse) => {
		handle(app, req, res).catch((error: unknown) => {
			if (!res.headersSent) send(res, errorReply(500, `Internal sandbox error: ${String(error)}`));
		});
	});

	let stopping: Promise<void> | undefined;
	return {
		url,
		apiKey: options.apiKey,
		port,
		options,
		store: app.store,
		stats: app.stats,
		notifications: app.notifier,
		stop: () => {
			app.notifier.stop();
			return (stopping ??= stop(server, sockets, app.timers));
		},
		reset: () => {
			app.store.reset();
			app.notifier.reset();
			resetStats(app.stats);
			app.limiter.reset();
			app.faults.reset();
		},
		setFaults: (faults) => app.faults.configure(resolveFaults(faults)),
	};
}

interface App {
	options: SandboxOptions;
	store: Store;
	stats: SandboxStats;
	limiter: RateLimiter;
	faults: FaultInjector;
	notifier: Notifier;
	/** Pending slow-fault delays, cleared on stop so the process can exit. */
	timers: Set<NodeJS.Timeout>;
}

interface Exchange {
	n: number;
	req: IncomingMessage;
	res: ServerResponse;
	method: string;
	/** Path as requested (including any basePath), without the query string. */
	path: string;
	match: RouteMatch | undefined;
	/** A public address (short link, QR image): no key, no budget, no faults. */
	visit: PublicMatch | undefined;
	/** Rate-limit bucket: the valid key, or the client address for missing/wrong keys. */
	bucket: string;
	authorized: boolean;
	/** Whose key it is and what it may reach (a valid key only). */
	holder?: KeyHolder;
	rawBody: string;
	/** Set when the body could not be read (too large, aborted). */
	bodyError?: ApiError;
	log: RequestLogEntry;
	/** Notifications the answer waits for (a link created). */
	notifying: Array<Promise<void>>;
}

async function handle(app: App, req: IncomingMessage, res: ServerResponse): Promise<void> {
	const ex = await receive(app, req, res);
	if (ex.visit) return finish(app, ex, await ex.visit.answer());
	const fault = app.faults.next({ n: ex.n, method: ex.method, path: ex.path });
	ex.log.fault = fault;
	if (fault) app.stats.faults[fault]++;

	if (fault && !app.faults.applyThenFault) {
		if (fault !== 'slow') return deliverFault(app, ex, fault);
		await delay(app, app.faults.slowMs);
	}
	const reply = respond(app, ex);
	await Promise.all(ex.notifying);
	if (fault && app.faults.applyThenFault) {
		if (fault !== 'slow') return deliverFault(app, ex, fault);
		await delay(app, app.faults.slowMs);
	}
	finish(app, ex, reply);
}

/** Counts the request and reads its body; nothing is applied yet. */
async function receive(app: App, req: IncomingMessage, res: ServerResponse): Promise<Exchange> {
	const { stats, options } = app;
	const n = ++stats.requests;
	const method = (req.method ?? 'GET').toUpperCase();
	const target = req.url ?? '/';
	const path = target.split('?')[0];
	const apiPath = stripBasePath(path, options.basePath);
	const match = apiPath === undefined ? undefined : matchRoute(method, apiPath);

	const key = bearerToken(req);
	const holder = app.store.installation.holderOf(key);
	const authorized = holder !== undefined;
	let rawBody = '';
	let bodyError: ApiError | undefined;
	try {
		rawBody = await readBody(req);
	} catch (error) {
		bodyError =
			error instanceof ApiError ? error : new ApiError(400, 'Could not read the request body.');
	}
	const publicRequest = apiPath !== undefined && {
		method,
		path: apiPath,
		query: new URL(target, `http://${HOST}`).searchParams,
		headers: req.headers,
		body: rawBody,
		address: req.socket.remoteAddress,
		notifyClick: async (link: LinkRecord, visitor: VisitRequest) =>
			await app.notifier.linkClicked(link, visitor),
	};
	const visit =
		match || !publicRequest
			? undefined
			: (matchNotificationControl(app.notifier, publicRequest, authorized) ??
				matchPublic(app.store, publicRequest));
	const routeName = match ? `${method} ${match.route.pattern}` : visit?.pattern;
	const routeKey = routeName ?? `${method} ${path}`;
	stats.byPath[routeKey] = (stats.byPath[routeKey] ?? 0) + 1;
	const log: RequestLogEntry = {
		n,
		method,
		url: target,
		route: routeName,
		status: 0,
		fault: null,
		contentType: req.headers['content-type'],
		body: rawBody,
	};
	stats.log.push(log);
	if (stats.log.length > MAX_LOG_ENTRIES) stats.log.shift();
	return {
		n,
		req,
		res,
		method,
		path,
		match,
		visit,
		bucket: authorized ? `key:${key}` : `anon:${req.socket.remoteAddress ?? 'unknown'}`,
		authorized,
		holder,
		rawBody,
		bodyError,
		log,
		notifying: [],
	};
}

/** Rate limit, then authentication, then the route (the family: see family.ts). */
function respond(app: App, ex: Exchange): Reply {
	if (app.options.profile === 'family') {
		return familyRespond({
			match: ex.match,
			authorized: ex.authorized,
			refusal: () => refusalOf(ex),
			take: () => app.limiter.take(ex.bucket),
			context: () => routeContext(app, ex, ex.match as RouteMatch),
		});
	}
	const rate = app.limiter.take(ex.bucket);
	if (!rate.allowed) return tooManyReply(rate);
	const reply = route(app, ex);
	return { ...reply, headers: { ...rate.headers, ...reply.headers } };
}

function route(app: App, ex: Exchange): Reply {
	if (!ex.authorized) {
		const missing = bearerToken(ex.req) === undefined;
		return errorReply(
			401,
			missing
				? "Missing API key. Send the header 'Authorization: Bearer <API key>'."
				: 'Invalid API key.',
		);
	}
	if (!ex.match) return errorReply(404, `Unknown endpoint ${ex.method} ${ex.path}.`);
	const refusal = refusalOf(ex);
	if (refusal) return refusal;
	try {
		return ex.match.route.handler(routeContext(app, ex, ex.match));
	} catch (error) {
		if (error instanceof ApiError) return errorReply(error.status, error.message);
		return errorReply(
			500,
			`Internal sandbox error: ${error instanceof Error ? error.message : String(error)}`,
		);
	}
}

/** The refusal of a valid key that may not use the route (a scope it lacks, not an administrator's). */
function refusalOf(ex: Exchange): Reply | undefined {
	return ex.match && ex.holder ? keyRefusal(ex.match.route.pattern, ex.holder) : undefined;
}

/** What a handler gets: the path's parameters, the query, the parsed body (or a thrown ApiError). */
function routeContext(app: App, ex: Exchange, match: RouteMatch): RouteContext {
	if (ex.bodyError) throw ex.bodyError;
	return {
		params: match.params,
		query: new URL(ex.log.url, `http://${HOST}`).searchParams,
		body: parseJsonBody(ex.rawBody),
		store: app.store,
		options: app.options,
		notifyCreated: (link) => ex.notifying.push(app.notifier.linkCreated(link)),
	};
}

function tooManyReply(rate: RateState): Reply {
	const reply = errorReply(
		429,
		`Rate limit exceeded. Try again after ${RateLimiter.describeReset(rate.resetAtMs)}.`,
	);
	return { ...reply, headers: rate.headers };
}

function deliverFault(app: App, ex: Exchange, fault: Exclude<FaultKind, 'slow'>): void {
	if (fault === 'drop') {
		ex.log.status = 'dropped';
		app.stats.byStatus.dropped = (app.stats.byStatus.dropped ?? 0) + 1;
		ex.req.socket.destroy();
		return;
	}
	if (fault === '429') {
		const refusal = app.limiter.tooMany();
		const family = app.options.profile === 'family';
		return finish(app, ex, family ? familyTooMany(refusal) : tooManyReply(refusal));
	}
	const status = app.faults.pickStatus(fault);
	const text = status === 502 ? 'Bad gateway' : 'Service temporarily unavailable';
	const reply = errorReply(status, `${text} (sandbox fault ${status}). Try again later.`);
	finish(app, ex, { ...reply, headers: app.limiter.peek(ex.bucket).headers });
}

/** Sends a reply; in `errorStatus: 200` mode every application error goes out as HTTP 200. */
function finish(app: App, ex: Exchange, reply: Reply): void {
	const injected5xx = reply.status === 502 || reply.status === 503;
	const status =
		app.options.errorStatus === 200 && reply.body.error === 1 && !injected5xx ? 200 : reply.status;
	if (reply.status === 429 || reply.body.error === 429) app.stats.rateLimited++;
	// Not a short link's password page (401), nor a link feature the plan lacks (403).
	const refusedKey = !ex.visit && !ex.authorized;
	if (refusedKey && (reply.status === 401 || reply.status === 403)) app.stats.unauthorized++;
	app.stats.byStatus[String(status)] = (app.stats.byStatus[String(status)] ?? 0) + 1;
	ex.log.status = status;
	send(ex.res, { ...reply, status });
}

function send(res: ServerResponse, reply: Reply): void {
	const payload = reply.raw ? reply.raw.text : JSON.stringify(reply.body);
	res.writeHead(reply.status, {
		'Content-Type': reply.raw ? reply.raw.contentType : 'application/json; charset=utf-8',
		'Content-Length': String(Buffer.byteLength(payload)),
		...reply.headers,
	});
	res.end(payload);
}

function bearerToken(req: IncomingMessage): string | undefined {
	const header = req.headers.authorization;
	const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
	return match ? match[1] : undefined;
}

/** Path below the basePath, or `undefined` when the request is outside it. */
function stripBasePath(path: string, basePath: string): string | undefined {
	if (basePath === '') return path;
	if (path !== basePath && !path.startsWith(`${basePath}/`)) return undefined;
	return path.slice(basePath.length);
}

function delay(app: App, ms: number): Promise<void> {
	return new Promise((resolve) => {
		const timer = setTimeout(() => {
			app.timers.delete(timer);
			resolve();
		}, ms);
		app.timers.add(timer);
	});
}

function emptyStats(): SandboxStats {
	const stats = {} as SandboxStats;
	resetStats(stats);
	return stats;
}

/** Clears in place so references held by tests stay valid. */
function resetStats(stats: SandboxStats): void {
	stats.requests = 0;
	stats.rateLimited = 0;
	stats.unauthorized = 0;
	stats.byPath = {};
	stats.byStatus = {};
	stats.faults = Object.fromEntries(FAULT_KINDS.map((kind) => [kind, 0])) as Record<
		FaultKind,
		number
	>;
	stats.log = [];
}
