import type {
	IExecuteFunctions,
	INodeExecutionData,
	NodeApiError,
	NodeOperationError,
} from 'n8n-workflow';
import { NodeOperationError as OperationError } from 'n8n-workflow';

import type { KeyNeeds, OperationDefinition, ResourceDefinition } from '../shared/operation';
import { credentialOf } from '../transport/context';
import { asNodeError } from '../transport/errors';
import { nextTurn } from '../transport/eventLoop';
import type { Output, Run } from './item';
import { startItem } from './item';
import { ofItem } from './itemError';
import { RunStop } from './stopping';
import { inToolTerms, toolArgumentsOf } from './toolArguments';

/**
 * How long the node prepares items before it gives n8n's event loop back: n8n answers the
 * editor, webhooks, health checks and its queue's job lock only between these slices.
 */
const SLICE_MS = 20;

type ItemResult = { outputs: Output[] } | { error: NodeApiError | NodeOperationError };

/**
 * The action node's `execute`: runs the chosen operation for every input item, in order. Each
 * item is read and handed to the transport as soon as it is ready (the rate-limit budget paces
 * the requests, so the next items are prepared while earlier ones wait), and n8n gets its event
 * loop back every few milliseconds. Output is in item order, each paired with its item. An item
 * that fails (its message ending ` [item N]`, n8n's `itemIndex` in its context) becomes
 * `{ error }` with Continue On Fail; without it, no further item is handed
 * over, those still waiting for their turn are not sent, and the node fails with that item's
 * error once the items already sent have their answers.
 */
export async function executeOperation(
	fns: IExecuteFunctions,
	resources: ResourceDefinition[],
): Promise<INodeExecutionData[][]> {
	const items = fns.getInputData();
	const { operation, needs } = chosenOperation(fns, resources);
	const run: Run = {
		fns,
		operation,
		needs,
		credential: await credentialOf(fns),
		stop: new RunStop(fns.getExecutionCancelSignal()),
		indexes: new Map(),
		items: items.length,
	};
	const continueOnFail = fns.continueOnFail();
	const toolArguments = toolArgumentsOf(fns.getNode(), operation);
	let failed: NodeApiError | NodeOperationError | undefined;
	const results: Array<Promise<ItemResult>> = [];
	let sliceStart = Date.now();
	const failure =
		(itemIndex: number) =>
		(caught: unknown): ItemResult => {
			const error = ofItem(
				inToolTerms(asNodeError(fns.getNode(), caught, itemIndex), toolArguments),
				itemIndex,
			);
			if (!continueOnFail && !failed) {
				failed = error;
				run.stop.stop();
			}
			return { error };
		};
	for (let itemIndex = 0; itemIndex < items.length && !run.stop.isStopped; itemIndex++) {
		try {
			const started = startItem(run, itemIndex);
			results.push(started.then((outputs): ItemResult => ({ outputs }), failure(itemIndex)));
		} catch (caught) {
			results.push(Promise.resolve(failure(itemIndex)(caught)));
		}
		if (Date.now() - sliceStart >= SLICE_MS) {
			await nextTurn();
			sliceStart = Date.now();
		}
	}
	const settled = await Promise.all(results);
	if (failed) throw failed;
	return [
		settled.flatMap((result, itemIndex) => {
			const pairedItem = { item: itemIndex };
			if ('error' in result) {
				return [{ json: { error: result.error.message }, error: result.error, pairedItem }];
			}
			return result.outputs.map((output) => ({ ...output, pairedItem }));
		}),
	];
}

/** The operation the node runs, and what its resource needs of the key. */
function chosenOperation(
	fns: IExecuteFunctions,
	resources: ResourceDefinition[],
): { operation: OperationDefinition; needs: KeyNeeds } {
	const resource = fns.getNodeParameter('resource', 0) as string;
	const value = fns.getNodeParameter('operation', 0) as string;
	const definition = resources.find((candidate) => candidate.resource === resource);
	const operation = definition?.operations.find(({ option }) => option.value === value);
	if (!definition || !operation) {
		throw new OperationError(
			fns.getNode(),
			`The operation "${value}" of the resource "${resource}" is not known to this node`,
		);
	}
	return { operation, needs: { ...definition.access, resource: definition.displayName } };
}
