import type { IBinaryKeyData, IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { recordOf } from '../records/envelope';
import { idFromUrl } from '../records/lookup';
import type {
	DownloadFacts,
	ItemParameters,
	KeyNeeds,
	OperationDefinition,
	RequestParts,
} from '../shared/operation';
import { alwaysUpdates, requestSettings, showsSecretFields } from '../shared/options';
import { fillPath } from '../shared/path';
import { guard } from '../shared/validation';
import type { Credential, RequestContext } from '../transport/context';
import { requestContext } from '../transport/context';
import { downloadImageFile, MIME_TYPES } from '../transport/download';
import { asNodeError } from '../transport/errors';
import { readPages } from '../transport/pagination';
import { redactDeep, redactError, secretsOf, withoutFields } from '../transport/redact';
import { sendRequest } from '../transport/send';
import { itemParameters, recordLimit } from './itemParameters';
import type { RunStop } from './stopping';
import type { UpsertRun } from './upsert';
import { takeTurn, upsert } from './upsert';

/** What an operation outputs for its item: records, and a file where it downloads one. */
export interface Output {
	json: IDataObject;
	binary?: IBinaryKeyData;
}

/** What every item of one run of the node shares. */
export interface Run extends UpsertRun {
	fns: IExecuteFunctions;
	operation: OperationDefinition;
	/** What the operation's resource needs of the key. */
	needs: KeyNeeds;
	credential: Credential;
	/** Stops the items under way when the execution is cancelled or a failed item stops the run. */
	stop: RunStop;
}

/**
 * Starts one item's operation: its parameters are read and checked and its request built from
 * the operation's fields at once (a refused item throws here, before anything is sent), and
 * everything up to its first request runs before this returns, so that items take their places
 * in line in their order. The promise gives its output, free of the credential's secrets, or
 * rejects with an error equally free of them.
 */
export function startItem(run: Run, itemIndex: number): Promise<Output[]> {
	const node = run.fns.getNode();
	const parameters = itemParameters(run.fns, itemIndex);
	const { context, parts, limit, withheld, rowsOf, alwaysUpdate } = prepareItem(
		run,
		itemIndex,
		parameters,
	);
	const { signal, release } = run.stop.forItem();
	const shape = { limit, rowsOf, alwaysUpdate };
	return sendOperation(run, { ...context, signal }, parameters, parts, shape)
		.then(
			// A file is the service's image as it came: only the records can hold an echoed key.
			(outputs) =>
				outputs.map(({ json, binary }) => ({
					json: redactDeep(context.secrets, withoutFields(json, withheld)),
					...(binary ? { binary } : {}),
				})),
			(caught: unknown) => {
				throw redactError(context.secrets, asNodeError(node, caught, itemIndex));
			},
		)
		.finally(release);
}

/**
 * The item's settings, request context, body and query, and the record fields its output
 * withholds; a refusal names the field.
 */
function prepareItem(run: Run, itemIndex: number, parameters: ItemParameters) {
	const { fns, operation, credential, needs } = run;
	const node = fns.getNode();
	try {
		const { settings, ...request } = guard(node, itemIndex, () => {
			const options = (parameters.raw('options', {}) ?? {}) as IDataObject;
			return {
				settings: requestSettings(options),
				// Fields holding others' secrets are output only when the Options ask for them.
				withheld: showsSecretFields(options) ? [] : (operation.secretFields ?? []),
				limit: operation.list ? recordLimit(parameters.raw) : Infinity,
				parts: requestParts(operation, parameters),
				rowsOf: operation.rows?.(parameters.value),
				alwaysUpdate: operation.upsert?.remembersSent ? alwaysUpdates(options) : false,
			};
		});
		const context = requestContext(node, itemIndex, credential, settings);
		return { context: { ...context, needs, secretFields: operation.secretFields }, ...request };
	} catch (caught) {
		// Checks quote what was given, which could hold the key.
		throw redactError(secretsOf(credential.data), asNodeError(node, caught, itemIndex));
	}
}

/** The body and query the operation's fields make of the item's parameters. */
function requestParts(operation: OperationDefinition, parameters: ItemParameters): RequestParts {
	const parts: RequestParts = { body: {}, qs: {} };
	for (const field of operation.fields) if ('send' in field) field.send(parts, parameters);
	return parts;
}

/** How many records a list item outputs, the rows a record makes, and Create or Update's choice. */
interface ItemShape {
	limit: number;
	rowsOf?: ReturnType<NonNullable<OperationDefinition['rows']>>;
	alwaysUpdate: boolean;
}

async function sendOperation(
	run: Run,
	context: RequestContext,
	parameters: ItemParameters,
	{ body, qs }: RequestParts,
	{ limit, rowsOf, alwaysUpdate }: ItemShape,
): Promise<Output[]> {
	const { operation } = run;
	if (operation.upsert) {
		// Before anything waits: the item takes its place in its key's line, in item order.
		const turn = takeTurn(run, operation.upsert, body, parameters.value, () =>
			run.fns.getWorkflowStaticData('node'),
		);
		return [{ json: await upsert(context, operation.upsert, turn, body, { alwaysUpdate }) }];
	}
	const lookups = idsFromUrls(context, operation, parameters);
	const fromUrls = lookups ? await lookups : {};
	const { path, ids } = guard(context.node, context.itemIndex, () =>
		fillPath(operation, (name) => (name in fromUrls ? fromUrls[name] : parameters.value(name))),
	);
	const request = { method: operation.request.method, path, qs, body };
	const shape = operation.output ?? ((record: IDataObject) => record);
	if (operation.list) {
		const collected: Output[] = [];
		await readPages(context, request, operation.list, limit, async (records) => {
			collected.push(...records.map((record) => ({ json: shape(record, ids, {}) })));
		});
		return collected;
	}
	const record = shape(recordOf(await sendRequest(context, request), ids), ids, body);
	if (rowsOf) {
		const rows = guard(context.node, context.itemIndex, () => rowsOf(record, ids));
		return rows.map((json) => ({ json }));
	}
	if (!operation.download) return [{ json: record }];
	return [await withFile(run.fns, context, operation.download, record, parameters)];
}

/** The record with its file (a QR image), downloaded from its public address without the key. */
async function withFile(
	fns: IExecuteFunctions,
	context: RequestContext,
	download: DownloadFacts,
	record: IDataObject,
	parameters: ItemParameters,
): Promise<Output> {
	const file = guard(context.node, context.itemIndex, () =>
		download.file(record, parameters.value),
	);
	const { timeoutMs, proxy, skipSslCertificateValidation } = context.settings;
	const data = await downloadImageFile(
		{
			node: context.node,
			itemIndex: context.itemIndex,
			timeoutMs,
			signal: context.signal,
			get: async (options) => await fns.helpers.httpRequest(options),
			connection: { proxy, skipSslCertificateValidation },
		},
		file,
	);
	const binary = await fns.helpers.prepareBinaryData(data, file.fileName, MIME_TYPES[file.format]);
	return { json: record, binary: { [file.binaryField]: binary } };
}

/**
 * The IDs of path parameters given as an address ("By URL"), each looked up through the
 * transport; `undefined` when there are none, so that nothing waits before the item's request.
 */
function idsFromUrls(
	context: RequestContext,
	{ pathParameters = {} }: OperationDefinition,
	parameters: ItemParameters,
): Promise<Record<string, unknown>> | undefined {
	const byUrl = Object.entries(pathParameters).filter(([name, { fromUrl }]) => {
		const given = parameters.raw(name) as { mode?: unknown } | undefined;
		return fromUrl && given?.mode === 'url';
	});
	if (byUrl.length === 0) return undefined;
	return (async () => {
		const ids: Record<string, unknown> = {};
		for (const [name, pathParameter] of byUrl) {
			const { value } = parameters.raw(name) as { value?: unknown };
			ids[name] = await idFromUrl(context, pathParameter, value, parameters.value);
		}
		return ids;
	})();
}
