/**
 * A count event over a large account on n8n's durable scheduler, against the sandbox as real
 * installations answer (newest first, no page cap, 30 requests a minute in windows from the
 * key's first request): a poll a minute, each within n8n's default budget (36 s), reads what
 * the window allows and goes on at the next; each scan fires once. On virtual time.
 */
import { durableTrigger, DURABLE_POLL_BUDGET_MS } from '../../../helpers/durableTrigger';
import { credentialsOf } from '../../../helpers/sandbox';
import { pause, useVirtualTime } from '../../../helpers/virtualTime';
import type { Sandbox } from '../../../sandbox/server';
import { startSandbox } from '../../../sandbox/server';

useVirtualTime();

let sandbox: Sandbox;
afterEach(async () => await sandbox?.stop());

const MINUTE = 60_000;

test.each([[5_000], [50_000]])(
	'%i QR codes: a scan fires once, every poll ends within its time',
	async (size) => {
		sandbox = await startSandbox({
			profile: 'family',
			rateLimit: 30,
			rateWindowMs: MINUTE,
			seed: { qr: size },
		});
		const trigger = durableTrigger(
			{ event: 'qrCodeScanned' },
			{ credentials: credentialsOf(sandbox) },
		);
		/** One scheduled poll a minute: what it emitted. */
		const minute = async () => {
			const { items } = await trigger.tick();
			expect(trigger.lastPollMs).toBeLessThanOrEqual(DURABLE_POLL_BUDGET_MS);
			await pause(MINUTE - trigger.lastPollMs);
			return (items ?? []).map((item) => item.json);
		};
		await trigger.publish();
		await pause(MINUTE);
		const scanned = sandbox.store.qr.list()[Math.floor(size / 2)];
		scanned.scans += 1;
		const emitted = [];
		let polls = 0;
		while (emitted.length === 0 && polls < 10) {
			emitted.push(...(await minute()));
			polls++;
		}
		expect(emitted).toEqual([expect.objectContaining({ id: scanned.id, newScans: 1 })]);
		for (let more = 0; more < 3; more++) expect(await minute()).toEqual([]);
		expect(sandbox.stats.rateLimited).toBe(0);
	},
);
