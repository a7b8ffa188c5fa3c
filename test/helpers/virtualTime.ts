/**
 * Virtual time for the tests of waits (budget windows, Retry-After, backoff): the transport's
 * clock (`transport/clock.ts`) sleeps on a virtual timeline, `Date` reads it (Jest's modern fake
 * timers, `Date` only: the transport, the in-process sandbox, nock's `replyInTurn` and the harness
 * all read the same time), and the timeline moves on to the next sleeper's wake-up whenever the
 * process has nothing else to do. A one-minute window takes no real time and events keep their
 * order, so a test asserts on virtual time (`Date.now()`) or on order, never on the wall clock.
 *
 * Everything else runs for real: promises, I/O, timers, and the HTTP Timeout of a request (a
 * socket's, in real time; test/nodes/LinkManagement/transport/timeout.test.ts).
 */
import { clock } from '../../nodes/LinkManagement/transport/clock';

const NOT_FAKED = [
	'hrtime',
	'nextTick',
	'performance',
	'queueMicrotask',
	'requestAnimationFrame',
	'cancelAnimationFrame',
	'requestIdleCallback',
	'cancelIdleCallback',
	'setImmediate',
	'clearImmediate',
	'setInterval',
	'clearInterval',
	'setTimeout',
	'clearTimeout',
] as const;

interface Sleeper {
	at: number;
	wake: () => void;
}

/** Sleepers by wake-up time, the earlier asked first among equals. */
let sleepers: Sleeper[] = [];
/** Whether the current test runs on virtual time. */
let running = false;

function virtualSleep(ms: number, signal?: AbortSignal): Promise<void> {
	return new Promise<void>((resolve, reject) => {
		if (signal?.aborted) return reject(new Error('The wait was aborted'));
		const onAbort = () => {
			sleepers = sleepers.filter((each) => each !== sleeper);
			reject(new Error('The wait was aborted'));
		};
		const sleeper: Sleeper = {
			at: Date.now() + Math.max(0, ms),
			wake: () => {
				signal?.removeEventListener('abort', onAbort);
				resolve();
			},
		};
		const index = sleepers.findIndex((other) => other.at > sleeper.at);
		sleepers.splice(index === -1 ? sleepers.length : index, 0, sleeper);
		signal?.addEventListener('abort', onAbort, { once: true });
	});
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Real event-loop turns with a short real pause between, so pending I/O and promises settle. */
async function settled(): Promise<void> {
	for (let i = 0; i < 3; i++) await nextTurn();
	await new Promise<void>((resolve) => setTimeout(resolve, 2));
	for (let i = 0; i < 3; i++) await nextTurn();
}

/**
 * Every test of the enclosing describe block (or file) runs on virtual time, from its start (at
 * the real time of day) to its end.
 */
export function useVirtualTime(): void {
	let sleep: jest.SpyInstance | undefined;
	beforeEach(() => {
		jest.useFakeTimers({ doNotFake: [...NOT_FAKED] });
		sleep = jest.spyOn(clock, 'sleep').mockImplementation(virtualSleep);
		sleepers = [];
		running = true;
		void (async () => {
			while (running) {
				await settled();
				const next = sleepers.shift();
				if (!running || !next) continue;
				if (next.at > Date.now()) jest.setSystemTime(next.at);
				next.wake();
			}
		})();
	});
	afterEach(() => {
		running = false;
		sleep?.mockRestore();
		jest.useRealTimers();
	});
}

/**
 * Puts another copy of the transport's clock on the same virtual timeline (a copy of the node
 * loaded with `jest.isolateModules`, as in another process), for the current test.
 */
export function shareVirtualTime(copy: typeof clock): void {
	jest.spyOn(copy, 'sleep').mockImplementation(virtualSleep);
}

/**
 * The timeline moves on whenever the process looks idle, as it does while an answer is on its
 * way over a real socket: a party's wait elsewhere (a bulk run's next window) would then be
 * charged to whoever waits for that answer. While `work` is under way the timeline is held
 * still for up to `turns` of its turns (a wait of 0 ms is woken first); a slow service on virtual
 * time still moves it on after that. Does nothing on real time.
 */
export function holdStillWhile(work: Promise<unknown>, turns = 20): void {
	if (!running) return;
	let out = true;
	const done = () => (out = false);
	work.then(done, done);
	void (async () => {
		for (let turn = 0; out && turn < turns; turn++) await clock.sleep(0);
	})();
}

/** A pause of `ms` on the virtual timeline (in a test that uses virtual time). */
export const pause = (ms: number): Promise<void> => clock.sleep(ms);
