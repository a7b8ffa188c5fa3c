import type { IDataObject, IPollFunctions } from 'n8n-workflow';

/**
 * Poll contexts that have recorded. On n8n's default scheduler one context serves a whole
 * activation, and its later polls keep the activation's mode: this tells them from the first.
 * On the durable scheduler every scheduled poll has a fresh context whose mode is 'update', so
 * nothing there depends on it.
 */
const polled = new WeakSet<object>();

/**
 * Whether this poll is the first of an activation by the user (the workflow activated, or
 * created active). Then what earlier activations recorded no longer counts, so that activating
 * never floods the workflow with what was added while it was inactive. n8n starting up
 * ('init'), another main instance taking over ('leadershipChange') and a saved change to an
 * active workflow ('update') go on from what was recorded, so that nothing added meanwhile is
 * lost.
 */
export function startsActivation(context: IPollFunctions): boolean {
	const mode = context.getActivationMode();
	return !polled.has(context) && (mode === 'activate' || mode === 'create');
}

/** A poll that recorded: the activation's later polls go on from what it recorded. */
export function recordedBy(context: IPollFunctions): void {
	polled.add(context);
}

/**
 * Where the first poll of an activation also leaves what it recorded: the workflow's static
 * data, which n8n saves when it has activated the workflow. On n8n's durable scheduler the
 * node's own static data is a copy of its durable cursor, and n8n commits none for the poll it
 * makes at activation (it returns nothing): the first scheduled poll reads it from here, so
 * that what was added in between is emitted rather than taken as already there.
 */
export function activationRecord(context: IPollFunctions): {
	read(): IDataObject | undefined;
	write(stored: IDataObject): void;
	forget(): void;
} {
	// Static data n8n saves with the workflow is an observable object, marked when changed; a
	// durable cursor's copy is plain data. Where the node's own is saved, nothing is needed.
	const needed = !('__dataChanged' in context.getWorkflowStaticData('node'));
	const workflowData = context.getWorkflowStaticData('global');
	const key = `linkManagementTrigger:${context.getNode().id}`;
	return {
		read: () => {
			const stored = workflowData[key];
			return stored && typeof stored === 'object' ? (stored as IDataObject) : undefined;
		},
		write: (stored) => {
			if (needed) workflowData[key] = stored;
		},
		forget: () => {
			if (key in workflowData) delete workflowData[key];
		},
	};
}
