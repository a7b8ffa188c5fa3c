// The public addresses outside /api that visitors use: a short link (`/<alias>`, which redirects
// and counts a click), the QR images of QR codes and short links, and users' one-time login
// links. They take no API key, use no rate-limit budget and are never faulted. A path that names
// no stored link, QR code or login link is not theirs: the server answers it as before.

import { randomBytes } from 'crypto';
import type { IncomingHttpHeaders } from 'http';

import { escapeHtml, htmlPage, Reply } from './http';
import {
	CONTENT_TYPES,
	DEFAULT_SIZE,
	IMAGE_FORMATS,
	ImageFormat,
	MAX_SIZE,
	MIN_SIZE,
	QrLook,
	renderQr,
} from './qrImage';
import type { LinkRecord, Store } from './store';
import { formatTimestamp } from './store';
import type { LoginToken } from './users';
import { destinationOf, recordVisit, VisitRequest, visitOf } from './visits';

export interface PublicRequest {
	method: string;
	/** Path below the basePath. */
	path: string;
	query: URLSearchParams;
	headers: IncomingHttpHeaders;
	body: string;
	/** The socket's address. */
	address?: string;
	/** Notifies a counted visit (the notification URL for clicks); the redirect waits for it. */
	notifyClick?: (link: LinkRecord, visitor: VisitRequest) => Promise<void>;
}

export interface PublicMatch {
	/** Route pattern for the stats and the log, e.g. `GET /:alias/qr/download/:format`. */
	pattern: string;
	answer: () => Promise<Reply>;
}

type Params = Record<string, string>;
type Answer = () => Promise<Reply>;

interface PublicRoute {
	pattern: string;
	methods: readonly string[];
	/** How to answer, when the path names a stored record. */
	serve: (store: Store, params: Params, request: PublicRequest) => Answer | undefined;
}

const IMAGE_METHODS = ['GET', 'HEAD'];

/** A stored QR code's image: it encodes the QR code's own address (its `link`). */
const qrImage =
	(download: boolean) =>
	(store: Store, params: Params): Answer | undefined => {
		const qr = store.qrByAlias(params.alias);
		return qr && (() => image(qr.link, qr, `qr-${params.alias}`, params, download));
	};

/** A short link's image: it encodes the link's short URL. */
const linkImage =
	(download: boolean) =>
	(store: Store, params: Params): Answer | undefined => {
		const link = store.linkByAlias(params.alias);
		return link && (() => image(link.shorturl, {}, `${link.alias}-qr`, params, download));
	};

const ROUTES: readonly PublicRoute[] = [
	{
		pattern: '/user/login/sso/:token',
		methods: ['GET'],
		serve: (store, params) => {
			const login = store.installation.logins.get(params.token);
			return login && (async () => signIn(store, login));
		},
	},
	{ pattern: '/qr/:alias', methods: IMAGE_METHODS, serve: qrImage(false) },
	{ pattern: '/qr/:alias/download/:format', methods: IMAGE_METHODS, serve: qrImage(true) },
	{ pattern: '/qr/:alias/download/:format/:size', methods: IMAGE_METHODS, serve: qrImage(true) },
	{ pattern: '/:alias/qr', methods: IMAGE_METHODS, serve: linkImage(false) },
	{ pattern: '/:alias/qr/:size', methods: IMAGE_METHODS, serve: linkImage(false) },
	{ pattern: '/:alias/qr/download/:format', methods: IMAGE_METHODS, serve: linkImage(true) },
	{ pattern: '/:alias/qr/download/:format/:size', methods: IMAGE_METHODS, serve: linkImage(true) },
	{
		pattern: '/:alias',
		methods: ['GET', 'HEAD', 'POST'],
		serve: (store, params, request) => {
			const link = store.linkByAlias(params.alias);
			return link && (async () => await visit(store, link, request));
		},
	},
];

/** The public route that serves this request, if the path names a stored link or QR code. */
export function matchPublic(store: Store, request: PublicRequest): PublicMatch | undefined {
	const segments = request.path.split('/').slice(1);
	if (!request.path.startsWith('/') || segments.some((s) => s === '')) return undefined;
	for (const route of ROUTES) {
		if (!route.methods.includes(request.method)) continue;
		const params = paramsOf(route.pattern, segments);
		const answer = params && route.serve(store, params, request);
		if (answer) return { pattern: `${request.method} ${route.pattern}`, answer };
	}
	return undefined;
}

function paramsOf(pattern: string, segments: string[]): Params | undefined {
	const parts = pattern.split('/').slice(1);
	if (parts.length !== segments.length) return undefined;
	const params: Params = {};
	for (const [i, part] of parts.entries()) {
		if (!part.startsWith(':')) {
			if (part !== segments[i]) return undefined;
			continue;
		}
		try {
			params[part.slice(1)] = decodeURIComponent(segments[i]);
		} catch {
			return undefined;
		}
	}
	return params;
}

// ---------------------------------------------------------------- login links

/**
 * A user's one-time login link (GET /api/user/login/:id): signs the user in once (a page saying
 * who, and a session cookie), until the end of the hour it was made in; then, or once used, 403.
 */
function signIn(store: Store, login: LoginToken): Reply {
	const user = store.installation.users.get(login.userId);
	const now = store.now();
	const refusal =
		(login.usedAt !== undefined && 'it was used already') ||
		(now >= login.expiresAt && 'it has expired') ||
		(!user && 'its user no longer exists');
	if (refusal || !user) {
		return htmlPage(
			403,
			'Login link not valid',
			`This login link cannot sign anyone in: ${refusal}.`,
		);
	}
	login.usedAt = now;
	store.installation.signIns.push({
		userId: user.id,
		username: user.username,
		at: formatTimestamp(now),
	});
	const reply = htmlPage(
		200,
		'Signed in',
		`Signed in as <b>${escapeHtml(user.username)}</b> (${escapeHtml(user.email)}).`,
	);
	const session = randomBytes(16).toString('hex');
	return {
		...reply,
		headers: { 'Set-Cookie': `session=${session}; Path=/; HttpOnly`, 'Cache-Control': 'no-store' },
	};
}

// ---------------------------------------------------------------- images

async function image(
	text: string,
	look: QrLook,
	name: string,
	params: Params,
	download: boolean,
): Promise<Reply> {
	const format = (params.format ?? 'png').toLowerCase() as ImageFormat;
	if (!IMAGE_FORMATS.includes(format)) {
		return htmlPage(
			404,
			'Not Found',
			`No image format '${escapeHtml(params.format)}': png or svg.`,
		);
	}
	const size = params.size === undefined ? DEFAULT_SIZE : Number(params.size);
	if (!/^\d+$/.test(params.size ?? '1000') || size < MIN_SIZE || size > MAX_SIZE) {
		return htmlPage(
			400,
			'Bad Request',
			`The size is in pixels, from ${MIN_SIZE} to ${MAX_SIZE}; got '${escapeHtml(params.size)}'.`,
		);
	}
	const file = `${name.replace(/[^A-Za-z0-9._-]/g, '_')}-${size}.${format}`;
	return {
		status: 200,
		body: {},
		raw: { contentType: CONTENT_TYPES[format], text: await renderQr(text, format, size, look) },
		headers: download ? { 'Content-Disposition': `attachment; filename="${file}"` } : {},
	};
}

// ---------------------------------------------------------------- short links

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
	const value = headers[name];
	return Array.isArray(value) ? value.join(', ') : value;
};

function visitRequest({ headers, address }: PublicRequest): VisitRequest {
	const forwarded = header(headers, 'x-forwarded-for')?.split(',')[0].trim();
	return {
		userAgent: header(headers, 'user-agent'),
		acceptLanguage: header(headers, 'accept-language'),
		country: header(headers, 'x-country'),
		city: header(headers, 'x-city'),
		referer: header(headers, 'referer'),
		address: forwarded || address,
	};
}

/** The password a visitor gave: `?password=`, or a form (or JSON) field `password` POSTed. */
function passwordIn(request: PublicRequest): string | undefined {
	const inQuery = request.query.get('password');
	if (inQuery !== null) return inQuery;
	if (request.method !== 'POST') return undefined;
	if (/json/i.test(header(request.headers, 'content-type') ?? '')) {
		try {
			const password = (JSON.parse(request.body) as { password?: unknown }).password;
			return typeof password === 'string' ? password : undefined;
		} catch {
			return undefined;
		}
	}
	return new URLSearchParams(request.body).get('password') ?? undefined;
}

const PASSWORD_FORM =
	'<form method="post"><label>Password <input type="password" name="password" autofocus>' +
	'</label> <button type="submit">Continue</button></form>';

/**
 * Expired: 410. Password missing or wrong: 401 with a form. Else a 302 that counts a click and,
 * once the click's notification is answered, sends the visitor on.
 */
async function visit(store: Store, link: LinkRecord, request: PublicRequest): Promise<Reply> {
	if (link.expiry !== null && store.nowTimestamp() >= link.expiry) {
		return htmlPage(410, 'Link expired', 'This link has expired and no longer leads anywhere.');
	}
	if (link.password !== null) {
		const given = passwordIn(request);
		if (given !== link.password) {
			const text =
				given === undefined
					? 'This link is protected by a password. Enter it to continue.'
					: 'The password is not correct. Please try again.';
			return htmlPage(401, 'Password required', text, PASSWORD_FORM);
		}
	}
	const visitor = visitRequest(request);
	const target = destinationOf(link, visitor);
	// HEAD tells where the link goes without counting a click.
	if (request.method !== 'HEAD') {
		recordVisit(link, visitOf(visitor));
		await request.notifyClick?.(link, visitor);
	}
	const reply = htmlPage(302, 'Found', `Redirecting to <a href="${escapeHtml(target)}">it</a>.`);
	return { ...reply, headers: { Location: target, 'Cache-Control': 'no-store' } };
}
