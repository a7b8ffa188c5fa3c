import { sleep as n8nSleep } from 'n8n-workflow';

/**
 * The one clock of the transport: every wait (budget windows, Retry-After, backoff, Timeouts)
 * reads the time and sleeps through it. It stands on `Date.now()` and n8n's `sleep` (which sets
 * a timer), so a test runs the same code on virtual time by replacing those (Jest's fake timers,
 * test/helpers/virtualTime.ts).
 */
export const clock = {
	now: (): number => Date.now(),
	/** Resolves after `ms`, or rejects as soon as `signal` aborts. */
	sleep: async (ms: number, signal?: AbortSignal): Promise<void> => await n8nSleep(ms, signal),
};
