import type { IDataObject, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';

import { withoutUserInfo } from './addresses';
import { InputError, positiveWholeNumber, quoted, text, toBoolean } from './validation';

/** Limits of the transport, from the node's Options (or their defaults). */
export interface RequestSettings {
	/** Longest single wait the service may ask for. */
	maxWaitMs: number;
	/** Longest time one item may spend waiting because the service asked it to. */
	maxTotalWaitMs: number;
	/** How long one request may go without an answer. */
	timeoutMs: number;
	/** Records asked for per page of a list. */
	pageSize: number;
	/** An HTTP proxy every request goes through (a self-hosted n8n behind one). */
	proxy?: IHttpRequestOptions['proxy'];
	/** Accept the service's TLS certificate unchecked (a self-signed one). */
	skipSslCertificateValidation?: boolean;
}

/** Names of the Options, also quoted by the transport's error messages. */
export const OPTION_LABELS = {
	maxTotalWait: 'Max Total Wait per Item',
	maxWait: 'Max Wait per Pause',
	pageSize: 'Page Size',
	timeout: 'Timeout',
	proxy: 'Proxy',
	allowUnauthorizedCerts: 'Ignore SSL Issues (Insecure)',
	includeApiKeys: 'Include API Keys',
	alwaysUpdate: 'Always Update',
};
type OptionName = 'maxTotalWait' | 'maxWait' | 'pageSize' | 'timeout';
const inSeconds = (label: string) => `${label} (Seconds)`;

const OPTIONS: INodeProperties[] = [
	{
		displayName: OPTION_LABELS.alwaysUpdate,
		name: 'alwaysUpdate',
		type: 'boolean',
		default: false,
		description:
			"Whether to update every matched record even where the row is what this node last sent to it. Use it when records were changed in the service's own interface and the sheet should win: off, such a row sends nothing, as the list does not show what changed.",
	},
	{
		displayName: OPTION_LABELS.allowUnauthorizedCerts,
		name: 'allowUnauthorizedCerts',
		type: 'boolean',
		noDataExpression: true,
		default: false,
		description: 'Whether to connect even if SSL certificate validation is not possible',
	},
	{
		displayName: OPTION_LABELS.includeApiKeys,
		name: 'includeApiKeys',
		type: 'boolean',
		default: false,
		description:
			"Whether to output each user's own API key (apikey). Off, it is left out: a workflow's data is stored with its executions and shown to everyone who can open the workflow.",
	},
	{
		displayName: inSeconds(OPTION_LABELS.maxTotalWait),
		name: 'maxTotalWait',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 300,
		description:
			'Longest time one item may spend waiting because the service refused its requests ("rate limited") before it fails. Waiting its turn while other items or n8n workers use the budget does not count.',
	},
	{
		displayName: inSeconds(OPTION_LABELS.maxWait),
		name: 'maxWait',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 120,
		description:
			'Longest single pause for the rate limit. When the service asks for a longer one, the item fails at once with the time the window resets.',
	},
	{
		displayName: OPTION_LABELS.pageSize,
		name: 'pageSize',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 1000,
		description:
			'How many records to ask for per request. Large pages spend the rate limit on records rather than on requests; the service may send fewer per page, and the node follows what it says.',
	},
	{
		displayName: OPTION_LABELS.proxy,
		name: 'proxy',
		type: 'string',
		default: '',
		placeholder: 'e.g. http://myproxy:3128',
		description:
			'HTTP proxy to send the requests through. With a user name and password: http://username:password@myproxy:3128.',
	},
	{
		displayName: inSeconds(OPTION_LABELS.timeout),
		name: 'timeout',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 30,
		description: 'How long to wait for the service to answer one request before the item fails',
	},
];

/** Where the Options that concern some operations only are shown (by the node's parameters). */
export interface OptionsShown {
	/** Page Size: the operations that read lists page by page, not for these resources. */
	pagedLists?: { operations: string[]; notForResources: string[] };
	/** Include API Keys: the operations whose records hold someone else's secret (none: left out). */
	secretFields?: { resources: string[]; operations: string[] };
	/** Always Update: the resources whose Create or Update remembers what it sent (none: left out). */
	remembersSent?: { resources: string[] };
}

/**
 * Options every operation has: how long to wait for the rate limit and for an answer; lists
 * read in pages also a page size; records that hold users' API keys whether to output them. One
 * property for all operations: n8n evaluates every top-level property for every item. Without
 * `shown`, every option but Include API Keys shows always (the trigger's).
 */
export function requestOptions({
	pagedLists,
	secretFields,
	remembersSent,
}: OptionsShown = {}): INodeProperties {
	const displayOptions: Record<string, INodeProperties['displayOptions']> = {};
	if (pagedLists) {
		const { operations, notForResources } = pagedLists;
		displayOptions.pageSize = {
			show: { '/operation': operations },
			...(notForResources.length ? { hide: { '/resource': notForResources } } : {}),
		};
	}
	if (secretFields) {
		const { resources, operations } = secretFields;
		displayOptions.includeApiKeys = { show: { '/resource': resources, '/operation': operations } };
	}
	if (remembersSent) {
		displayOptions.alwaysUpdate = {
			show: { '/resource': remembersSent.resources, '/operation': ['upsert'] },
		};
	}
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: OPTIONS.filter(
			({ name }) =>
				(name !== 'includeApiKeys' || secretFields?.operations.length) &&
				(name !== 'alwaysUpdate' || remembersSent?.resources.length),
		).map((option) =>
			displayOptions[option.name]
				? { ...option, displayOptions: displayOptions[option.name] }
				: option,
		),
	};
}

/** An option as messages name it: its display name, in single quotes. */
export const optionNamed = (name: keyof typeof OPTION_LABELS) =>
	quoted(OPTIONS.find((option) => option.name === name)?.displayName ?? OPTION_LABELS[name]);

/** Whether the Options ask for the fields that hold others' secrets (users' own API keys). */
export const showsSecretFields = (given: IDataObject = {}): boolean =>
	toBoolean(given.includeApiKeys ?? false, OPTION_LABELS.includeApiKeys) as boolean;

/** Whether the Options ask Create or Update to update matched records it remembers as sent. */
export const alwaysUpdates = (given: IDataObject = {}): boolean =>
	toBoolean(given.alwaysUpdate ?? false, OPTION_LABELS.alwaysUpdate) as boolean;

const defaultOf = (name: OptionName) =>
	OPTIONS.find((option) => option.name === name)?.default as number;

/** The transport's settings from the Options; a value that is not above 0 is refused by name. */
export function requestSettings(given: IDataObject = {}): RequestSettings {
	const isUnset = (name: OptionName) =>
		given[name] === undefined || given[name] === null || given[name] === '';
	const seconds = (name: OptionName) => {
		if (isUnset(name)) return defaultOf(name) * 1000;
		const number = Number(given[name]);
		if (!Number.isFinite(number) || number <= 0) {
			throw new InputError(
				`${optionNamed(name)} must be a number greater than 0, but got "${String(given[name])}"`,
				`Give a number of seconds above 0, such as ${defaultOf(name)}, or remove the option to use that default.`,
			);
		}
		return number * 1000;
	};
	return {
		maxTotalWaitMs: seconds('maxTotalWait'),
		maxWaitMs: seconds('maxWait'),
		timeoutMs: seconds('timeout'),
		pageSize: isUnset('pageSize')
			? defaultOf('pageSize')
			: positiveWholeNumber(given.pageSize, OPTION_LABELS.pageSize),
		...(text(given.proxy) ? { proxy: proxyOf(text(given.proxy)) } : {}),
		...(toBoolean(given.allowUnauthorizedCerts ?? false, OPTION_LABELS.allowUnauthorizedCerts)
			? { skipSslCertificateValidation: true }
			: {}),
	};
}

/** A proxy address as n8n's HTTP helper takes it; a user name and password in it never shown. */
function proxyOf(address: string): NonNullable<RequestSettings['proxy']> {
	let url: URL | undefined;
	try {
		url = new URL(address);
	} catch {
		url = undefined;
	}
	if (!url || !/^https?:$/.test(url.protocol) || !url.hostname) {
		throw new InputError(
			`${optionNamed('proxy')} must be an address such as http://myproxy:3128, but got "${withoutUserInfo(address)}"`,
			'Give the proxy as http:// or https://, a host name and a port, such as http://myproxy:3128, or remove the option.',
		);
	}
	const protocol = url.protocol.slice(0, -1);
	return {
		protocol,
		host: url.hostname,
		port: Number(url.port) || (protocol === 'https' ? 443 : 80),
		...(url.username
			? {
					auth: {
						username: decodeURIComponent(url.username),
						password: decodeURIComponent(url.password),
					},
				}
			: {}),
	};
}
