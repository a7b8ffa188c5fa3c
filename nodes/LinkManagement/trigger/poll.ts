import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { keyNeedsOf } from '../resources';
import { requestSettings } from '../shared/options';
import { guard, oneOf, positiveWholeNumber } from '../shared/validation';
import type { RequestContext } from '../transport/context';
import { requestContextOf } from '../transport/context';
import { asNodeError, withoutSecrets } from '../transport/errors';
import { recordedBy, startsActivation } from './activation';
import { DEFAULT_EVENT, DEFAULT_THRESHOLD } from './description';
import { recordChanges } from './diff';
import type { TriggerEvent } from './events';
import { TRIGGER_EVENT_VALUES, TRIGGER_EVENTS } from './events';
import { unlessUnderWay } from './overlap';
import { orderOf } from './order';
import { eventPath, readNewRecords, readRecords } from './read';
import { emptyState, readState, writeState } from './state';
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
	try {
		const { setup, settings } = guard(node, 0, () => ({
			setup: pollSetup(fns),
			settings: requestSettings(fns.getNodeParameter('options', {}) as IDataObject),
		}));
		const context = await requestContextOf(fns, {
			settings,
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
	const previous = startsActivation(fns) ? undefined : readState(staticData, scope);
	const state = previous ?? emptyState(scope);
	let found: IDataObject[];
	if (event.kind === 'created' && previous?.order === 'newestFirst') {
		// Only as far as what was recorded: one request when little is new.
		found = await readNewRecords(context, event, path, state);
	} else {
		// The whole list: the first poll, a list in another order, counts to compare.
		const records = await readRecords(context, event, path);
		found = recordChanges(event, records, state, threshold);
		state.order = event.kind === 'created' ? orderOf(records, event) : undefined;
	}
	writeState(staticData, state);
	recordedBy(fns);
	if (!previous || found.length === 0) return null;
	return [fns.helpers.returnJsonArray(found)];
}
