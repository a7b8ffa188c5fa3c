import type { INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { CONFIGURATION_INVALID, declared, failureOfStatus, NODE_DEFECT } from '../shared/causes';
import type { Secrets } from './redact';
import { redactDeep, redactError } from './redact';

/**
 * An error as n8n shows it for the node, its cause declared: n8n's own errors as they are
 * (those that declare none: an answer's by its status, the node's checks as its configuration),
 * anything else wrapped as the node's own defect.
 */
export function asNodeError(
	node: INode,
	caught: unknown,
	itemIndex?: number,
): NodeApiError | NodeOperationError {
	if (caught instanceof NodeApiError) {
		const status = Number(caught.httpCode);
		return declared(
			caught,
			Number.isFinite(status) ? failureOfStatus(status) : CONFIGURATION_INVALID,
		);
	}
	if (caught instanceof NodeOperationError) return declared(caught, CONFIGURATION_INVALID);
	return declared(new NodeOperationError(node, caught as Error, { itemIndex }), NODE_DEFECT);
}

/** Runs `work`; its result and any error it throws come out free of the secrets. */
export async function withoutSecrets<T>(
	secrets: Secrets,
	node: INode,
	work: () => Promise<T>,
): Promise<T> {
	try {
		return redactDeep(secrets, await work());
	} catch (caught) {
		throw redactError(secrets, asNodeError(node, caught));
	}
}
