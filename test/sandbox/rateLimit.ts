// Fixed-window rate limiting. Windows are aligned to epoch multiples of the window length,
// so a reset time in Unix seconds is exact whenever the window is a whole number of seconds.

import type { ResetFormat } from './options';
import { formatTimestamp } from './store';

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
	) {}

	get enabled(): boolean {
		return this.limit > 0;
	}

	/** Uses one request of the bucket's budget if any remains; a refused request uses nothing. */
	take(key: string): RateState {
		const now = this.now();
		if (!this.enabled) return this.state(true, 0, now);
		const bucket = this.bucket(key, now);
		if (bucket.used >= this.limit) return this.tooMany(now);
		bucket.used++;
		return this.state(true, this.limit - bucket.used, now);
	}

	/** Current headers without using budget. */
	peek(key: string): RateState {
		const now = this.now();
		if (!this.enabled) return this.state(true, 0, now);
		const bucket = this.bucket(key, now);
		return this.state(bucket.used < this.limit, Math.max(0, this.limit - bucket.used), now);
	}

	/** A 429 answer's state (used for injected 429s too, whatever budget remains). */
	tooMany(now = this.now()): RateState {
		const state = this.state(false, 0, now);
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
		const windowStart = this.windowStart(now);
		let bucket = this.buckets.get(key);
		if (!bucket || bucket.windowStart !== windowStart) {
			bucket = { windowStart, used: 0 };
			this.buckets.set(key, bucket);
		}
		return bucket;
	}

	private windowStart(now: number): number {
		return Math.floor(now / this.windowMs) * this.windowMs;
	}

	private state(allowed: boolean, remaining: number, now: number): RateState {
		// With rate limiting off a 429 can only be injected; one second is a sensible wait then.
		const resetAtMs = this.enabled ? this.windowStart(now) + this.windowMs : now + 1000;
		const retryAfterSeconds = Math.max(1, Math.ceil((resetAtMs - now) / 1000));
		const headers: Record<string, string> = {};
		if (this.enabled) {
			headers['X-RateLimit-Limit'] = String(this.limit);
			headers['X-RateLimit-Remaining'] = String(remaining);
			headers['X-RateLimit-Reset'] = formatReset(this.format, resetAtMs, now);
		}
		return { allowed, headers, resetAtMs, retryAfterSeconds };
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
