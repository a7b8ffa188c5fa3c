// The Link Management Trigger's poll() as n8n runs it, in the bench process: the built package's
// trigger node on n8n-core's own PollContext, its static data kept between the polls of one
// activation, the credential's Bearer header added by the built credential's own authenticate(),
// which n8n's credentials helper calls.
import { createRequire } from 'node:module';
import path from 'node:path';

import { makeTempDir } from '../e2e/lib/cleanup.mjs';
import { REPO } from '../e2e/lib/sandbox.mjs';

const require = createRequire(import.meta.url);
// n8n-core reads its user folder when it loads: a throw-away one, not ~/.n8n.
process.env.N8N_USER_FOLDER ??= makeTempDir('lm-bench-poll-');
const { PollContext } = require('n8n-core');
const { ICredentialsHelper, NodeHelpers, Workflow } = require('n8n-workflow');

const NODE_TYPE = 'n8n-nodes-link-management.linkManagementTrigger';

class SandboxCredentials extends ICredentialsHelper {
	constructor(data, credentialType) {
		super();
		this.data = data;
		this.credentialType = credentialType;
	}
	getParentTypes = () => [];
	isCredentialUsableByNode = () => true;
	getOAuth2Options = () => undefined;
	async authenticate(credentials, _type, options) {
		return await this.credentialType.authenticate(credentials, options);
	}
	async preAuthentication() {}
	async runPreAuthentication() {}
	async getCredentials() {
		throw new Error('not used by the bench');
	}
	async getDecrypted() {
		return { ...this.data };
	}
	async updateCredentials() {}
	async updateCredentialsOauthTokenData() {}
	getCredentialsProperties = () => [];
}

/** The trigger of the packed build (dist/), its node with `parameters`, and what n8n hands it. */
function triggerSetup(sandbox, parameters) {
	const { LinkManagementTrigger } = require(
		path.join(REPO, 'dist', 'nodes', 'LinkManagement', 'LinkManagementTrigger.node.js'),
	);
	const triggerType = new LinkManagementTrigger();
	const { LinkManagementApi } = require(
		path.join(REPO, 'dist', 'credentials', 'LinkManagementApi.credentials.js'),
	);
	const node = {
		id: 'c6a1d2e3-0000-4000-8000-0000000000b1',
		name: 'Link Management Trigger',
		type: NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
		credentials: { linkManagementApi: { id: '1', name: 'Link Management bench' } },
	};
	node.parameters = NodeHelpers.getNodeParameters(
		triggerType.description.properties,
		parameters,
		true,
		false,
		node,
		triggerType.description,
	);
	const workflowOf = (staticData) =>
		new Workflow({
			id: 'bench-trigger',
			nodes: [node],
			connections: {},
			active: true,
			nodeTypes: {
				getByName: () => triggerType,
				getByNameAndVersion: () => triggerType,
				getKnownTypes: () => ({}),
			},
			staticData,
		});
	const additionalData = {
		credentialsHelper: new SandboxCredentials(
			{ baseUrl: sandbox.url, apiKey: sandbox.apiKey },
			new LinkManagementApi(),
		),
		...require(path.join(REPO, 'test', 'n8n-urls.json')),
		variables: {},
		userId: 'bench',
	};
	/** One poll through `context`: what it emitted, the requests it sent and its time. */
	const pollThrough = async (context) => {
		const before = sandbox.stats.requests;
		const started = performance.now();
		const output = await triggerType.poll.call(context);
		return {
			ms: performance.now() - started,
			requests: sandbox.stats.requests - before,
			emitted: output === null ? 0 : output[0].length,
			output,
		};
	};
	return { node, workflowOf, additionalData, pollThrough };
}

/** The trigger of the packed build (dist/), with `parameters`, activated against `sandbox`. */
export function activeTrigger(sandbox, parameters) {
	const { node, workflowOf, additionalData, pollThrough } = triggerSetup(sandbox, parameters);
	const workflow = workflowOf({});
	const context = new PollContext(workflow, node, additionalData, 'trigger', 'activate');
	return {
		/** One poll: what it emitted (null or its items), the requests it sent and its time. */
		poll: async () => await pollThrough(context),
		/** The size of what the trigger keeps in the workflow's static data, as n8n saves it. */
		stateBytes: () => JSON.stringify(workflow.staticData[`node:${node.name}`] ?? {}).length,
	};
}

/** n8n's default poll budget on its durable scheduler: min(45 s, 60 s) − 9 s. */
export const DURABLE_POLL_BUDGET_MS = 36_000;

/**
 * The trigger as n8n 2.41's durable scheduler runs it: each poll in a fresh PollContext on a
 * Workflow built from the saved static data, its node static data a copy of the durable cursor;
 * `publish()` is the poll at publishing (mode 'activate', 5 minutes, its cursor committed only
 * with an execution, the workflow's static data saved), `tick()` a scheduled poll ('update',
 * n8n's budget, its cursor committed).
 */
export function durableTrigger(sandbox, parameters) {
	const { node, workflowOf, additionalData, pollThrough } = triggerSetup(sandbox, parameters);
	let savedStaticData = '{}';
	let cursor;
	const poll = async (activation) => {
		const workflow = workflowOf(JSON.parse(savedStaticData));
		const scheduled = activation === 'update';
		cursor ??= JSON.stringify(workflow.getStaticData('node', node));
		const staged = JSON.parse(cursor);
		const budgetMs = scheduled ? DURABLE_POLL_BUDGET_MS : 5 * 60_000;
		const context = new PollContext(
			workflow,
			node,
			additionalData,
			'trigger',
			activation,
			undefined,
			undefined,
			undefined,
			undefined,
			() => staged,
			() => budgetMs,
		);
		const result = await pollThrough(context);
		if (scheduled || result.output !== null) cursor = JSON.stringify(staged);
		if ((!scheduled || result.output !== null) && workflow.staticData.__dataChanged === true)
			savedStaticData = JSON.stringify(workflow.staticData);
		return result;
	};
	return { publish: async () => await poll('activate'), tick: async () => await poll('update') };
}
