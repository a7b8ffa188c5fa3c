/**
 * Processes that share one API key (n8n's queue-mode workers) cannot see each other; each
 * here is a copy of the node with its own module state, as in a process of its own. They
 * cooperate through the service's answers alone: every item is created exactly once, none
 * fails, and the service refuses few requests.
 */
import type { INodeType } from 'n8n-workflow';

import { runNode } from '../../../helpers';
import { createQrFromRow, credentialsOf, qrNamesOf, urlRows } from '../../../helpers/sandbox';
import type { Sandbox } from '../../../sandbox/server';
import { shareVirtualTime, useVirtualTime } from '../../../helpers/virtualTime';
import { startSandbox } from '../../../sandbox/server';

// The waits (rate-limit windows, Retry-After, backoff) pass on virtual time.
useVirtualTime();

/** A copy of the Link Management node with its own transport state, like another process. */
function nodeInAnotherProcess(): INodeType {
	let copy: INodeType | undefined;
	jest.isolateModules(() => {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const { LinkManagement } = require('../../../../nodes/LinkManagement/LinkManagement.node');
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		shareVirtualTime(require('../../../../nodes/LinkManagement/transport/clock').clock);
		copy = new LinkManagement();
	});
	return copy!;
}

let sandbox: Sandbox;
beforeEach(async () => {
	sandbox = await startSandbox({ rateLimit: 10, rateWindowMs: 1000, seed: 0 });
});
afterEach(async () => await sandbox.stop());

test('two processes creating 40 QR codes each with one key: all once, none failed', async () => {
	const credentials = credentialsOf(sandbox);
	const runs = await Promise.all(
		['first', 'second'].map(async (prefix) =>
			runNode({
				nodeType: nodeInAnotherProcess(),
				credentials,
				parameters: createQrFromRow,
				items: urlRows(40, prefix),
			}),
		),
	);

	for (const run of runs) {
		expect(run.error).toBeUndefined();
		expect(run.items).toHaveLength(40);
		expect(run.items.every((item) => typeof item.json.id === 'number')).toBe(true);
	}
	const names = qrNamesOf(sandbox);
	expect(names).toHaveLength(80);
	expect(new Set(names).size).toBe(80);
	// Refused requests are not applied, so they cost time, not records. Two processes that each
	// took the whole window at its start had most of theirs refused; two that learn of each
	// other from the answers share the window and are refused few (about 6% measured here).
	expect(sandbox.stats.rateLimited / sandbox.stats.requests).toBeLessThan(0.25);
}, 60_000);
