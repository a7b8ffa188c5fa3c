/**
 * Stops what a run of the node still has under way: when the execution is cancelled, or when an
 * item fails without Continue On Fail. Each item gets a signal of its own, aborted then: a
 * signal shared by thousands of waiting items would carry a listener for each of them.
 */
export class RunStop {
	private readonly running = new Set<AbortController>();
	private stopped = false;

	constructor(cancel?: AbortSignal) {
		if (cancel?.aborted) this.stopped = true;
		else cancel?.addEventListener('abort', () => this.stop(), { once: true });
	}

	/** A signal for one item, aborted when the run stops; `release` once the item is done. */
	forItem(): { signal: AbortSignal; release: () => void } {
		const controller = new AbortController();
		if (this.stopped) controller.abort();
		else this.running.add(controller);
		return { signal: controller.signal, release: () => this.running.delete(controller) };
	}

	stop(): void {
		this.stopped = true;
		for (const controller of this.running) controller.abort();
		this.running.clear();
	}

	get isStopped(): boolean {
		return this.stopped;
	}
}
