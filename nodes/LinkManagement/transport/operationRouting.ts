import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
} from 'n8n-workflow';
import { isResourceLocatorValue } from 'n8n-workflow';

import type { OperationFacts } from '../shared/operation';
import { operationSettings } from '../shared/options';
import { fillPath } from '../shared/path';
import { guard } from '../shared/validation';
import type { RequestContext } from './context';
import { requestContextOf } from './context';
import { recordOf } from './envelope';
import { idFromUrl } from './lookup';
import { readPages } from './pagination';
import { asNodeError, withoutSecrets } from './redact';
import { sendRequest } from './send';

type PreparedOptions = DeclarativeRestApiSettings.ResultOptions['options'];

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
		try {
			const records = await runOperation(this, facts, requestData.options);
			return records.map((json) => ({ json, pairedItem: { item: itemIndex } }));
		} catch (caught) {
			const error = asNodeError(this.getNode(), caught, itemIndex);
			if (this.continueOnFail()) {
				return [{ json: { error: error.message }, error, pairedItem: { item: itemIndex } }];
			}
			throw error;
		}
	};
}

async function runOperation(
	fns: IExecutePaginationFunctions,
	facts: OperationFacts,
	prepared: PreparedOptions,
): Promise<IDataObject[]> {
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
	return await withoutSecrets(
		context.secrets,
		node,
		async () => await sendOperation(fns, context, facts, prepared, limit),
	);
}

async function sendOperation(
	fns: IExecutePaginationFunctions,
	context: RequestContext,
	facts: OperationFacts,
	prepared: PreparedOptions,
	limit: number,
): Promise<IDataObject[]> {
	const parameter = (name: string) => fns.getNodeParameter(name, undefined, { extractValue: true });
	const fromUrls = await idsFromUrls(fns, context, facts, parameter);
	const { path, ids } = guard(context.node, context.itemIndex, () =>
		fillPath(facts, (name) => (name in fromUrls ? fromUrls[name] : parameter(name))),
	);
	const request = {
		method: facts.request.method,
		path,
		qs: prepared.qs as IDataObject,
		body: prepared.body as IDataObject,
		// n8n's own type allows an expression string for TLS checks; resolved by now.
		prepared: prepared as Partial<IHttpRequestOptions>,
	};
	const shape = facts.output ?? ((record: IDataObject) => record);
	if (!facts.list) return [shape(recordOf(await sendRequest(context, request), ids))];

	const collected: IDataObject[] = [];
	await readPages(context, request, facts.list, limit, async (records) => {
		collected.push(...records.map(shape));
	});
	return collected;
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
