import { optionNamed } from '../shared/options';

/**
 * Why a request got no answer, read from the error n8n's HTTP helper throws, and what that
 * means for sending it again.
 */

export type FailureReason =
	| 'hostNotFound'
	| 'hostNotResolved'
	| 'refused'
	| 'timedOut'
	| 'closedBefore'
	| 'closedDuring'
	| 'certificate'
	| 'unknown';

export interface Failure {
	reason: FailureReason;
	/** The request never reached the service: sending it again cannot apply it twice. */
	neverSent: boolean;
	/** n8n's own words for it. */
	detail: string;
}

// A certificate is checked before anything of the request is sent.
const NEVER_SENT: FailureReason[] = ['hostNotFound', 'hostNotResolved', 'refused', 'certificate'];

const CERTIFICATE_CODES = [
	'DEPTH_ZERO_SELF_SIGNED_CERT',
	'SELF_SIGNED_CERT_IN_CHAIN',
	'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
	'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
	'CERT_HAS_EXPIRED',
	'CERT_NOT_YET_VALID',
	'CERT_UNTRUSTED',
	'ERR_TLS_CERT_ALTNAME_INVALID',
];

// Node's words for the same, where n8n 1.x passes on the message without its code.
const CERTIFICATE_WORDS =
	/self[- ]signed certificate|unable to verify the first certificate|unable to get local issuer certificate|certificate has expired|certificate is not yet valid|Hostname\/IP does not match certificate/i;

interface ErrorLike {
	code?: unknown;
	message?: unknown;
	cause?: ErrorLike;
}

export function readFailure(error: unknown): Failure {
	const candidate = (error ?? {}) as ErrorLike;
	// n8n's helper wraps the network's error, in 1.x more than once: read every layer, the
	// innermost code first (the network's own).
	const chain: ErrorLike[] = [];
	for (let link: ErrorLike | undefined = candidate; link && chain.length < 4; link = link.cause) {
		chain.push(link);
	}
	const code = String([...chain].reverse().find((link) => link.code)?.code ?? '');
	const text = chain.map((link) => String(link.message ?? '')).join(' ');
	const reason = reasonOf(code, text);
	return {
		reason,
		neverSent: NEVER_SENT.includes(reason),
		detail: String(candidate.message ?? error),
	};
}

function reasonOf(code: string, text: string): FailureReason {
	if (code === 'ENOTFOUND') return 'hostNotFound';
	if (code === 'EAI_AGAIN') return 'hostNotResolved';
	if (code === 'ECONNREFUSED') return 'refused';
	if (CERTIFICATE_CODES.includes(code) || CERTIFICATE_WORDS.test(text)) return 'certificate';
	// n8n reports its own timeout as an aborted connection: "timeout of 1000ms exceeded".
	if (code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT' || /timeout of \d+ ?ms/i.test(text)) {
		return 'timedOut';
	}
	if (code === 'ERR_BAD_RESPONSE' || /stream has been aborted|premature close/i.test(text)) {
		return 'closedDuring';
	}
	if (['ECONNRESET', 'EPIPE', 'ECONNABORTED'].includes(code) || /socket hang up/i.test(text)) {
		return 'closedBefore';
	}
	return 'unknown';
}

/**
 * Whether trying again can help and cannot apply the request twice: a refused connection or
 * a name lookup that failed for now never reached the service; a connection closed on the
 * way may have, so only requests that change nothing when repeated go again. A missing host
 * stays missing, and a timeout has spent the Timeout already.
 */
export function worthRetrying(failure: Failure, idempotent: boolean): boolean {
	if (failure.reason === 'refused' || failure.reason === 'hostNotResolved') return true;
	return idempotent && (failure.reason === 'closedBefore' || failure.reason === 'closedDuring');
}

/** The failure in words for the item's error message. */
export function failureInWords(failure: Failure, timeoutMs: number): string {
	switch (failure.reason) {
		case 'hostNotFound':
			return 'the host name was not found';
		case 'hostNotResolved':
			return 'the host name could not be resolved';
		case 'refused':
			return 'the connection was refused';
		case 'timedOut':
			return `no answer arrived within ${timeoutMs / 1000} s (${optionNamed('timeout')})`;
		case 'closedBefore':
			return 'the connection was closed before an answer arrived';
		case 'closedDuring':
			return 'the connection was closed while the answer was arriving';
		case 'certificate':
			return 'its SSL certificate could not be verified';
		default:
			return 'the request was cut off before an answer arrived';
	}
}
