import type {
	IAdditionalCredentialOptions,
	ICredentialDataDecryptedObject,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INode,
} from 'n8n-workflow';

import type { KeyNeeds } from '../shared/operation';
import type { RequestSettings } from '../shared/options';
import { requestSettings } from '../shared/options';
import { guard } from '../shared/validation';
import { apiRootFromBaseUrl } from './baseUrl';
import { budgetKey } from './budget';
import type { Deadline } from './deadline';
import type { Party } from './queue';
import type { Secrets } from './redact';
import { secretsOf } from './redact';

export const CREDENTIAL_TYPE = 'linkManagementApi';

/** What a request needs from n8n, whichever kind of context (operation, picker, trigger) sends it. */
export interface RequestContext {
	node: INode;
	itemIndex: number;
	apiRoot: string;
	/** What of the credential must never show: masked in every message and output. */
	secrets: Secrets;
	/** The shared rate-limit budget of this API root and key. */
	budget: string;
	/** Who the request is sent for: its key's requests take turns between parties (queue.ts). */
	party: Party;
	settings: RequestSettings;
	/** How long the service has made this item (or poll) wait, over all its requests and pages. */
	waited: { serviceMs: number };
	signal?: AbortSignal;
	/** The time the work is given (a poll's): no request starts that could not end within it. */
	deadline?: Deadline;
	/** What the request needs of its key: a refusal for want of it says so. */
	needs?: KeyNeeds;
	/** Fields of the answers that hold someone else's secret: never quoted in an error. */
	secretFields?: string[];
	/** n8n's authenticated HTTP helper: the credential adds the key. */
	send(options: IHttpRequestOptions): Promise<IN8nHttpFullResponse>;
}

/** What a context knows of the operation it sends for. */
export type OperationKeyFacts = Pick<RequestContext, 'needs' | 'secretFields'>;

export interface Credentials {
	baseUrl?: unknown;
	apiKey?: unknown;
}

/**
 * The credential, read once, and n8n's authenticated helper sending with it. It is read once for
 * each node run, poll or webhook call: each is a party of its own, taking turns with the others
 * that use the key.
 */
export interface Credential {
	data: Credentials;
	party: Party;
	send(options: IHttpRequestOptions): Promise<IN8nHttpFullResponse>;
}

/**
 * The API root and budget of a credential as read for one run (n8n reads it anew for the next):
 * worked out for its first item, not again for each (the budget's key is a SHA-256).
 */
const derived = new WeakMap<Credentials, { apiRoot: string; budget: string }>();

/** Builds the request context from the credential; a Base URL that is not usable fails the item. */
export function requestContext(
	node: INode,
	itemIndex: number,
	{ data, party, send }: Credential,
	settings: RequestSettings = requestSettings(),
	signal?: AbortSignal,
): RequestContext {
	let known = derived.get(data);
	if (!known) {
		const apiRoot = guard(node, itemIndex, () => apiRootFromBaseUrl(data.baseUrl));
		const apiKey = typeof data.apiKey === 'string' ? data.apiKey.trim() : '';
		known = { apiRoot, budget: budgetKey(apiRoot, apiKey) };
		derived.set(data, known);
	}
	const { apiRoot, budget } = known;
	return {
		node,
		itemIndex,
		apiRoot,
		secrets: secretsOf(data, [settings.proxy?.auth?.password ?? '']),
		budget,
		party,
		settings,
		waited: { serviceMs: 0 },
		signal,
		send,
	};
}

/** What every kind of n8n context (an operation's run, a poll, a picker) offers for requests. */
export interface N8nFunctions {
	getNode(): INode;
	getCredentials(type: string): Promise<ICredentialDataDecryptedObject>;
	helpers: {
		httpRequestWithAuthentication(
			credentialType: string,
			options: IHttpRequestOptions,
			additional?: IAdditionalCredentialOptions,
		): Promise<IN8nHttpFullResponse>;
	};
}

/**
 * The node's credential, read once for all its requests: each request hands it to n8n's helper,
 * which would otherwise read and decrypt the credential again for every request.
 */
export async function credentialOf(fns: N8nFunctions): Promise<Credential> {
	const data = await fns.getCredentials(CREDENTIAL_TYPE);
	const { id = '', name = '' } = fns.getNode().credentials?.[CREDENTIAL_TYPE] ?? {};
	const credentialsDecrypted = { id: id ?? '', name, type: CREDENTIAL_TYPE, data };
	return {
		data,
		party: {},
		send: async (options) =>
			await fns.helpers.httpRequestWithAuthentication.call(fns, CREDENTIAL_TYPE, options, {
				credentialsDecrypted,
			}),
	};
}

/** The request context of an n8n context, from its credential. */
export async function requestContextOf(
	fns: N8nFunctions,
	{
		itemIndex = 0,
		settings,
		signal,
		deadline,
		...facts
	}: {
		itemIndex?: number;
		settings?: RequestSettings;
		signal?: AbortSignal;
		deadline?: Deadline;
	} & OperationKeyFacts = {},
): Promise<RequestContext> {
	const context = requestContext(
		fns.getNode(),
		itemIndex,
		await credentialOf(fns),
		settings,
		signal,
	);
	return { ...context, deadline, ...facts };
}
