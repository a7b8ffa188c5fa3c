// Fault injection: which fault (if any) hits a request. Decisions are repeatable: the script
// and the decider are deterministic, and the rates draw from a seeded generator.

import type { FaultKind, FaultOptions, FaultRequestInfo } from './options';

/** mulberry32: tiny seeded PRNG, good enough to make fault runs repeatable. */
export function createRng(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

export class FaultInjector {
	private scriptIndex = 0;
	private rng: () => number;

	constructor(
		private options: FaultOptions,
		private readonly randomSeed: number,
	) {
		this.rng = createRng(randomSeed);
	}

	get applyThenFault(): boolean {
		return this.options.applyThenFault;
	}

	get slowMs(): number {
		return this.options.slowMs;
	}

	/** Replaces the fault settings and restarts the script. */
	configure(options: FaultOptions): void {
		this.options = options;
		this.scriptIndex = 0;
	}

	reset(): void {
		this.scriptIndex = 0;
		this.rng = createRng(this.randomSeed);
	}

	/** Script first, then the decider, then the rates. */
	next(info: FaultRequestInfo): FaultKind | null {
		const { script, decide } = this.options;
		if (this.scriptIndex < script.length) return script[this.scriptIndex++];
		const decided = decide?.(info);
		if (decided) return decided;
		return this.byRate();
	}

	/** 502 or 503 for a `5xx` fault. */
	pickStatus(kind: '5xx' | '502' | '503'): 502 | 503 {
		if (kind === '502') return 502;
		if (kind === '503') return 503;
		return this.rng() < 0.5 ? 502 : 503;
	}

	private byRate(): FaultKind | null {
		const { rateDrop, rate5xx, rate429, rateSlow } = this.options;
		if (rateDrop + rate5xx + rate429 + rateSlow <= 0) return null;
		// One draw per request; the shares are stacked so they never overlap.
		const r = this.rng();
		let edge = rateDrop;
		if (r < edge) return 'drop';
		edge += rate5xx;
		if (r < edge) return '5xx';
		edge += rate429;
		if (r < edge) return '429';
		edge += rateSlow;
		if (r < edge) return 'slow';
		return null;
	}
}
