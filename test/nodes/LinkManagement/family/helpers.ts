/**
 * "The family" (this folder): real installations of the service, the self-hosted PHP product
 * and the hosted offerings built on it, as opposed to the API reference's documented answers.
 * What the engine tests against the sandbox's `family` profile, which answers as they do,
 * share: a family sandbox, its credential, and a way to spend the key's budget as another
 * client would.
 */
import type { Sandbox, SandboxOptions } from '../../../sandbox/server';
import { startSandbox } from '../../../sandbox/server';

export { credentialsOf } from '../../../helpers/sandbox';

/** A sandbox that answers as real installations do. */
export async function familySandbox(options: Partial<SandboxOptions> = {}): Promise<Sandbox> {
	return await startSandbox({ profile: 'family', ...options });
}

/** A resource locator given By ID. */
export const byId = (value: unknown) => ({ __rl: true, mode: 'id', value: String(value) });

/**
 * Another client of the same key spends `count` requests of a window. It starts at the top of a
 * second: the family's window begins at the whole second of its first request, so the window
 * then lasts its full length after the spending began, whatever the machine's speed.
 */
export async function spendBudget(sandbox: Sandbox, count: number): Promise<void> {
	await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000)));
	for (let i = 0; i < count; i++) {
		await fetch(`${sandbox.url}/api/account`, {
			headers: { Authorization: `Bearer ${sandbox.apiKey}` },
		});
	}
}

/** Requests the sandbox received for a route, e.g. `GET /api/qr`. */
export const requestsTo = (sandbox: Sandbox, route: string) =>
	sandbox.stats.log.filter((entry) => entry.route === route);
