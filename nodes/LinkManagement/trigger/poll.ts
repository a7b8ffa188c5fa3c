import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { requestSettings } from '../shared/options';
import { guard, oneOf, parsePositiveId } from '../shared/validation';
import { CREDENTIAL_TYPE, requestContext } from '../transport/context';
import { redactDeep, redactError } from '../transport/redact';
import { recordedBy, startsActivation, unlessUnderWay } from './activation';
import { DEFAULT_EVENT, DEFAULT_THRESHOLD } from './description';
import { recordChanges } from './diff';
import { EVENT_VALUES, TRIGGER_EVENTS } from './events';
import { eventPath, readRecords } from './read';
import { emptyState, readState, writeState } from './state';
import { noTestEvent, testEvent } from './testEvent';

/**
 * One poll: reads the event's whole list through the request path (the action node's budget
 * per credential), compares it with what earlier polls recorded, records it, and returns what
 * is new. The first poll (of an activation, or with nothing recorded for this event yet)
 * records and returns `null`,
 * as does a poll that finds nothing: an empty array would start an execution. A poll that
 * fails throws before anything is recorded, so the next one emits what this one missed.
 * In manual mode ("Fetch Test Event") it returns the most recent record and records nothing.
 */
export async function poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	if (this.getMode() === 'manual') return await pollOnce.call(this);
	return await unlessUnderWay(this.getWorkflowStaticData('node'), async () => {
		return await pollOnce.call(this);
	});
}

async function pollOnce(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const node = this.getNode();
	const manual = this.getMode() === 'manual';
	const secret = { apiKey: '' };
	try {
		const { event, threshold, path, settings } = guard(node, 0, () => {
			const value = oneOf(EVENT_VALUES)(
				this.getNodeParameter('event', DEFAULT_EVENT),
				'Trigger On',
			);
			const chosen = TRIGGER_EVENTS.find((candidate) => candidate.value === value);
			if (!chosen) throw new Error(`Unknown event "${String(value)}"`);
			return {
				event: chosen,
				threshold:
					chosen.kind === 'scansReached'
						? parsePositiveId(this.getNodeParameter('threshold', DEFAULT_THRESHOLD), 'Threshold')
						: 0,
				path: eventPath(chosen, (name) =>
					this.getNodeParameter(name, undefined, { extractValue: true }),
				),
				settings: requestSettings(this.getNodeParameter('options', {}) as IDataObject),
			};
		});
		const context = requestContext(
			node,
			0,
			await this.getCredentials(CREDENTIAL_TYPE),
			this.helpers.httpRequestWithAuthentication.bind(this),
			settings,
		);
		secret.apiKey = context.apiKey;
		const records = await readRecords(context, event, path);

		if (manual) {
			const latest = testEvent(event, records, threshold);
			if (!latest) {
				throw new NodeOperationError(node, noTestEvent(event, threshold), {
					description: 'Once there is one, "Fetch Test Event" shows it here.',
				});
			}
			return [this.helpers.returnJsonArray([redactDeep(secret, latest)])];
		}

		const of = [event.value, `${context.apiRoot}${path}`, threshold || ''].join(' ');
		const staticData = this.getWorkflowStaticData('node');
		const previous = startsActivation(this) ? undefined : readState(staticData, of);
		const state = previous ?? emptyState(of);
		const found = recordChanges(event, records, state, threshold);
		writeState(staticData, state);
		recordedBy(this);
		if (!previous || found.length === 0) return null;
		return [this.helpers.returnJsonArray(redactDeep(secret, found))];
	} catch (caught) {
		throw failure(node, secret, caught, manual);
	}
}

/** The poll's error, free of the API key; for a real poll it says that nothing was recorded. */
function failure(
	node: ReturnType<IPollFunctions['getNode']>,
	secret: { apiKey: string },
	caught: unknown,
	manual: boolean,
) {
	const error =
		caught instanceof NodeApiError || caught instanceof NodeOperationError
			? caught
			: new NodeOperationError(node, caught as Error);
	if (!manual) {
		const note =
			'Nothing was emitted and what the trigger had recorded is unchanged: the next poll emits what was added meanwhile.';
		error.description = error.description ? `${error.description} ${note}` : note;
	}
	return redactError(secret, error);
}
