import { createHash } from 'node:crypto';

import type { AnswerReport } from './answer';

/**
 * The rate-limit budget of one API key, as this process knows it. It only does bookkeeping and
 * decides when the next request may go; waiting is the caller's (it owns the cancel signal).
 *
 * The rules, in order:
 * - A rate-limit answer blocks every request of the key until the time it gives (the newest
 *   answer wins over what older answers said).
 * - With X-RateLimit-* headers: when nothing is known (a fresh window), one request goes alone
 *   to learn the budget; then requests go while the service says some remain, and wait for the
 *   reset when none do. Requests in flight count as spent.
 * - Several processes (n8n's queue-mode workers) may spend the same key; none of them can see
 *   the others, but every answer carries the key's shared Remaining. When this process sees
 *   another spender (the service counted more requests in the window than this process sent,
 *   or refused one of its requests), it stops sending in bursts and spreads its requests
 *   evenly over what is left of the window: one every (time to reset ÷ (shared Remaining + 1)).
 *   On its own it keeps the window's last third the same way while more requests wait than
 *   the window has left, for whoever asks next (reserveOf).
 *   Each spender doing so leaves the others their part, and together they spend the window's
 *   budget by its end, whatever their number, with few refused requests. After three windows
 *   without a sign of others it sends in bursts again, which is fastest alone.
 * - Without headers (some installations send none): requests go unpaced until a rate-limit
 *   answer; from then on the limit and the window it taught (requests that succeeded in the
 *   window, and the window's length up to the retry time) pace the key.
 */

export type Reservation =
	{ kind: 'go' } | { kind: 'waitUntil'; time: number } | { kind: 'waitForAnswer' };

interface Budget {
	limit?: number;
	remaining?: number;
	resetAt?: number;
	/** A rate-limit answer said: nothing before this time. */
	blockedUntil?: number;
	inFlight: number;
	/** Whether the service sends X-RateLimit-* headers; unknown until an answer tells. */
	headers?: boolean;
	/** Our requests counted in the current window (for telling other spenders apart). */
	sentInWindow: number;
	succeededInWindow: number;
	windowStart?: number;
	/** The longest window seen: how long "a window" is for this key. */
	windowMs?: number;
	/** Without headers: the budget a rate-limit answer taught. */
	learned?: { limit: number; windowMs: number };
	contendedUntil?: number;
	lastSentAt?: number;
	/** The reset time requests were last let go after, to learn how late after it to go. */
	passedReset?: number;
	marginMs: number;
}

/** Two reset times this close apart belong to the same window (formats round to seconds). */
const SAME_WINDOW_MS = 1000;
const DEFAULT_WINDOW_MS = 60_000;
const CONTENTION_MEMORY_WINDOWS = 3;
/** A small pause after an announced reset, for clock rounding between us and the service. */
export const RESET_MARGIN_MS = 20;
const LATE_RESET_MARGIN_MS = 1000;
/** How close to a passed reset a retry time must be to mean that same reset (Retry-After rounds up). */
const LATE_RESET_SLACK_MS = 1500;

const budgets = new Map<string, Budget>();

/** The budget's key: never the API key itself, only a hash of it with the API root. */
export function budgetKey(apiRoot: string, apiKey: string): string {
	return createHash('sha256').update(`${apiRoot}\n${apiKey}`).digest('hex');
}

function budgetFor(key: string): Budget {
	let budget = budgets.get(key);
	if (!budget) {
		budget = { inFlight: 0, sentInWindow: 0, succeededInWindow: 0, marginMs: RESET_MARGIN_MS };
		budgets.set(key, budget);
	}
	return budget;
}

function startWindow(budget: Budget) {
	budget.passedReset = budget.resetAt ?? budget.blockedUntil;
	budget.remaining = undefined;
	budget.resetAt = undefined;
	budget.windowStart = undefined;
	budget.sentInWindow = 0;
	budget.succeededInWindow = 0;
}

/**
 * Decides whether one more request may go now; when it may, counts it as sent. `waiting` is how
 * many requests of the key wait to go, this one included.
 */
export function reserveRequest(key: string, now: number, waiting = 1): Reservation {
	const budget = budgetFor(key);
	const reservation = decide(budget, now, waiting);
	if (reservation.kind === 'go') {
		budget.inFlight++;
		if (budget.remaining !== undefined) budget.remaining--;
		budget.windowStart ??= now;
		budget.sentInWindow++;
		budget.lastSentAt = now;
	}
	return reservation;
}

function decide(budget: Budget, now: number, waiting: number): Reservation {
	if (budget.blockedUntil !== undefined) {
		if (now < budget.blockedUntil) return { kind: 'waitUntil', time: budget.blockedUntil };
		startWindow(budget);
		budget.blockedUntil = undefined;
	}
	if (budget.resetAt !== undefined && now >= budget.resetAt) startWindow(budget);
	if (budget.headers === false) return decideByLearnedLimit(budget, now);
	const probe: Reservation = budget.inFlight === 0 ? { kind: 'go' } : { kind: 'waitForAnswer' };
	if (budget.remaining === undefined) return probe;
	if (budget.remaining <= 0) {
		if (budget.resetAt === undefined) return probe;
		return { kind: 'waitUntil', time: budget.resetAt + budget.marginMs };
	}
	const contended = budget.contendedUntil !== undefined && now < budget.contendedUntil;
	// More wait than the window has left: its last part is kept for whoever asks next.
	const keeping = waiting > budget.remaining && budget.remaining <= reserveOf(budget.limit);
	if ((contended || keeping) && budget.resetAt !== undefined && budget.lastSentAt !== undefined) {
		// Evenly over what is left of the window: the Remaining requests and the reset split it
		// into equal gaps, so the last one goes a gap before the reset, not at it.
		const next = budget.lastSentAt + (budget.resetAt - budget.lastSentAt) / (budget.remaining + 1);
		if (next > now) return { kind: 'waitUntil', time: next };
	}
	return { kind: 'go' };
}

/**
 * The part of a window kept for latecomers while more requests wait than the window has left: a
 * third of the limit, spread evenly over what is left of the window. A request asked after the
 * rest went in a burst (another execution's, a poll's, a webhook call's) gets one of these within
 * a fraction of the window instead of waiting for the next; when none comes, they go to the
 * requests waiting, so the window is still spent whole by its end.
 */
function reserveOf(limit: number | undefined): number {
	return limit === undefined ? 0 : Math.ceil(limit / 3);
}

/** Without headers: unpaced until a rate-limit answer taught the budget, then paced by it. */
function decideByLearnedLimit(budget: Budget, now: number): Reservation {
	const { learned, windowStart } = budget;
	if (!learned) return { kind: 'go' };
	if (windowStart !== undefined && now >= windowStart + learned.windowMs) startWindow(budget);
	if (budget.windowStart !== undefined && budget.sentInWindow >= learned.limit) {
		return { kind: 'waitUntil', time: budget.windowStart + learned.windowMs + budget.marginMs };
	}
	return { kind: 'go' };
}

/** Records what an answer said about the budget (nothing when no answer came). */
export function recordAnswer(key: string, report: AnswerReport | undefined, now: number): void {
	const budget = budgetFor(key);
	budget.inFlight = Math.max(0, budget.inFlight - 1);
	if (!report) return;
	if (report.info.remaining !== undefined) {
		budget.headers = true;
		applyHeaders(budget, report, now);
	} else if (!report.rateLimited && report.succeeded) {
		budget.headers ??= false;
	}
	if (report.succeeded) budget.succeededInWindow++;
	if (report.rateLimited) onRateLimited(budget, report, now);
}

function applyHeaders(budget: Budget, { info, rateLimited }: AnswerReport, now: number) {
	const remaining = info.remaining ?? 0;
	const sameWindow =
		budget.resetAt !== undefined &&
		info.resetAt !== undefined &&
		Math.abs(info.resetAt - budget.resetAt) < SAME_WINDOW_MS;
	if (!sameWindow && budget.resetAt !== undefined && (info.resetAt ?? Infinity) < budget.resetAt) {
		return; // an answer from an earlier window, arriving late
	}
	if (!sameWindow) {
		// A new window: our requests still in flight will be counted in it.
		budget.sentInWindow = budget.inFlight + 1;
		budget.succeededInWindow = 0;
	}
	const limit = info.limit ?? budget.limit;
	// The service counted more of the key's requests in this window than this process sent
	// (those in flight included): others spend it too. (A refusal's Remaining counts nothing.)
	if (!rateLimited && limit !== undefined && limit - remaining > budget.sentInWindow) {
		markContended(budget, now);
	}
	// Requests still in flight may not be counted by the service yet: count them as spent.
	const left = Math.max(0, remaining - budget.inFlight);
	budget.remaining = sameWindow ? Math.min(budget.remaining ?? left, left) : left;
	budget.resetAt = info.resetAt;
	budget.limit = limit;
	if (info.resetAt !== undefined) {
		budget.windowMs = Math.max(budget.windowMs ?? 0, info.resetAt - now);
	}
}

function onRateLimited(budget: Budget, report: AnswerReport, now: number) {
	// Refused after going at a reset, and told to wait for about that same reset: the service's
	// clock or rounding is behind ours, so go a little later after the next one. Any other
	// refusal, where the headers are truthful, means someone else spent the budget.
	const { passedReset } = budget;
	const windowMs = budget.windowMs ?? DEFAULT_WINDOW_MS;
	const aboutPassedReset = (time?: number) =>
		passedReset !== undefined &&
		time !== undefined &&
		Math.abs(time - passedReset) < Math.min(LATE_RESET_SLACK_MS, windowMs / 2);
	if (aboutPassedReset(report.info.resetAt) || aboutPassedReset(report.retryAt)) {
		budget.marginMs = Math.min(LATE_RESET_MARGIN_MS, Math.round(windowMs / 10));
	} else if (budget.headers === true) {
		markContended(budget, now);
	}
	if (budget.headers !== true && report.retryAt !== undefined && budget.windowStart !== undefined) {
		const windowMs = Math.max(SAME_WINDOW_MS, report.retryAt - budget.windowStart);
		if (budget.succeededInWindow > 0) {
			budget.learned = { limit: budget.succeededInWindow, windowMs };
		}
	}
	budget.remaining = 0;
	budget.blockedUntil = report.retryAt;
	budget.passedReset = undefined;
}

function markContended(budget: Budget, now: number) {
	const windowMs = budget.windowMs ?? budget.learned?.windowMs ?? DEFAULT_WINDOW_MS;
	budget.contendedUntil = now + CONTENTION_MEMORY_WINDOWS * windowMs;
}

/** What this process knows of a budget, for tests and diagnostics. */
export function budgetSnapshot(key: string): Readonly<Budget> {
	return { ...budgetFor(key) };
}

/** Forget every budget (tests start from a clean process state). */
export function forgetBudgets(): void {
	budgets.clear();
}
