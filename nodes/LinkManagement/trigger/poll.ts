import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { keyNeedsOf } from '../resources';
import { requestSettings } from '../shared/options';
import { guard, oneOf, positiveWholeNumber } from '../shared/validation';
import type { RequestContext } from '../transport/context';
import { requestContextOf } from '../transport/context';
import { asNodeError, withoutSecrets } from '../transport/errors';
import { clock } from '../transport/clock';
import { declared, TEMPORARILY_UNAVAILABLE } from '../shared/causes';
import type { Deadline } from '../transport/deadline';
import { DeadlineReached, deadlineIn } from '../transport/deadline';
import { activationRecord, recordedBy, startsActivation } from './activation';
import { DEFAULT_EVENT, DEFAULT_THRESHOLD } from './description';
import type { TriggerEvent } from './events';
import { TRIGGER_EVENT_VALUES, TRIGGER_EVENTS } from './events';
import { unlessUnderWay } from './overlap';
import { eventPath, readNewRecords, readRecords, readWholeList } from './read';
import type { TriggerState } from './state';
import { emptyState, readState, storedState, writeState } from './state';
import { noTestEvent, testEvent } from './testEvent';

type PollResult = INodeExecutionData[][] | null;

/**
 * One poll: reads the event's list through the transport (the action node's budget per
 * credential), compares it with what earlier polls recorded, records it, and returns what is
 * new. A "new record" event on a list that is newest first reads only until it reaches what
 * it recorded (one request when little is new); the others read the whole list. The first
 * poll (of an activation, or with nothing recorded for this event yet) records and returns
 * `null`, as does a poll that finds nothing: an empty array would start an execution. A poll
 * that fails throws before anything is recorded, so the next one emits what this one missed.
 * In manual mode ("Fetch Test Event") it returns the most recent record and records nothing.
 */
export async function poll(this: IPollFunctions): Promise<PollResult> {
	if (this.getMode() === 'manual') return await pollOnce(this, true);
	return await unlessUnderWay(this.getWorkflowStaticData('node'), async () => {
		return await pollOnce(this, false);
	});
}

/** What the poll needs to know from the node's parameters. */
interface PollSetup {
	event: TriggerEvent;
	/** For the "reached" events; 0 for the others. */
	threshold: number;
	path: string;
}

async function pollOnce(fns: IPollFunctions, manual: boolean): Promise<PollResult> {
	const node = fns.getNode();
	const deadline = manual ? undefined : pollDeadline(fns);
	try {
		const { setup, settings } = guard(node, 0, () => ({
			setup: pollSetup(fns),
			settings: requestSettings(fns.getNodeParameter('options', {}) as IDataObject),
		}));
		const context = await requestContextOf(fns, {
			settings,
			deadline,
			needs: keyNeedsOf(setup.event.listOperation),
		});
		return await withoutSecrets(context.secrets, node, async () =>
			manual
				? await fetchTestEvent(fns, context, setup)
				: await pollForChanges(fns, context, setup),
		);
	} catch (caught) {
		const error = asNodeError(node, caught);
		if (!manual) {
			const note =
				'Nothing was emitted and what the trigger had recorded is unchanged: the next poll emits what was added meanwhile.';
			error.description = error.description ? `${error.description} ${note}` : note;
		}
		throw error;
	}
}

/**
 * The time this poll may take: what n8n gives it (`getPollBudgetMs`, n8n 2.41 and later; 36 s
 * on its durable scheduler by default) less a margin for n8n to commit what it returns. n8n
 * 1.x gives no time: its polls read as long as they must.
 */
function pollDeadline(fns: IPollFunctions): Deadline | undefined {
	const budget = (fns as Partial<Pick<IPollFunctions, 'getPollBudgetMs'>>).getPollBudgetMs;
	if (typeof budget !== 'function') return undefined;
	const givenMs = budget.call(fns);
	if (!Number.isFinite(givenMs) || givenMs <= 0) return undefined;
	return deadlineIn(givenMs - Math.min(COMMIT_MARGIN_MS, givenMs / 10), clock.now());
}

/** What the poll leaves n8n of its time to commit the poll's outcome. */
const COMMIT_MARGIN_MS = 2000;

function pollSetup(fns: IPollFunctions): PollSetup {
	const value = oneOf(TRIGGER_EVENT_VALUES)(
		fns.getNodeParameter('event', DEFAULT_EVENT),
		'Trigger On',
	);
	const event = TRIGGER_EVENTS.find((candidate) => candidate.value === value);
	if (!event) throw new Error(`Unknown event "${String(value)}"`);
	return {
		event,
		threshold:
			event.kind === 'reached'
				? positiveWholeNumber(fns.getNodeParameter('threshold', DEFAULT_THRESHOLD), 'Threshold')
				: 0,
		path: eventPath(event, (name) => fns.getNodeParameter(name, undefined, { extractValue: true })),
	};
}

/** "Fetch Test Event": the most recent record the event would emit; records nothing. */
async function fetchTestEvent(
	fns: IPollFunctions,
	context: RequestContext,
	{ event, threshold, path }: PollSetup,
): Promise<PollResult> {
	const latest = testEvent(event, await readRecords(context, event, path), threshold);
	if (!latest) {
		throw new NodeOperationError(context.node, noTestEvent(event, threshold), {
			description: 'Once there is one, "Fetch Test Event" shows it here.',
		});
	}
	return [fns.helpers.returnJsonArray([latest])];
}

async function pollForChanges(
	fns: IPollFunctions,
	context: RequestContext,
	{ event, threshold, path }: PollSetup,
): Promise<PollResult> {
	const scope = [event.value, `${context.apiRoot}${path}`, threshold || ''].join(' ');
	const staticData = fns.getWorkflowStaticData('node');
	const activation = activationRecord(fns);
	const activating = startsActivation(fns);
	const ownState = activating ? undefined : readState(staticData, scope);
	const recordedAtActivation = activating ? undefined : readState(activation.read() ?? {}, scope);
	const previous = latestOf(ownState, recordedAtActivation);
	const state = previous ?? { ...emptyState(scope), baseline: true, activatedAt: clock.now() };
	const emits = !state.baseline;
	let found: IDataObject[];
	try {
		found =
			event.kind === 'created' && state.order === 'newestFirst' && !state.baseline
				? // Only as far as what was recorded: one request when little is new.
					await readNewRecords(context, event, path, state)
				: // The whole list: the first poll, a list in another order, counts to compare.
					await readWholeList(context, event, path, state, threshold);
	} catch (caught) {
		throw caught instanceof DeadlineReached
			? outOfTime(context, caught)
			: asNodeError(context.node, caught);
	}
	writeState(staticData, state);
	if (activating) activation.write(storedState(state));
	else if (previous === ownState) activation.forget();
	recordedBy(fns);
	if (!emits || found.length === 0) return null;
	return [fns.helpers.returnJsonArray(found)];
}

/**
 * Of the state the node's static data holds and the one the activation left in the
 * workflow's, the one of the later activation; the node's own where both are of the same.
 */
function latestOf(
	own: TriggerState | undefined,
	atActivation: TriggerState | undefined,
): TriggerState | undefined {
	if (!atActivation) return own;
	if (!own || (atActivation.activatedAt ?? 0) > (own.activatedAt ?? 0)) return atActivation;
	return own;
}

/**
 * Not one page could be read in the poll's time: the rate limit or a slow service held it.
 * The cause is declared, so that n8n waits for the service's reset before the next poll.
 */
function outOfTime(context: RequestContext, reached: DeadlineReached): NodeOperationError {
	const { resetsAt } = reached;
	const seconds = Math.round((context.deadline?.givenMs ?? 0) / 1000);
	const error = new NodeOperationError(
		context.node,
		resetsAt === undefined
			? `The Link Management service answered too slowly to read a page within the poll's time (${seconds} s)`
			: `Rate limited by the Link Management service: the window resets at ${new Date(resetsAt).toISOString()}, after the poll's time (${seconds} s) runs out`,
		{
			description:
				resetsAt === undefined
					? "n8n gives each poll a limited time. Lower the node's Options › Page Size so that one page answers sooner."
					: "The API key's requests of this window are spent (by this workflow or others); the next poll goes on after the reset.",
		},
	);
	return declared(error, reached.failure ?? TEMPORARILY_UNAVAILABLE);
}
