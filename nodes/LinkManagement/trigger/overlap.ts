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
