import { clock } from './clock';

const BACKOFF_BASE_MS = 1000;
const BACKOFF_CAP_MS = 30_000;

/** Exponential backoff with jitter: half the step, plus up to the other half at random. */
export function backoffMs(retry: number): number {
	const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** retry);
	return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}

/** Sleeps with the execution's cancel signal, so stopping the workflow stops the wait at once. */
export async function pause(ms: number, signal?: AbortSignal): Promise<void> {
	await untilAborted(clock.sleep(ms, signal), signal);
}

/** Waits for `promise`, or rejects as soon as the execution is cancelled. */
export async function untilAborted(promise: Promise<void>, signal?: AbortSignal): Promise<void> {
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
