import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { OperationFacts } from '../shared/operation';
import { fillPath } from '../shared/operation';
import type { RequestSettings } from '../shared/options';
import { guard } from '../shared/validation';
import { isRecord } from './answer';
import { CREDENTIAL_TYPE, requestContext } from './context';
import { readPages } from './pagination';
import { redactDeep, redactError } from './redact';
import type { ServiceRequest } from './send';
import { sendRequest } from './send';

/**
 * The adapter n8n's declarative routing calls for every item of every operation (the node's
 * `requestOperations.pagination`): it starts from the request n8n prepared and sends it
 * through the request path, with the operation's own facts.
 */
export interface RoutingSetup {
	/** The facts of the operation this item runs. */
	operationOf(fns: IExecutePaginationFunctions): OperationFacts | undefined;
	/** The path's settings, and for lists how many records to read (Infinity: all). */
	settingsOf(fns: IExecutePaginationFunctions): RequestSettings & { limit: number };
}

type RoutingRequest = DeclarativeRestApiSettings.ResultOptions;

export function serviceRouting(setup: RoutingSetup) {
	return async function sendThroughRequestPath(
		this: IExecutePaginationFunctions,
		requestData: RoutingRequest,
	): Promise<INodeExecutionData[]> {
		const itemIndex = this.getItemIndex();
		const secret = { apiKey: '' };
		try {
			const records = await runOperation(this, setup, requestData, secret);
			return records.map((json) => ({
				json: redactDeep(secret, json),
				pairedItem: { item: itemIndex },
			}));
		} catch (caught) {
			const error = redactError(
				secret,
				caught instanceof NodeApiError || caught instanceof NodeOperationError
					? caught
					: new NodeOperationError(this.getNode(), caught as Error, { itemIndex }),
			);
			if (this.continueOnFail()) {
				return [{ json: { error: error.message }, error, pairedItem: { item: itemIndex } }];
			}
			throw error;
		}
	};
}

/** The error with the API key taken out of every text it carries. */
async function runOperation(
	fns: IExecutePaginationFunctions,
	setup: RoutingSetup,
	requestData: RoutingRequest,
	secret: { apiKey: string },
): Promise<IDataObject[]> {
	const node = fns.getNode();
	const itemIndex = fns.getItemIndex();
	const facts = guard(node, itemIndex, () => {
		const found = setup.operationOf(fns);
		if (!found) throw new Error('This operation is not known to the node');
		return found;
	});
	const settings = guard(node, itemIndex, () => setup.settingsOf(fns));
	const context = requestContext(
		node,
		itemIndex,
		await fns.getCredentials(CREDENTIAL_TYPE),
		fns.helpers.httpRequestWithAuthentication.bind(fns),
		settings,
		fns.getExecutionCancelSignal(),
	);
	secret.apiKey = context.apiKey;
	const prepared = requestData.options;
	const { path, ids } = guard(node, itemIndex, () =>
		fillPath(String(prepared.url ?? ''), facts, (name) =>
			fns.getNodeParameter(name, undefined, { extractValue: true }),
		),
	);
	const request: ServiceRequest = {
		method: (prepared.method ?? 'GET') as IHttpRequestMethods,
		path,
		qs: { ...(prepared.qs as IDataObject) },
		body: { ...(prepared.body as IDataObject) },
		// n8n's own options type allows an expression string for TLS checks; resolved by now.
		prepared: prepared as Partial<IHttpRequestOptions>,
	};
	const shape = facts.output ?? ((record: IDataObject) => record);

	if (facts.list) {
		const collected: IDataObject[] = [];
		await readPages(context, request, facts.list, settings.limit, async (records) => {
			collected.push(...records.map(shape));
		});
		return collected;
	}
	return [shape(unwrap(await sendRequest(context, request), ids))];
}

/** The service's envelope off: `error` dropped, a lone `data` record unwrapped, messages marked. */
function unwrap(body: IDataObject, ids: IDataObject): IDataObject {
	const rest = { ...body };
	delete rest.error;
	const keys = Object.keys(rest);
	if (keys.length === 1 && keys[0] === 'data' && isRecord(rest.data)) return rest.data;
	if (keys.length === 1 && keys[0] === 'message') {
		return { success: true, message: rest.message, ...ids };
	}
	return rest;
}

/**
 * The path shapes output with each operation's `output` fact and runs no declarative
 * `routing.output` step: a property that declares one is refused when the node loads, rather
 * than silently skipped.
 */
export function refuseDeclarativeOutput(properties: INodeProperties[]): void {
	const offending = (property: INodeProperties): string[] => {
		const own = property.routing?.output ? [property.name] : [];
		const options = (property.options ?? []) as Array<Partial<INodeProperties>>;
		const nested = options.flatMap((option) =>
			option.routing?.output ? [`${property.name} › ${String(option.name)}`] : [],
		);
		return [...own, ...nested];
	};
	const found = properties.flatMap(offending);
	if (found.length) {
		throw new Error(
			`Declarative output steps are not run by the request path (${found.join(', ')}): shape the output with the operation's "output" instead`,
		);
	}
}
