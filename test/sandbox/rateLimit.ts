// Fixed-window rate limiting. The reference profile aligns windows to epoch multiples of the
// window length, so a reset time in Unix seconds is exact whenever the window is a whole number of
// seconds; the family starts a key's window at its first request (at that request's whole second,
// as the product's clock counts seconds), so its Unix reset is exact too.

import type { ResetFormat } from './options';
import type { RemainingMode } from './profile';
import { formatTimestamp } from './store';

export interface LimiterMode {
	/** `epoch`: windows aligned to the epoch; `firstRequest`: from the key's first request. */
	window: 'epoch' | 'firstRequest';
	/** What X-RateLimit-Remaining says on a refusal: -1 (`negative`) or 0 (`clamped`). */
	remaining: RemainingMode;
	/** Send the X-RateLimit-* headers at all. */
	headers: boolean;
}

const REFERENCE_MODE: LimiterMode = { window: 'epoch', remaining: 'clamped', headers: true };

export interface RateState {
	/** False when the budget of the window is used up. */
	allowed: boolean;
	/** Headers to send (none when rate limiting is off, except Retry-After on a 429). */
	headers: Record<string, string>;
	/** End of the current window, ms since epoch. */
	resetAtMs: number;
	retryAfterSeconds: number;
}

interface Bucket {
	windowStart: number;
	used: number;
}

export class RateLimiter {
	private buckets = new Map<string, Bucket>();

	constructor(
		private readonly limit: number,
		private readonly windowMs: number,
		private readonly format: ResetFormat,
		private readonly now: () => number,
		private readonly mode: LimiterMode = REFERENCE_MODE,
	) {}

	get enabled(): boolean {
		return this.limit > 0;
	}

	/** Uses one request of the bucket's budget if any remains; a refused request uses nothing. */
	take(key: string): RateState {
		const now = this.now();
		if (!this.enabled) return this.state(true, 0, now);
		const bucket = this.bucket(key, now);
		// Remaining is limit − (count + 1): 0 after the last allowed request, -1 on a refusal.
		if (bucket.used >= this.limit) {
			const state = this.tooMany(now, bucket);
			this.setRemaining(state, this.limit - (bucket.used + 1));
			return state;
		}
		bucket.used++;
		return this.state(true, this.limit - bucket.used, now, bucket);
	}

	/** Current headers without using budget. */
	peek(key: string): RateState {
		const now = this.now();
		if (!this.enabled) return this.state(true, 0, now);
		const bucket = this.bucket(key, now);
		return this.state(bucket.used < this.limit, this.limit - bucket.used, now, bucket);
	}

	/** A 429 answer's state (used for injected 429s too, whatever budget remains). */
	tooMany(now = this.now(), bucket?: Bucket): RateState {
		const state = this.state(false, 0, now, bucket);
		state.headers['Retry-After'] = String(state.retryAfterSeconds);
		return state;
	}

	reset(): void {
		this.buckets.clear();
	}

	/** Text for the 429 message: the moment the window resets. */
	static describeReset(resetAtMs: number): string {
		return `${formatTimestamp(Math.ceil(resetAtMs / 1000) * 1000)} UTC`;
	}

	private bucket(key: string, now: number): Bucket {
		let bucket = this.buckets.get(key);
		const over = !bucket || now >= bucket.windowStart + this.windowMs;
		if (this.mode.window === 'firstRequest' ? over : bucket?.windowStart !== this.epochStart(now)) {
			bucket = { windowStart: this.windowStart(now), used: 0 };
			this.buckets.set(key, bucket);
		}
		return bucket as Bucket;
	}

	/** Where a window that begins now starts. */
	private windowStart(now: number): number {
		if (this.mode.window === 'epoch') return this.epochStart(now);
		return this.windowMs >= 1000 ? Math.floor(now / 1000) * 1000 : now;
	}

	private epochStart(now: number): number {
		return Math.floor(now / this.windowMs) * this.windowMs;
	}

	private state(allowed: boolean, remaining: number, now: number, bucket?: Bucket): RateState {
		// With rate limiting off a 429 can only be injected; one second is a sensible wait then.
		const start = bucket?.windowStart ?? this.windowStart(now);
		const resetAtMs = this.enabled ? start + this.windowMs : now + 1000;
		const retryAfterSeconds = Math.max(1, Math.ceil((resetAtMs - now) / 1000));
		const headers: Record<string, string> = {};
		if (this.enabled && this.mode.headers) {
			headers['X-RateLimit-Limit'] = String(this.limit);
			headers['X-RateLimit-Remaining'] = String(Math.max(0, remaining));
			headers['X-RateLimit-Reset'] = formatReset(this.format, resetAtMs, now);
		}
		return { allowed, headers, resetAtMs, retryAfterSeconds };
	}

	/** Remaining as the mode writes it: clamped at 0, or as counted (negative on a refusal). */
	private setRemaining(state: RateState, remaining: number): void {
		if (!('X-RateLimit-Remaining' in state.headers)) return;
		const value = this.mode.remaining === 'negative' ? remaining : Math.max(0, remaining);
		state.headers['X-RateLimit-Remaining'] = String(value);
	}
}

export function formatReset(format: ResetFormat, resetAtMs: number, now: number): string {
	switch (format) {
		case 'unix':
			return String(Math.ceil(resetAtMs / 1000));
		case 'unix-ms':
			return String(resetAtMs);
		case 'seconds':
			return String(Math.max(1, Math.ceil((resetAtMs - now) / 1000)));
		case 'http-date':
			return new Date(Math.ceil(resetAtMs / 1000) * 1000).toUTCString();
	}
}
