/**
 * Runs the Link Management Trigger's `poll()` as n8n 2.41's durable scheduler does (read in its
 * published code; docs/maintainers/durable-scheduler.md): each poll in a fresh PollContext on
 * a Workflow built anew from the saved workflow, its node static data a copy of the durable
 * cursor. A scheduled poll ('update') has n8n's poll budget and commits the cursor whether it
 * emits or not; once the test's clock (virtual or real) is past n8n's poll timeout it is
 * abandoned (its outcome discarded, nothing committed or saved, n8n's PollTimeoutError recorded
 * as the failure) while it runs on unawaited. The poll at publishing ('activate', no fence, no
 * timeout) creates the cursor from the node's saved static data, commits it only when it emits,
 * and n8n then saves the workflow's static data. Nothing is kept in memory between polls but
 * what n8n keeps in its database.
 *
 * `publish()` and `tick()` throw when the poll fails, so that no test takes a failed poll for
 * one that found nothing; a test that expects a failure asks for it (`failedPublish()`,
 * `failedTick()`).
 */
import { PollContext } from 'n8n-core';
import type {
	IAllExecuteFunctions,
	ICredentialDataDecryptedObject,
	IDataObject,
	INodeExecutionData,
	INodeParameters,
	WorkflowActivateMode,
} from 'n8n-workflow';
import { OperationalError, sleep } from 'n8n-workflow';

import { activeWorkflowOf, TEST_CREDENTIALS, triggerAdditionalData } from '../harness';
import type { PollResult } from './trigger';
import { TRIGGER_TYPE, triggerNode, triggerType } from './trigger';
import { holdStillWhile } from './virtualTime';

/** n8n's default poll timeout (`N8N_SCHEDULER_POLL_TIMEOUT`, 45 s). */
export const DURABLE_POLL_TIMEOUT_MS = 45_000;
/** n8n's lease (`N8N_SCHEDULER_LEASE_DURATION`, 60 s). */
const LEASE_MS = 60_000;

/** The budget n8n gives a fenced poll for this timeout: min(timeout, lease) − clamp(20 %, 5 s, half). */
export function pollBudgetMsOf(pollTimeoutMs: number): number {
	const ceilingMs = Math.min(pollTimeoutMs, LEASE_MS);
	return ceilingMs - Math.min(Math.max(0.2 * ceilingMs, 5_000), ceilingMs / 2);
}

/** n8n's default poll budget on the durable scheduler: min(45 s, 60 s) − 9 s = 36 s. */
export const DURABLE_POLL_BUDGET_MS = pollBudgetMsOf(DURABLE_POLL_TIMEOUT_MS);
/** What n8n-core gives a poll without a fence (the poll at publishing). */
const UNFENCED_BUDGET_MS = 5 * 60_000;

/** What n8n records for a poll it abandoned at its timeout (its own error, and cause). */
export class PollTimeoutError extends OperationalError {
	readonly failure = { cause: 'temporarily-unavailable' };

	constructor() {
		super('Poll exceeded its timeout and was abandoned');
	}
}

export type PollError = NonNullable<PollResult['error']>;

export interface DurableTrigger {
	/** The user publishes the workflow: n8n's poll at activation (throws if it fails). */
	publish(): Promise<{ items: INodeExecutionData[] | null }>;
	/** One scheduled poll of the durable scheduler (throws if it fails or is abandoned). */
	tick(): Promise<{ items: INodeExecutionData[] | null }>;
	/** The poll at publishing, expected to fail: its error (throws if it did not fail). */
	failedPublish(): Promise<PollError>;
	/**
	 * A scheduled poll expected to fail: its error, a PollTimeoutError when n8n abandoned it
	 * (throws if it did not fail).
	 */
	failedTick(): Promise<PollError>;
	/** The JSON of a scheduled poll's items (throws when it failed). */
	emitted(): Promise<IDataObject[] | null>;
	/** The durable cursor as committed (JSON). */
	cursor(): IDataObject | undefined;
	/** How long (on the clock the test runs on) the last poll took, or ran until abandoned. */
	lastPollMs: number;
	/** The workflow's static data as n8n saved it. */
	savedStaticData(): IDataObject;
}

const TIMED_OUT = Symbol('poll timed out');
/** How often (real ms) the poll's timeout looks at the clock. */
const LOOK_EVERY_MS = 5;

/**
 * n8n's timer on a poll: resolves once the test's clock (`Date.now()`, virtual or real) is past
 * `at`. It looks at the clock every few real ms rather than sleeping on the transport's clock:
 * on virtual time a sleeper would be woken whenever the process looks idle, as it does while a
 * poll waits for an answer, and so move the poll's own time on to its timeout.
 */
function timeoutAt(at: number) {
	const stop = new AbortController();
	const timedOut = (async (): Promise<typeof TIMED_OUT> => {
		while (Date.now() <= at) {
			await sleep(Math.min(at - Date.now() + 1, LOOK_EVERY_MS), stop.signal);
		}
		return TIMED_OUT;
	})().catch(() => undefined);
	return { timedOut, cancel: () => stop.abort() };
}

/** Each request of the poll holds virtual time still while it is out (holdStillWhile). */
function holdingStill(context: PollContext): void {
	const helpers = context.helpers;
	const send = helpers.httpRequestWithAuthentication;
	helpers.httpRequestWithAuthentication = async function (
		this: IAllExecuteFunctions,
		...args: Parameters<typeof send>
	) {
		const answer = send.apply(this, args);
		holdStillWhile(answer);
		return await answer;
	} as typeof send;
}

export function durableTrigger(
	parameters: INodeParameters,
	{
		pollTimeoutMs = DURABLE_POLL_TIMEOUT_MS,
		credentials = TEST_CREDENTIALS,
	}: { pollTimeoutMs?: number; credentials?: ICredentialDataDecryptedObject } = {},
): DurableTrigger {
	const node = triggerNode(parameters);
	const additionalData = triggerAdditionalData(credentials, { userId: 'test-user' });
	const budgetMs = pollBudgetMsOf(pollTimeoutMs);
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
		holdingStill(context);
		const startedAt = Date.now();
		// n8n races a scheduled poll against its timeout; the poll at publishing has none.
		const deadline = scheduled ? timeoutAt(startedAt + pollTimeoutMs) : undefined;
		const polled = triggerType.poll!.call(context);
		// An abandoned poll runs on; what it ends with is nobody's.
		polled.catch(() => {});
		let outcome: Awaited<typeof polled> | typeof TIMED_OUT | undefined;
		let thrown: PollError | undefined;
		try {
			outcome = deadline ? await Promise.race([polled, deadline.timedOut]) : await polled;
		} catch (error) {
			thrown = error as PollError;
		} finally {
			deadline?.cancel();
			trigger.lastPollMs = Date.now() - startedAt;
		}
		// Abandoned: no cursor, no static data, no execution; n8n records a failure (back-off).
		// A poll that settled past its timeout (on virtual time) settled after n8n's timer fired.
		if (outcome === TIMED_OUT || (scheduled && trigger.lastPollMs > pollTimeoutMs)) {
			return { items: null, error: new PollTimeoutError() };
		}
		if (thrown) return { items: null, error: thrown };
		const output = outcome ?? null;
		// A scheduled poll commits its cursor, alone or with the execution it starts; the poll at
		// publishing only with an execution.
		if (scheduled || output !== null) cursorJson = JSON.stringify(staged);
		// n8n saves the workflow's static data after publishing, and when a poll emits.
		if ((!scheduled || output !== null) && workflow.staticData.__dataChanged === true) {
			savedStaticData = JSON.stringify(workflow.staticData);
		}
		return { items: output === null ? null : output[0] };
	};

	/** The poll's items; a failure no test asked for is thrown, saying which poll it was. */
	const succeeded = async (activation: WorkflowActivateMode) => {
		const { items, error } = await poll(activation);
		if (error) {
			const which = activation === 'update' ? 'A scheduled poll' : 'The poll at publishing';
			const timeout = error instanceof PollTimeoutError ? ` (after ${pollTimeoutMs} ms)` : '';
			throw new Error(`${which} failed: ${error.message}${timeout}`, { cause: error });
		}
		return { items };
	};
	/** The poll's error; a poll that did not fail is thrown, with what it returned. */
	const failed = async (activation: WorkflowActivateMode) => {
		const { items, error } = await poll(activation);
		if (error) return error;
		const which = activation === 'update' ? 'a scheduled poll' : 'the poll at publishing';
		throw new Error(
			`Expected ${which} to fail, but it returned ${items === null ? 'null' : `${items.length} items`}`,
		);
	};

	const trigger: DurableTrigger = {
		lastPollMs: 0,
		publish: async () => await succeeded('activate'),
		tick: async () => await succeeded('update'),
		failedPublish: async () => await failed('activate'),
		failedTick: async () => await failed('update'),
		async emitted() {
			const { items } = await trigger.tick();
			return items && items.map((item) => item.json);
		},
		cursor: () => (cursorJson === undefined ? undefined : (JSON.parse(cursorJson) as IDataObject)),
		savedStaticData: () => JSON.parse(savedStaticData) as IDataObject,
	};
	return trigger;
}
