/**
 * Runs the Link Management node on n8n's own engine: a Workflow built with n8n-workflow,
 * executed by n8n-core's WorkflowExecute (which calls the node's `execute` in its execute
 * context), exactly as n8n does, with HTTP answered by nock or by the sandbox.
 */
import { Container } from '@n8n/di';
import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import type { ExecuteContext } from 'n8n-core';
import { SSHClientsManager } from 'n8n-core/dist/execution-engine/ssh-clients-manager';
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IDataObject,
	IExecuteData,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	INodeTypes,
	IRun,
	IRunExecutionData,
	IWorkflowDataProxyAdditionalKeys,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { ICredentialsHelper, NodeHelpers, Workflow } from 'n8n-workflow';

import { LinkManagementApi } from '../credentials/LinkManagementApi.credentials';
import n8nUrls from './n8n-urls.json';
import { LinkManagement } from '../nodes/LinkManagement/LinkManagement.node';

export const NODE_TYPE = 'n8n-nodes-link-management.linkManagement';
export const NODE_NAME = 'Link Management';
export const TEST_BASE_URL = 'https://links.example.test';
export const TEST_API_KEY = 'test-secret-key-0123456789';

/**
 * The instance addresses n8n-core expects in `additionalData` (its wait and form URLs must be
 * valid); the benchmark's poll runner reads the same file.
 */
export const N8N_URLS: Record<string, string> = n8nUrls;

export const nodeType = new LinkManagement();
export const credentialType = new LinkManagementApi();

// Every context n8n-core builds (an execution's, a picker's) takes n8n's SSH client manager from
// its container, which starts a cleanup timer (60 s, unref'd) that holds on to this test file's
// modules, n8n-core and the node among them, until the Jest worker ends: about 12 MB a file, some
// 700 MB a worker by the end of a run, and a worker that big outlasted Jest's 500 ms to exit on a
// busy machine ("A worker process has failed to exit gracefully"). n8n shuts it down when it
// stops; each test file that loads the engine does so at its end.
afterAll(() => Container.get(SSHClientsManager).onShutdown());

/** The node type with its `execute` noting when the node's own run ended. */
let nodeRunSettled: (at: number) => void = () => {};
function executable(type: INodeType): INodeType {
	const execute = type.execute;
	if (!execute) throw new Error('The node type under test has no execute()');
	return Object.create(type, {
		execute: {
			value: async function (this: ExecuteContext) {
				try {
					return await execute.call(this);
				} finally {
					nodeRunSettled(Date.now());
				}
			},
		},
	});
}

/** n8n's registry of node types, holding only `type` under `typeName`. */
export function nodeTypesOf(type: INodeType, typeName: string): INodeTypes {
	return {
		getByName: () => type,
		getByNameAndVersion: (name: string) => {
			if (name !== typeName) throw new Error(`Unknown node type ${name}`);
			return type;
		},
		getKnownTypes: () => ({}),
	};
}

const nodeTypesFor = (type: INodeType) => nodeTypesOf(executable(type), NODE_TYPE);

/** The subtitle n8n shows under a node of `type` with these parameters on the canvas. */
export function canvasSubtitle(
	type: INodeType,
	typeName: string,
	parameters: INodeParameters,
): unknown {
	const node = workflowNode('subtitle', type.description.displayName, typeName, { parameters });
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: nodeTypesOf(type, typeName),
	});
	return workflow.expression.getSimpleParameterValue(
		node,
		type.description.subtitle as string,
		'internal',
		{},
	);
}

/** As the editor stores a node's parameters: `given`, with the defaults of the rest resolved. */
export function withDefaults(
	type: INodeType,
	node: INode,
	given: INodeParameters,
): INodeParameters {
	return (
		NodeHelpers.getNodeParameters(
			type.description.properties,
			given,
			true,
			false,
			node,
			type.description,
		) ?? given
	);
}

/** A node as a workflow stores it: version 1, at the origin, no parameters unless `more` has some. */
export const workflowNode = (
	id: string,
	name: string,
	type: string,
	more: Partial<INode> = {},
): INode => ({ id, name, type, typeVersion: 1, position: [0, 0], parameters: {}, ...more });

/** How a node refers to its Link Management credential. */
export const CREDENTIAL_REFERENCE = {
	linkManagementApi: { id: '1', name: 'Link Management account' },
};

/** The credential the tests' nodes use unless told otherwise: nock's stand-in for the service. */
export const TEST_CREDENTIALS: ICredentialDataDecryptedObject = {
	baseUrl: TEST_BASE_URL,
	apiKey: TEST_API_KEY,
};

/**
 * A node of `type` (named `typeName`) that uses the credential, with these parameters and the
 * defaults the editor stores with them.
 */
export function nodeWithCredential(
	type: INodeType,
	typeName: string,
	[id, name]: [string, string],
	parameters: INodeParameters,
	more: Partial<INode> = {},
): INode {
	const node = workflowNode(id, name, typeName, { credentials: CREDENTIAL_REFERENCE, ...more });
	node.parameters = withDefaults(type, node, parameters);
	return node;
}

const CREDENTIAL_NODE = workflowNode('credential-node', 'Credential', NODE_TYPE);

/**
 * Applies the credential's `authenticate` as n8n's credentials helper does: a function is called
 * with the credential's data; a generic object has each `=` value evaluated as an expression, with
 * the credential's data as $credentials.
 */
export async function applyAuthentication(
	type: ICredentialType,
	credentials: ICredentialDataDecryptedObject,
	request: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const authenticate = type.authenticate;
	if (typeof authenticate === 'function')
		return await authenticate.call(type, credentials, request);
	if (authenticate?.type !== 'generic') return request;
	const workflow = new Workflow({
		nodes: [],
		connections: {},
		active: false,
		nodeTypes: nodeTypesFor(nodeType),
	});
	const resolve = (value: unknown) =>
		typeof value === 'string' && value.startsWith('=')
			? workflow.expression.getSimpleParameterValue(
					CREDENTIAL_NODE,
					value,
					'internal',
					{ $credentials: credentials } as IWorkflowDataProxyAdditionalKeys,
					undefined,
					'',
				)
			: value;
	const headers = { ...(request.headers ?? {}) } as Record<string, unknown>;
	for (const [name, value] of Object.entries(authenticate.properties.headers ?? {})) {
		headers[name] = resolve(value);
	}
	const qs = { ...(request.qs ?? {}) } as Record<string, unknown>;
	for (const [name, value] of Object.entries(authenticate.properties.qs ?? {})) {
		qs[name] = resolve(value);
	}
	return {
		...request,
		headers: headers as IHttpRequestOptions['headers'],
		qs: qs as IHttpRequestOptions['qs'],
	};
}

export class TestCredentialsHelper extends ICredentialsHelper {
	constructor(private readonly data: ICredentialDataDecryptedObject) {
		super();
	}

	getParentTypes(): string[] {
		return [];
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	getOAuth2Options() {
		return undefined;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		if (typeName !== credentialType.name) throw new Error(`Unknown credential type ${typeName}`);
		return await applyAuthentication(credentialType, credentials, requestOptions);
	}

	async preAuthentication() {
		return undefined;
	}

	async runPreAuthentication() {
		return undefined;
	}

	async getCredentials(): Promise<never> {
		throw new Error('not used by these tests');
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		if (type !== credentialType.name) throw new Error(`Unknown credential type ${type}`);
		return { ...this.data };
	}

	async updateCredentials() {}

	async updateCredentialsOauthTokenData() {}

	getCredentialsProperties() {
		return credentialType.properties;
	}
}

/** Credentials n8n cannot read (none chosen, or deleted): reading them fails. */
class UnreadableCredentials extends TestCredentialsHelper {
	async getDecrypted(): Promise<never> {
		throw new Error('The credential could not be read');
	}
}

/** An active workflow holding one trigger node of `type`, as n8n keeps it while it is active. */
export function activeWorkflowOf(
	id: string,
	node: INode,
	[type, typeName]: [INodeType, string],
	staticData?: IDataObject,
): Workflow {
	const nodeTypes = nodeTypesOf(type, typeName);
	return new Workflow({ id, nodes: [node], connections: {}, active: true, nodeTypes, staticData });
}

/**
 * The `additionalData` n8n hands a trigger's context: the credential's data (or credentials n8n
 * cannot read), n8n's URLs, no variables, and what that kind of trigger gets besides (`more`).
 */
export const triggerAdditionalData = (
	credentials: ICredentialDataDecryptedObject | 'unreadable',
	more: Record<string, unknown>,
) =>
	({
		credentialsHelper:
			credentials === 'unreadable'
				? new UnreadableCredentials({})
				: new TestCredentialsHelper(credentials),
		...N8N_URLS,
		variables: {},
		...more,
	}) as unknown as IWorkflowExecuteAdditionalData;

export interface RunOptions {
	parameters: INodeParameters;
	/** Input items; one empty item by default. */
	items?: INodeExecutionData[];
	credentials?: ICredentialDataDecryptedObject;
	continueOnFail?: boolean;
	/** Called once the run has started, with a function that stops it (as "Stop" in n8n). */
	onStart?: (cancel: () => void) => void;
	/** Another node type to run in place of Link Management (same type name). */
	nodeType?: INodeType;
	/** How the execution was started: `manual` (the editor's) unless given. */
	mode?: WorkflowExecuteMode;
	/** The workflow's static data as n8n loads it with the workflow (saved by an earlier run). */
	staticData?: IDataObject;
}

export interface RunResult {
	/** The node's output items (error items included, with Continue On Fail). */
	items: INodeExecutionData[];
	/** The node's error when the run failed. */
	error?: Error & {
		description?: string | null;
		httpCode?: string | null;
		context?: Record<string, unknown>;
	};
	run: IRun;
	/** When the node's own run ended (epoch ms); after a cancel, later than `run`. */
	nodeSettled: Promise<number>;
	/**
	 * The static data as n8n saves it after the execution (JSON), or undefined where n8n saves
	 * none: a manual run, or one that changed nothing.
	 */
	savedStaticData?: IDataObject;
}

export async function runNode(options: RunOptions): Promise<RunResult> {
	const type = options.nodeType ?? nodeType;
	const node = workflowNode('b5b3a5c1-0000-4000-8000-000000000001', NODE_NAME, NODE_TYPE, {
		parameters: options.parameters,
		credentials: CREDENTIAL_REFERENCE,
		...(options.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
	});
	// As the editor does: store the node's parameters with their defaults resolved.
	node.parameters = withDefaults(type, node, options.parameters);

	const mode = options.mode ?? 'manual';
	const workflow = new Workflow({
		id: 'test-workflow',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: nodeTypesFor(type),
		staticData: options.staticData,
	});

	const hooks = new ExecutionLifecycleHooks(mode, 'test-execution', {
		id: 'test-workflow',
		name: 'Test',
		active: false,
		isArchived: false,
		nodes: [node],
		connections: {},
		createdAt: new Date(),
		updatedAt: new Date(),
		activeVersionId: null,
	} as never);
	let resolveFinished: (run: IRun) => void = () => {};
	const finished = new Promise<IRun>((resolve) => (resolveFinished = resolve));
	let savedStaticData: IDataObject | undefined;
	hooks.addHandler('workflowExecuteAfter', (fullRunData, newStaticData) => {
		// As n8n's own hook: saved as JSON when it changed, except after a manual run.
		if (newStaticData && mode !== 'manual') {
			savedStaticData = JSON.parse(JSON.stringify(newStaticData)) as IDataObject;
		}
		resolveFinished(fullRunData);
	});

	const additionalData = {
		hooks,
		credentialsHelper: new TestCredentialsHelper(
			options.credentials ?? { baseUrl: TEST_BASE_URL, apiKey: TEST_API_KEY },
		),
		executionId: 'test-execution',
		...N8N_URLS,
		currentNodeParameters: undefined,
		variables: {},
		userId: 'test-user',
		executeWorkflow: async () => {
			throw new Error('not used');
		},
		getRunExecutionData: async () => undefined,
		logAiEvent: () => {},
		setExecutionStatus: () => {},
		sendDataToUI: () => {},
		startRunnerTask: async () => {
			throw new Error('not used');
		},
	} as unknown as IWorkflowExecuteAdditionalData;

	const executeData: IExecuteData = {
		node,
		data: { main: [options.items ?? [{ json: {} }]] },
		source: null,
	};
	const runExecutionData: IRunExecutionData = {
		startData: {},
		resultData: { runData: {} },
		executionData: {
			contextData: {},
			nodeExecutionStack: [executeData],
			metadata: {},
			waitingExecution: {},
			waitingExecutionSource: {},
		},
	} as IRunExecutionData;

	const nodeSettled = new Promise<number>((resolve) => (nodeRunSettled = resolve));
	const workflowExecute = new WorkflowExecute(additionalData, mode, runExecutionData);
	const execution = workflowExecute.processRunExecutionData(workflow);
	options.onStart?.(() => execution.cancel());
	// A cancelled execution reports through the workflowExecuteAfter hook and never settles.
	const run = await Promise.race([execution, finished]);
	const taskData = run.data.resultData.runData[NODE_NAME]?.[0];
	return {
		items: taskData?.data?.main?.[0] ?? [],
		error: (taskData?.error ?? run.data.resultData.error) as RunResult['error'],
		run,
		nodeSettled,
		savedStaticData,
	};
}

/** The JSON of each output item. */
export const jsonOf = (result: RunResult) => result.items.map((item) => item.json);
