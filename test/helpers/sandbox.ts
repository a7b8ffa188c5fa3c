/**
 * What the engine tests against the sandbox share: the node's credential for a sandbox, and
 * bulk runs that create one QR code per input row (bulk, shared-key and family rate-limit
 * tests). test/setup-tests.ts makes the node forget earlier tests' budgets before each test.
 */
import type { RunOptions } from '../harness';
import { runNode } from '../harness';
import type { Sandbox } from '../sandbox/server';

/** The node's credential for `sandbox` (or for another Base URL form of it). */
export const credentialsOf = (sandbox: Sandbox, baseUrl = sandbox.url) => ({
	baseUrl,
	apiKey: sandbox.apiKey,
});

/** `count` input items, each with a URL of its own under `prefix`. */
export const urlRows = (count: number, prefix: string) =>
	Array.from({ length: count }, (_, i) => ({
		json: { url: `https://example.com/${prefix}/${i}` },
	}));

/** QR code create with data and name taken from the item's URL: one distinct QR code per row. */
export const createQrFromRow = {
	resource: 'qrCode',
	operation: 'create',
	type: 'link',
	data: '={{ $json.url }}',
	additionalFields: { name: '={{ $json.url }}' },
};

/** The names of every QR code the sandbox holds, to count duplicates. */
export const qrNamesOf = (sandbox: Sandbox) =>
	[...sandbox.store.qr.records.values()].map((record) => record.name);

/** Runs the node against `sandbox` with its credential. */
export const runAgainst = async (sandbox: Sandbox, options: Omit<RunOptions, 'credentials'>) =>
	await runNode({ ...options, credentials: credentialsOf(sandbox) });
