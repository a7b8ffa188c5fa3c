import type { NodeApiError, NodeOperationError } from 'n8n-workflow';

type NodeError = NodeApiError | NodeOperationError;

/** The mark n8n's own nodes end an item's message with: ` [item 3]`. */
const ITEM_MARK = / \[item \d+\]$/;

/**
 * The error as the item `itemIndex` fails with: n8n's `itemIndex` in its context (which n8n's
 * error view shows) and its message ending ` [item N]`, once. An error that several items share
 * (the list a Create or Update reads once for all) is copied for each item but its own.
 */
export function ofItem(error: NodeError, itemIndex: number): NodeError {
	const owner = error.context?.itemIndex;
	const own = owner === undefined || owner === itemIndex ? error : copyOf(error);
	own.context = { ...own.context, itemIndex };
	own.message = `${own.message.replace(ITEM_MARK, '')} [item ${itemIndex}]`;
	return own;
}

function copyOf(error: NodeError): NodeError {
	return Object.create(
		Object.getPrototypeOf(error) as object,
		Object.getOwnPropertyDescriptors(error),
	) as NodeError;
}
