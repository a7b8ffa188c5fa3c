import type {
	DeclarativeRestApiSettings,
	IBinaryKeyData,
	IDataObject,
	IExecutePaginationFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
} from 'n8n-workflow';
import { isResourceLocatorValue } from 'n8n-workflow';

import type { DownloadFacts, OperationFacts } from '../shared/operation';
import { operationSettings } from '../shared/options';
import { fillPath } from '../shared/path';
import { guard } from '../shared/validation';
import type { RequestContext } from '../transport/context';
import { requestContextOf } from '../transport/context';
import { downloadImage, MIME_TYPES } from '../transport/download';
import { recordOf } from './envelope';
import { idFromUrl } from './lookup';
import { readPages } from '../transport/pagination';
import { asNodeError, redactDeep, redactError } from '../transport/redact';
import type { ServiceRequest } from '../transport/send';
import { sendRequest } from '../transport/send';
import type { UpsertTurn } from './upsert';
import { takeTurn, upsert } from './upsert';

type PreparedOptions = DeclarativeRestApiSettings.ResultOptions['options'];

/** What an operation outputs for its item: records, and a file where it downloads one. */
interface Output {
	json: IDataObject;
	binary?: IBinaryKeyData;
}

/**
 * What n8n's declarative routing runs for every item of an operation (the operation's
 * `routing.operations.pagination`): it starts from the request n8n prepared from the
 * operation's fields and sends it through the transport with the operation's facts. Items that
 * fail become `{ error }` items with Continue On Fail.
 */
export function routeThroughTransport(facts: OperationFacts) {
	return async function sendThroughTransport(
		this: IExecutePaginationFunctions,
		requestData: DeclarativeRestApiSettings.ResultOptions,
	): Promise<INodeExecutionData[]> {
		const itemIndex = this.getItemIndex();
		let turn: UpsertTurn | undefined;
		try {
			// Before anything waits: Create or Update takes the item's place in line, in item order.
			if (facts.upsert) {
				turn = takeTurn(this, facts.upsert, { ...(requestData.options.body as IDataObject) });
			}
			const outputs = await runOperation(this, facts, requestData.options, turn);
			return outputs.map((output) => ({ ...output, pairedItem: { item: itemIndex } }));
		} catch (caught) {
			const error = asNodeError(this.getNode(), caught, itemIndex);
			if (this.continueOnFail()) {
				return [{ json: { error: error.message }, error, pairedItem: { item: itemIndex } }];
			}
			throw error;
		} finally {
			turn?.place.release();
		}
	};
}

/** The operation for one item; its output and any error free of the credential's secrets. */
async function runOperation(
	fns: IExecutePaginationFunctions,
	facts: OperationFacts,
	prepared: PreparedOptions,
	turn?: UpsertTurn,
): Promise<Output[]> {
	const node = fns.getNode();
	const itemIndex = fns.getItemIndex();
	const { limit, ...settings } = guard(node, itemIndex, () =>
		operationSettings((name, fallback) => fns.getNodeParameter(name, fallback)),
	);
	const context = await requestContextOf(fns, {
		itemIndex,
		settings,
		signal: fns.getExecutionCancelSignal(),
	});
	let outputs: Output[];
	try {
		outputs = await sendOperation(fns, context, facts, prepared, limit, turn);
	} catch (caught) {
		throw redactError(context.secrets, asNodeError(node, caught, itemIndex));
	}
	// A file is the service's image as it came: only the records can hold an echoed key.
	return outputs.map(({ json, binary }) => ({
		json: redactDeep(context.secrets, json),
		...(binary ? { binary } : {}),
	}));
}

async function sendOperation(
	fns: IExecutePaginationFunctions,
	context: RequestContext,
	facts: OperationFacts,
	prepared: PreparedOptions,
	limit: number,
	turn?: UpsertTurn,
): Promise<Output[]> {
	const parameter = (name: string) => fns.getNodeParameter(name, undefined, { extractValue: true });
	if (facts.upsert && turn) {
		const body = { ...(prepared.body as IDataObject) };
		const preparedOptions = prepared as Partial<IHttpRequestOptions>;
		return [{ json: await upsert(context, facts.upsert, turn, body, preparedOptions) }];
	}
	const fromUrls = await idsFromUrls(fns, context, facts, parameter);
	const { path, ids } = guard(context.node, context.itemIndex, () =>
		fillPath(facts, (name) => (name in fromUrls ? fromUrls[name] : parameter(name))),
	);
	const request: ServiceRequest = {
		method: facts.request.method,
		path,
		qs: prepared.qs as IDataObject,
		body: prepared.body as IDataObject,
		// n8n's own type allows an expression string for TLS checks; resolved by now.
		prepared: prepared as Partial<IHttpRequestOptions>,
	};
	const shape = facts.output ?? ((record: IDataObject) => record);
	if (facts.list) {
		const collected: Output[] = [];
		await readPages(context, request, facts.list, limit, async (records) => {
			collected.push(...records.map((record) => ({ json: shape(record) })));
		});
		return collected;
	}
	const record = shape(recordOf(await sendRequest(context, request), ids));
	if (!facts.download) return [{ json: record }];
	return [await withFile(fns, context, facts.download, record, request.prepared, parameter)];
}

/** The record with its file (a QR image), downloaded from its public address without the key. */
async function withFile(
	fns: IExecutePaginationFunctions,
	context: RequestContext,
	download: DownloadFacts,
	record: IDataObject,
	prepared: Partial<IHttpRequestOptions> | undefined,
	parameter: (name: string) => unknown,
): Promise<Output> {
	const file = guard(context.node, context.itemIndex, () => download.file(record, parameter));
	const data = await downloadImage(
		{
			node: context.node,
			itemIndex: context.itemIndex,
			timeoutMs: context.settings.timeoutMs,
			signal: context.signal,
			get: async (options) => await fns.helpers.httpRequest(options),
			prepared,
		},
		file.url,
		file.format,
	);
	const binary = await fns.helpers.prepareBinaryData(data, file.fileName, MIME_TYPES[file.format]);
	return { json: record, binary: { [file.binaryField]: binary } };
}

/** The IDs of path parameters given as an address ("By URL"), each looked up through the transport. */
async function idsFromUrls(
	fns: IExecutePaginationFunctions,
	context: RequestContext,
	{ pathParameters = {} }: OperationFacts,
	parameter: (name: string) => unknown,
): Promise<Record<string, unknown>> {
	const ids: Record<string, unknown> = {};
	for (const [name, pathParameter] of Object.entries(pathParameters)) {
		const given = fns.getNodeParameter(name, undefined);
		if (pathParameter.fromUrl && isResourceLocatorValue(given) && given.mode === 'url') {
			ids[name] = await idFromUrl(context, pathParameter, given.value, parameter);
		}
	}
	return ids;
}
