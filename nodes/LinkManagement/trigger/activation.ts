import type { IPollFunctions } from 'n8n-workflow';

/** Poll contexts that have recorded: n8n keeps one per activation and polls through it again. */
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
