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

/** The static data of triggers whose poll is under way. */
const underWay = new WeakSet<object>();

/**
 * Runs the poll unless an earlier poll of the same trigger is still under way (n8n starts the
 * next one on schedule even while rate-limit waits hold the last): then nothing happens and the
 * result is null, so that two polls never record over each other (an older scan count written
 * last would make the next poll fire again for the same scans).
 */
export async function unlessUnderWay<T>(
	staticData: object,
	poll: () => Promise<T>,
): Promise<T | null> {
	if (underWay.has(staticData)) return null;
	underWay.add(staticData);
	try {
		return await poll();
	} finally {
		underWay.delete(staticData);
	}
}
