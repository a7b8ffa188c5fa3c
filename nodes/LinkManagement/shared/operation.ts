import type {
	IDataObject,
	IHttpRequestMethods,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import type { Converter } from './validation';

/**
 * What an operation declares about itself, in its own file. The node assembles its properties
 * from these definitions, and the transport, the ID pickers and the trigger read the same facts:
 * nothing else tells them about resources and operations.
 */

/** The request an operation sends: its method, and its path below `/api` with `:name` placeholders. */
export interface OperationRequest {
	method: IHttpRequestMethods;
	path: string;
}

/** A `:name` placeholder in an operation's path: how it is named in messages and checked. */
export interface PathParameter {
	label: string;
	/** The value to put in the path; throws an InputError naming the label when it is not usable. */
	convert: Converter;
	/** For a resource locator with a "By URL" mode: the record the address stands for. */
	fromUrl?: UrlLookup;
}

/** How to find records of a list by one of their values (a natural key such as an alias). */
export interface RecordLookup {
	/** The list operation whose records are searched. */
	list: OperationFacts;
	/** What the record is called in messages: "link". */
	noun: string;
	/** The record's value that is compared with the wanted one, as it is named in messages. */
	key: { label: string; of: (record: IDataObject) => unknown };
	/** A query parameter with which the service finds such records itself (it may ignore it). */
	filter?: string;
}

/** A record named by an address: the value the address holds, and where to look it up. */
export interface UrlLookup {
	lookup: RecordLookup;
	/** The wanted value from the address; throws an InputError naming the label when there is none. */
	keyFromUrl: Converter;
	/** Why the address cannot be used with the other parameters, or undefined when it can. */
	refuse?: (parameter: (name: string) => unknown) => string | undefined;
}

/** An operation that reads a list: page by page, or (`paged: false`) in one answer. */
export interface ListFacts {
	/**
	 * The key(s) of the records array, first found wins: in the answer's `data` envelope, or for
	 * a list without pages at the answer's top level.
	 */
	keys: string[];
	/** Fields that together identify a record (default `id`): a record is output once per run. */
	identity?: string[];
	/**
	 * `false`: the service answers the whole list at once, without pages (no `page`/`limit` is
	 * sent); Return All and Limit are applied to that one answer.
	 */
	paged?: boolean;
}

/** A file an operation downloads for the record it read (a QR image), from a public address. */
export interface FileToDownload {
	url: string;
	format: 'png' | 'svg';
	/** What the file is, in messages: "QR image". */
	noun: string;
	/** Where the file comes from and what to do where it cannot be had there, in messages. */
	origin: string;
	fileName: string;
	/** The binary field of the output item it goes into. */
	binaryField: string;
}

export interface DownloadFacts {
	/** The file for the record the operation read, as the node's parameters ask for it. */
	file(record: IDataObject, parameter: (name: string) => unknown): FileToDownload;
}

/** The value a "Create or Update" matches records on. */
export interface MatchKey {
	/** The body field the value is sent in (`name`, `custom`). */
	field: string;
	/** The record field a list shows it in (`name`, `alias`). */
	shownAs: string;
	/** How messages name it: "Name", "Alias". */
	label: string;
	/** Makes equal values equal (a domain's case and trailing slash); values are trimmed first. */
	normalize?: (value: string) => string;
	/** A query parameter with which the service finds records by this value itself. */
	filter?: string;
}

/** "Create or Update": find the record by its key in the list, then create or update it. */
export interface UpsertFacts {
	/** The list the record is looked up in (read once per execution). */
	list: OperationFacts;
	create: OperationFacts;
	/** Its path has one `:id` placeholder, filled with the matched record's ID. */
	update: OperationFacts;
	key: (parameter: (name: string) => unknown) => MatchKey;
	/** What an update of the matched record sends, from what a create would send. */
	updateBody: (body: IDataObject) => IDataObject;
	/** Body fields a list shows under another name (`url` → `longurl`). */
	shownAs?: Record<string, string>;
	/** Values a list shows only inside another of its fields (a campaign's slug in its rotator address). */
	shownWithin?: (record: IDataObject) => IDataObject;
	/** Fields an update cannot change: a matched record showing another value fails the item. */
	fixed?: string[];
	/**
	 * The update sends fields the list does not show (a QR code's data): the node remembers what
	 * it sent to each record (runner/sentMemory.ts), and a row equal to it sends nothing.
	 */
	remembersSent?: boolean;
}

export interface OperationFacts {
	request: OperationRequest;
	/** One entry per `:name` in the path. */
	pathParameters?: Record<string, PathParameter>;
	list?: ListFacts;
	/**
	 * Shapes each output record (after the service's envelope is taken off); `ids` holds the
	 * checked values of the path parameters, `sent` the body the request sent (a create's, an
	 * update's; empty for a read).
	 */
	output?: (record: IDataObject, ids: IDataObject, sent: IDataObject) => IDataObject;
	/**
	 * Instead of one item for the record: the items (rows) it makes, none or many, as the item's
	 * parameters ask. Called with them before any request (throwing an InputError to refuse
	 * them); the function it returns gets the record as `output` shaped it.
	 */
	rows?: (
		parameter: (name: string) => unknown,
	) => (record: IDataObject, ids: IDataObject) => IDataObject[];
	/**
	 * Fields of the records that hold someone else's secret (a user's own API key): taken out of
	 * the output unless the Options ask for them, never shown in a picker or quoted in an error.
	 */
	secretFields?: string[];
	/** After reading the record, download its file into the output item. */
	download?: DownloadFacts;
	/** Instead of one request: find the record by its key, then create or update it. */
	upsert?: UpsertFacts;
}

/**
 * An item's parameters as the node reads them: each at most once per item (n8n evaluates a
 * parameter's expressions each time it is read), whoever asks for it.
 */
export interface ItemParameters {
	/** The value as stored, expressions evaluated; `fallback` where the node has none. */
	raw(name: string, fallback?: unknown): unknown;
	/** The same, with a resource locator's value taken out of it. */
	value(name: string, fallback?: unknown): unknown;
	/** The workflow's time zone, for dates. */
	timezone: string;
}

/** The parts of a request that an operation's fields fill: its JSON body and its query. */
export interface RequestParts {
	body: IDataObject;
	qs: IDataObject;
}

/**
 * A field whose value goes into the request: shown in the editor as `property`; for each item,
 * `send` puts its checked value into the request (throwing an InputError that names the field
 * when the value is not usable, before anything is sent).
 */
export interface SentField {
	property: INodeProperties;
	send(request: RequestParts, parameters: ItemParameters): void;
}

/** A field of an operation: sent in the request, or only shown (read by the operation's facts). */
export type OperationField = INodeProperties | SentField;

/** One operation: its entry in the Operation list, its fields and its facts. */
export interface OperationDefinition extends OperationFacts {
	option: INodePropertyOptions & { value: string; action: string };
	fields: OperationField[];
}

/**
 * The scopes a key of the service can be given, one per group of routes (or `all`): a key
 * without a route's scope is refused.
 */
export type KeyScope =
	'account' | 'domains' | 'splash' | 'campaigns' | 'cta' | 'channels' | 'links' | 'pixels' | 'qr';

/** Which keys the service lets use a resource's routes: those with its scope, or administrators'. */
export type ResourceAccess = { scope: KeyScope } | { administratorsOnly: true };

/** What a request needs of its key, as messages name it: the resource, and its access. */
export type KeyNeeds = ResourceAccess & {
	/** The resource's display name: "QR Code". */
	resource: string;
};

/** A resource: its entry in the Resource list, its operations and which keys may use them. */
export interface ResourceDefinition {
	/** The `resource` parameter's value, stored in workflows. */
	resource: string;
	displayName: string;
	defaultOperation: string;
	/** Declared once for all of the resource's operations (their pickers and trigger events too). */
	access: ResourceAccess;
	operations: OperationDefinition[];
}
