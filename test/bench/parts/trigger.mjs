// Part 7 of the benchmark (BENCH_ONLY=trigger): what one poll of the Link Management Trigger costs
// as the account grows, in requests (each one of the key's budget) and time, and what it keeps.
// The trigger of the packed build polls a sandbox in the bench process (no rate limit, no page
// cap) through n8n-core's PollContext (poll.mjs). Sets results.trigger.
import { startSandbox } from '../../e2e/lib/sandbox.mjs';
import { msf, table } from '../measure.mjs';
import { log, TRIGGER } from '../settings.mjs';
import { activeTrigger, DURABLE_POLL_BUDGET_MS, durableTrigger } from '../poll.mjs';

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

/** A sandbox's seed of `size` QR codes and nothing else. */
const onlyQrCodes = (size) => ({
	qr: size,
	campaigns: 0,
	splash: 0,
	channels: 0,
	pixels: 0,
	overlays: 0,
	domains: 0,
	links: 0,
});

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
				seed: onlyQrCodes(size),
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
	results.triggerDurable = [];
	for (const size of TRIGGER.durableSizes) results.triggerDurable.push(await durableRow(size));
}

const MINUTE = 60_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * On n8n's durable scheduler, at the service's real 30 requests a minute: On QR Code Scanned
 * published over `size` QR codes, then one QR code scanned (the oldest, on the last page), and a
 * scheduled poll every minute, each within n8n's default budget, until the scan fires; then one
 * more poll (nothing more may fire).
 */
async function durableRow(size) {
	const sandbox = await startSandbox({
		port: 0,
		profile: 'family',
		rateLimit: 30,
		rateWindowMs: MINUTE,
		maxLimit: 0,
		seed: onlyQrCodes(size),
	});
	try {
		const trigger = durableTrigger(sandbox, { event: 'qrCodeScanned' });
		const published = await trigger.publish();
		const oldest = sandbox.store.qr.list().reduce((a, b) => (a.id < b.id ? a : b));
		oldest.scans += 1;
		const polls = [];
		for (let minute = 0; minute < 6; minute++) {
			await sleep(MINUTE - ((polls.at(-1)?.ms ?? 0) % MINUTE));
			polls.push(await trigger.tick());
			if (polls.some((poll) => poll.emitted)) break;
		}
		await sleep(MINUTE - polls.at(-1).ms);
		const after = await trigger.tick();
		const row = {
			size,
			published,
			polls: polls.length,
			requests: polls.reduce((sum, poll) => sum + poll.requests, 0),
			longestMs: Math.max(...polls.map((poll) => poll.ms), after.ms),
			emitted: polls.reduce((sum, poll) => sum + poll.emitted, 0),
			after: after.emitted,
			rateLimited: sandbox.stats.rateLimited,
		};
		log(
			`trigger on the durable scheduler, ${size} QR codes: published with ${published.requests} requests in ${msf(published.ms, 0)}; the scan fired at poll ${row.polls} (${row.requests} requests, the longest poll ${msf(row.longestMs, 0)}), ${row.emitted} emitted, ${row.after} the poll after; ${row.rateLimited} rate-limit answers`,
		);
		return row;
	} finally {
		await sandbox.stop();
	}
}

/** The section of docs/maintainers/benchmark.md. */
export function triggerSection(rows, durableRows = []) {
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
		...(durableRows.length ? durableSection(durableRows) : []),
	].join('\n');
}

function durableSection(rows) {
	return [
		"**On n8n's durable scheduler**, at the service's real 30 requests a minute (the sandbox's window of a minute from the key's first request): On QR Code Scanned is published (n8n's poll at publishing, which has 5 minutes), then the oldest QR code (on the last page) is scanned once, and a scheduled poll comes every minute, each with n8n's default budget of " +
			`${DURABLE_POLL_BUDGET_MS / 1000} s, until the scan fires; one more poll must fire nothing. A poll reads what the window allows within its time and the next goes on from there.`,
		'',
		table(
			[
				'records',
				'publishing',
				'polls until the scan fired',
				'their requests',
				'longest poll',
				'fired',
				'the poll after',
				'rate-limit answers',
			],
			rows.map((row) => [
				row.size.toLocaleString('en'),
				`${row.published.requests} requests, ${msf(row.published.ms, 0)}`,
				row.polls,
				row.requests,
				msf(row.longestMs, 0),
				row.emitted,
				row.after,
				row.rateLimited,
			]),
		),
		'',
	];
}
