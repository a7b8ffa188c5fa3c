// The users and plans routes (administrators' keys only; the server refuses other keys before
// these run): list, read, create and delete users, a user's one-time login link, list plans,
// subscribe a user to a plan. They answer as the service family does, in both profiles: no
// pages, `data` holding the records, every refusal HTTP 200 `error` 1 in the product's words.

import { ok, Reply } from './http';
import type { Handler, RouteContext } from './listing';
import { formatTimestamp } from './records';
import type { PlanRecord, UserRecord } from './users';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const refused = (message: string): Reply => ({ status: 200, body: { error: 1, message } });

/** A user as the API shows it (never its password, nor whether it is an administrator). */
function userView({
	id,
	email,
	username,
	avatar,
	status,
	planid,
	expires,
	registered,
	apikey,
}: UserRecord) {
	return { id, email, username, avatar, status, planid, expires, registered, apikey };
}

/** A plan as the API shows it; the family sends its ID as text. */
function planView(ctx: RouteContext, plan: PlanRecord) {
	return { ...plan, id: ctx.options.profile === 'family' ? String(plan.id) : plan.id };
}

/** The records in the profile's order (by ID, or newest first). */
function inOrder<T>(ctx: RouteContext, records: T[]): T[] {
	return ctx.options.order === 'oldest' ? records : [...records].reverse();
}

function userOf(ctx: RouteContext, raw: string | undefined): UserRecord | undefined {
	return /^\d+$/.test(raw ?? '') ? ctx.store.installation.users.get(Number(raw)) : undefined;
}

const USER_MISSING = 'User does not exist.';
const NOT_VALID_EXPIRATION = 'The expiration date is not valid.';

/** `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS`, a real date: as `YYYY-MM-DD HH:MM:SS`. */
function expirationOf(value: unknown): string | undefined {
	const match =
		typeof value === 'string'
			? /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(value.trim())
			: null;
	if (!match) return undefined;
	const [year, month, day, hour = '00', minute = '00', second = '00'] = match.slice(1);
	const time = Date.UTC(+year, +month - 1, +day, +hour, +minute, +second);
	const date = new Date(time);
	if (
		Number.isNaN(time) ||
		date.getUTCDate() !== +day ||
		+hour > 23 ||
		+minute > 59 ||
		+second > 59
	) {
		return undefined;
	}
	return `${year}-${month}-${day} ${hour}:${minute}:${second}`;
}

// ---------------------------------------------------------------- users

/** `filter`: admin, free, or any other word for "on a paid plan"; without it, `email` exactly. */
const listUsers: Handler = (ctx) => {
	const filter = ctx.query.get('filter');
	const email = ctx.query.get('email');
	const users = ctx.store.installation.users.list().filter((user) => {
		if (filter === 'admin') return user.admin;
		if (filter === 'free') return user.status === 'free';
		if (filter !== null && filter !== '') return user.status === 'pro';
		return email === null || email === '' || user.email === email;
	});
	return ok({ data: inOrder(ctx, users).map(userView) });
};

const getUser: Handler = (ctx) => {
	const user = userOf(ctx, ctx.params.id);
	return user ? ok({ data: userView(user) }) : refused(USER_MISSING);
};

const USERNAME = /^[A-Za-z0-9_]{4,20}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The product's checks, in its order; a plan that does not exist is ignored without a word. */
const createUser: Handler = (ctx) => {
	const { body, store } = ctx;
	const { users, plans } = store.installation;
	const given = (field: string) => (typeof body[field] === 'string' ? (body[field] as string) : '');
	const [username, email, password] = ['username', 'email', 'password'].map(given);
	if (!username || !email || !password) return refused('Invalid request or incorrect data format.');
	if (!USERNAME.test(username)) return refused('Please enter a valid username.');
	const taken = (field: 'username' | 'email', value: string) =>
		users.list().some((user) => user[field].toLowerCase() === value.toLowerCase());
	if (taken('username', username)) return refused('Username already exists.');
	if (!EMAIL.test(email)) return refused('Please enter a valid email.');
	if (taken('email', email)) return refused('An account is already associated with this email.');
	if (password.length < 5) return refused('Password must be at least 5 characters.');
	const planId = Number(body.planid);
	const plan = Number.isSafeInteger(planId) ? plans.get(planId) : undefined;
	let subscription: { id: number; expires: string } | undefined;
	if (plan) {
		const expires = expirationOf(body.expiration);
		if (!expires) return refused(NOT_VALID_EXPIRATION);
		subscription = { id: plan.id, expires };
	}
	const user = store.installation.addUser(username, email, password, {
		plan: subscription,
		registered: store.now(),
		viaApi: true,
	});
	return ok({ message: 'User has been successfully created.', userid: user.id });
};

const deleteUser: Handler = (ctx) => {
	const user = userOf(ctx, ctx.params.id);
	if (!user) return refused(USER_MISSING);
	ctx.store.installation.users.remove(user.id);
	return ok({ message: 'User has been deleted successfully.' });
};

const loginLink: Handler = (ctx) => {
	const user = userOf(ctx, ctx.params.id);
	if (!user) return refused(USER_MISSING);
	return ok({ url: ctx.store.installation.loginLink(user, ctx.store.now()) });
};

// ---------------------------------------------------------------- plans

const listPlans: Handler = (ctx) =>
	ok({
		data: inOrder(ctx, ctx.store.installation.plans.list()).map((plan) => planView(ctx, plan)),
	});

/** Without an expiration: one month, one year or ten years from now. */
const MONTHS_BY_TYPE = { monthly: 1, yearly: 12, lifetime: 120 };

const subscribe: Handler = (ctx) => {
	const { installation } = ctx.store;
	const plan = /^\d+$/.test(ctx.params.id)
		? installation.plans.get(Number(ctx.params.id))
		: undefined;
	if (!plan) return refused('Plan does not exist.');
	const user = userOf(ctx, ctx.params.userid);
	if (!user) return refused(USER_MISSING);
	const type = ctx.body.type;
	if (type !== 'monthly' && type !== 'yearly' && type !== 'lifetime') {
		return refused('API request is missing the type parameter.');
	}
	let expires: string | undefined;
	if (
		ctx.body.expiration === undefined ||
		ctx.body.expiration === null ||
		ctx.body.expiration === ''
	) {
		const end = new Date(ctx.store.now());
		end.setUTCMonth(end.getUTCMonth() + MONTHS_BY_TYPE[type]);
		expires = formatTimestamp(end.getTime());
	} else {
		expires = expirationOf(ctx.body.expiration);
		if (!expires) return refused(NOT_VALID_EXPIRATION);
	}
	installation.subscribe(user, { id: plan.id, expires });
	return ok({ message: 'User has been successfully subscribed.' });
};

/** The routes, for the route table (routes.ts). */
export const USER_ROUTES: ReadonlyArray<[Method, string, Handler]> = [
	['GET', '/api/users', listUsers],
	['GET', '/api/user/:id', getUser],
	['POST', '/api/user/add', createUser],
	['DELETE', '/api/user/:id/delete', deleteUser],
	['GET', '/api/user/login/:id', loginLink],
	['GET', '/api/plans', listPlans],
	['PUT', '/api/plan/:id/user/:userid', subscribe],
];
