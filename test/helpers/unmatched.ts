/**
 * Requests that no nock interceptor answered (nock refuses them, since the network is
 * disabled, and reports them as 'no match'). test/setup-tests.ts starts the record and empties
 * it before each test.
 */
import nock from 'nock';

const unmatched: string[] = [];
let recording = false;

export function recordUnmatchedRequests(): void {
	if (recording) return;
	recording = true;
	nock.emitter.on(
		'no match',
		(request: { method?: string; hostname?: string; host?: string; path?: string }) => {
			unmatched.push(
				`${request.method ?? '?'} ${request.hostname ?? request.host ?? ''}${request.path ?? ''}`,
			);
		},
	);
}

export function forgetUnmatchedRequests(): void {
	unmatched.length = 0;
}

/** Requests sent during the current test that no interceptor answered. */
export function unmatchedRequests(): string[] {
	return [...unmatched];
}
