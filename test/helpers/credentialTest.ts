/**
 * Runs the credential's declarative `test` the way n8n's CredentialsTester does (that class
 * lives in the n8n CLI, not in n8n-core): a temporary node type whose one property routes
 * `test.request`, run by n8n-core's RoutingNode with the decrypted credential, then the
 * test's `rules` applied to the answer.
 */
import { ExecuteContext, RoutingNode } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	IExecuteData,
	IHttpRequestOptions,
	INodeExecutionData,
	INodeType,
	INodeTypes,
	IRunExecutionData,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { NodeConnectionTypes, Workflow } from 'n8n-workflow';

import {
	applyAuthentication,
	CREDENTIAL_REFERENCE,
	credentialType,
	N8N_URLS,
	workflowNode,
} from '../harness';

export interface CredentialTestResult {
	status: 'OK' | 'Error';
	message: string;
}

/** lodash.get for the dotted keys the rules use. */
function valueAt(data: unknown, path: string): unknown {
	return path
		.split('.')
		.reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], data);
}

export async function testCredential(
	data: ICredentialDataDecryptedObject,
): Promise<CredentialTestResult> {
	const test = credentialType.test;
	if (!test) throw new Error('The credential has no declarative test');

	// As the tester does, on the description of n8n's No Operation node.
	const temporaryType: INodeType = {
		description: {
			displayName: 'No Operation, do nothing',
			name: 'noOp',
			group: ['organization'],
			version: 1,
			description: 'No Operation',
			defaults: { name: 'No Operation, do nothing' },
			inputs: [NodeConnectionTypes.Main],
			outputs: [NodeConnectionTypes.Main],
			credentials: [{ name: credentialType.name, required: true }],
			properties: [
				{
					displayName: 'Temp',
					name: 'temp',
					type: 'string',
					routing: { request: test.request },
					default: '',
				},
			],
		},
	};
	const nodeTypes: INodeTypes = {
		getByName: () => temporaryType,
		getByNameAndVersion: () => temporaryType,
		getKnownTypes: () => ({}),
	};
	const node = workflowNode('temp', 'Temp-Node', 'noOp', { credentials: CREDENTIAL_REFERENCE });
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	const credentialsDecrypted: ICredentialsDecrypted = {
		id: '1',
		name: 'Link Management account',
		type: credentialType.name,
		data,
	};
	const additionalData = {
		credentialsHelper: {
			getParentTypes: () => [],
			preAuthentication: async () => undefined,
			authenticate: async (
				credentials: ICredentialDataDecryptedObject,
				_type: string,
				options: IHttpRequestOptions,
			) => await applyAuthentication(credentialType, credentials, options),
		},
		executionId: 'credential-test',
		...N8N_URLS,
		variables: {},
		userId: 'test-user',
	} as unknown as IWorkflowExecuteAdditionalData;
	const runExecutionData = { resultData: { runData: {} } } as IRunExecutionData;
	const executeData: IExecuteData = { node, data: {}, source: null };
	const context = new ExecuteContext(
		workflow,
		node,
		additionalData,
		'internal',
		runExecutionData,
		0,
		[],
		{ main: [[{ json: {} }]] },
		executeData,
		[],
	);

	let response: INodeExecutionData[][] | null | undefined;
	try {
		response = await new RoutingNode(context, temporaryType, credentialsDecrypted).runNode();
	} catch (caught) {
		const error = caught as Error & {
			cause?: { response?: { status: number; statusText?: string }; code?: string };
		};
		if (error.cause?.response) {
			const { status, statusText } = error.cause.response;
			for (const rule of test.rules ?? []) {
				if (rule.type === 'responseCode' && status === rule.properties.value) {
					return { status: 'Error', message: rule.properties.message };
				}
			}
			if (status < 199 || status > 299) {
				return { status: 'Error', message: statusText || `Received HTTP status code: ${status}` };
			}
		} else if (error.cause?.code) {
			return { status: 'Error', message: error.cause.code };
		}
		return { status: 'Error', message: error.message };
	}

	for (const rule of test.rules ?? []) {
		if (rule.type === 'responseSuccessBody') {
			if (valueAt(response?.[0]?.[0]?.json, rule.properties.key) === rule.properties.value) {
				return { status: 'Error', message: rule.properties.message };
			}
		}
	}
	return { status: 'OK', message: 'Connection successful!' };
}
