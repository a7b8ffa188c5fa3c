import type { IDataObject, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';

import { InputError, positiveWholeNumber, text, toBoolean, withoutUserInfo } from './validation';

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
};
type OptionName = 'maxTotalWait' | 'maxWait' | 'pageSize' | 'timeout';
const inSeconds = (label: string) => `${label} (Seconds)`;

const OPTIONS: INodeProperties[] = [
	{
		displayName: OPTION_LABELS.allowUnauthorizedCerts,
		name: 'allowUnauthorizedCerts',
		type: 'boolean',
		noDataExpression: true,
		default: false,
		description: 'Whether to connect even if SSL certificate validation is not possible',
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

/**
 * Options every operation has: how long to wait for the rate limit and for an answer; lists
 * also a page size. One property for all operations: n8n evaluates every top-level property
 * for every item.
 */
export function requestOptions(listOperations: string[]): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: OPTIONS.map((option) =>
			option.name === 'pageSize'
				? { ...option, displayOptions: { show: { '/operation': listOperations } } }
				: option,
		),
	};
}

/**
 * The Options of a node that only reads lists (the triggers): every option of the action node,
 * Page Size shown always.
 */
export function listReadingOptions(): INodeProperties {
	return {
		...requestOptions([]),
		options: OPTIONS.map((option) => ({ ...option })),
	};
}

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
				`${inSeconds(OPTION_LABELS[name])} must be a number greater than 0, but got "${String(given[name])}"`,
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
			`${OPTION_LABELS.proxy} must be an address such as http://myproxy:3128, but got "${withoutUserInfo(address)}"`,
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
