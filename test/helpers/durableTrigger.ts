/**
 * Runs the Link Management Trigger's `poll()` as n8n 2.41's durable scheduler does (read in its
 * published code; docs/maintainers/durable-scheduler.md): each poll in a fresh PollContext on
 * a Workflow built anew from the saved workflow, its node static data a copy of the durable
 * cursor. A scheduled poll ('update') has n8n's poll budget and commits the cursor whether it
 * emits or not; the poll at publishing ('activate', no fence) creates the cursor from the node's
 * saved static data, commits it only when it emits, and n8n then saves the workflow's static
 * data. Nothing is kept in memory between polls but what n8n keeps in its database.
 */
import { PollContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INodeExecutionData,
	INodeParameters,
	WorkflowActivateMode,
} from 'n8n-workflow';

import { activeWorkflowOf, TEST_CREDENTIALS, triggerAdditionalData } from '../harness';
import type { PollResult } from './trigger';
import { TRIGGER_TYPE, triggerNode, triggerType } from './trigger';

/** n8n's default poll budget on the durable scheduler: min(45 s, 60 s) − 9 s. */
export const DURABLE_POLL_BUDGET_MS = 36_000;
/** What n8n-core gives a poll without a fence (the poll at publishing). */
const UNFENCED_BUDGET_MS = 5 * 60_000;

export interface DurableTrigger {
	/** The user publishes the workflow: n8n's poll at activation. */
	publish(): Promise<PollResult>;
	/** One scheduled poll of the durable scheduler. */
	tick(): Promise<PollResult>;
	/** The JSON of a scheduled poll's items (throws when it failed). */
	emitted(): Promise<IDataObject[] | null>;
	/** The durable cursor as committed (JSON). */
	cursor(): IDataObject | undefined;
	/** How long (on the clock the test runs on) the last poll took. */
	lastPollMs: number;
	/** The workflow's static data as n8n saved it. */
	savedStaticData(): IDataObject;
}

export function durableTrigger(
	parameters: INodeParameters,
	{
		budgetMs = DURABLE_POLL_BUDGET_MS,
		credentials = TEST_CREDENTIALS,
	}: { budgetMs?: number; credentials?: ICredentialDataDecryptedObject } = {},
): DurableTrigger {
	const node = triggerNode(parameters);
	const additionalData = triggerAdditionalData(credentials, { userId: 'test-user' });
	let savedStaticData = '{}';
	let cursorJson: string | undefined;

	const poll = async (activation: WorkflowActivateMode): Promise<PollResult> => {
		const workflow = activeWorkflowOf(
			'durable-workflow',
			node,
			[triggerType, TRIGGER_TYPE],
			JSON.parse(savedStaticData) as IDataObject,
		);
		const scheduled = activation === 'update';
		// getOrCreateCursor: made from the node's saved static data the first time.
		cursorJson ??= JSON.stringify(workflow.getStaticData('node', node));
		const staged = JSON.parse(cursorJson) as IDataObject;
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
			() => (scheduled ? budgetMs : UNFENCED_BUDGET_MS),
		);
		const startedAt = Date.now();
		let output: INodeExecutionData[][] | null;
		try {
			output = await triggerType.poll!.call(context);
		} catch (error) {
			return { items: null, error: error as PollResult['error'] };
		} finally {
			trigger.lastPollMs = Date.now() - startedAt;
		}
		// A scheduled poll commits its cursor, alone or with the execution it starts; the poll at
		// publishing only with an execution.
		if (scheduled || output !== null) cursorJson = JSON.stringify(staged);
		// n8n saves the workflow's static data after publishing, and when a poll emits.
		if ((!scheduled || output !== null) && workflow.staticData.__dataChanged === true) {
			savedStaticData = JSON.stringify(workflow.staticData);
		}
		return { items: output === null ? null : output[0] };
	};

	const trigger: DurableTrigger = {
		lastPollMs: 0,
		publish: async () => await poll('activate'),
		tick: async () => await poll('update'),
		async emitted() {
			const { items, error } = await trigger.tick();
			if (error) throw error;
			return items && items.map((item) => item.json);
		},
		cursor: () => (cursorJson === undefined ? undefined : (JSON.parse(cursorJson) as IDataObject)),
		savedStaticData: () => JSON.parse(savedStaticData) as IDataObject,
	};
	return trigger;
}
