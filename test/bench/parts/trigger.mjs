// Part 7 of the benchmark (BENCH_ONLY=trigger): what one poll of the Link Management Trigger costs
// as the account grows, in requests (each one of the key's budget) and time, and what it keeps.
// The trigger of the packed build polls a sandbox in the bench process (no rate limit, no page
// cap) through n8n-core's PollContext (poll.mjs). Sets results.trigger.
import { startSandbox } from '../../e2e/lib/sandbox.mjs';
import { msf, table } from '../measure.mjs';
import { log, TRIGGER } from '../settings.mjs';
import { activeTrigger } from '../poll.mjs';

/** The event kinds measured: a new-record event on a newest-first list and on one in another order, and a count event. */
const KINDS = [
	{
		key: 'newestFirst',
		label: 'On New QR Code, list newest first',
		event: 'qrCodeCreated',
		order: 'newest',
	},
	{
		key: 'oldestFirst',
		label: 'On New QR Code, list oldest first',
		event: 'qrCodeCreated',
		order: 'oldest',
	},
	{ key: 'scanned', label: 'On QR Code Scanned', event: 'qrCodeScanned', order: 'newest' },
];

/** `count` new QR codes through the API (the new-record events), or `count` QR codes scanned once more. */
async function makeNew(sandbox, kind, count) {
	if (kind.event === 'qrCodeScanned') {
		const records = sandbox.store.qr.list();
		for (let i = 0; i < count; i++) records[(i * 7) % records.length].scans += 1;
		return;
	}
	const post = (i) =>
		fetch(`${sandbox.url}/api/qr/add`, {
			method: 'POST',
			headers: { Authorization: `Bearer ${sandbox.apiKey}`, 'Content-Type': 'application/json' },
			body: JSON.stringify({
				type: 'link',
				data: `https://example.com/new/${i}`,
				name: `New ${i}`,
			}),
		}).then((answer) => answer.json());
	for (let done = 0; done < count; done += 50) {
		await Promise.all(Array.from({ length: Math.min(50, count - done) }, (_, i) => post(done + i)));
	}
}

export async function triggerPart({ results }) {
	results.trigger = [];
	for (const size of TRIGGER.sizes) {
		for (const kind of KINDS) {
			const sandbox = await startSandbox({
				port: 0,
				profile: 'family',
				order: kind.order,
				rateLimit: 0,
				maxLimit: 0,
				seed: {
					qr: size,
					campaigns: 0,
					splash: 0,
					channels: 0,
					pixels: 0,
					overlays: 0,
					domains: 0,
					links: 0,
				},
			});
			try {
				const trigger = activeTrigger(sandbox, { event: kind.event });
				const first = await trigger.poll();
				const row = { size, kind: kind.label, first, polls: [] };
				for (const news of TRIGGER.news) {
					await makeNew(sandbox, kind, news);
					row.polls.push({ news, ...(await trigger.poll()) });
				}
				row.stateBytes = trigger.stateBytes();
				log(
					`trigger ${kind.label}, ${size} records: first poll ${first.requests} requests; then ${row.polls.map((p) => `${p.news} new: ${p.requests} requests, ${p.emitted} emitted, ${msf(p.ms, 0)}`).join('; ')}; state ${row.stateBytes} bytes`,
				);
				results.trigger.push(row);
			} finally {
				await sandbox.stop();
			}
		}
	}
}

/** The section of docs/benchmark.md. */
export function triggerSection(rows) {
	const header = ['records', 'event', 'first poll'];
	for (const news of TRIGGER.news)
		header.push(`${news.toLocaleString('en')} new: requests`, 'time', 'emitted');
	header.push('state kept');
	return [
		'## 7. The trigger: what a poll costs as the account grows',
		'',
		`One Link Management Trigger polls a sandbox holding ${TRIGGER.sizes.map((n) => n.toLocaleString('en')).join(', ')} QR codes (no rate limit, no page cap; the node asks pages of 1,000). After its first poll (which records what exists and emits nothing), each further poll follows ${TRIGGER.news.map((n) => n.toLocaleString('en')).join(', ')} new records (QR codes created through the API) or, for On QR Code Scanned, QR codes scanned once more. A request is one of the key's ${30} a minute. The time is the poll's own, in the bench process (n8n-core's PollContext, the packed build).`,
		'',
		'**On New QR Code on a list that is newest first** (as real installations list) reads page after page only until it reaches a QR code it recorded, so a poll with nothing or little new costs one request at any size. **On a list in another order** it cannot know where the new ones are and reads the whole list, as do the count events (**On QR Code Scanned**, … Reached Threshold, and the link click events), which must compare every record: for those, one request per 1,000 records each poll.',
		'',
		table(
			header,
			rows.map((row) => [
				row.size.toLocaleString('en'),
				row.kind,
				`${row.first.requests} requests, ${msf(row.first.ms, 0)}`,
				...row.polls.flatMap((poll) => [poll.requests, msf(poll.ms, 0), poll.emitted]),
				`${row.stateBytes.toLocaleString('en')} bytes`,
			]),
		),
		'',
	].join('\n');
}
