// Part 6 of the benchmark (BENCH_ONLY=upsert): Create or Update from a sheet, run again and again
// at 30 requests per 2 s, for pixels (whose list shows every field an update sends) and QR codes
// (whose list does not show their data: the node remembers what it sent, in the workflow's static
// data, so their runs are one workflow run again and again). Each run's requests, outcomes,
// records and time against the floor its requests need. Sets results.upsert.
import { execute } from '../execute.mjs';
import { floorMs, ratio, sec, table, windowsNeeded } from '../measure.mjs';
import { log, UPSERT } from '../settings.mjs';

/** The runs, in order: the sheet each runs, and whether the sandbox starts empty. */
export const UPSERT_RUNS = [
	{
		key: 'first',
		label: 'first run',
		fresh: true,
		sheet: { count: UPSERT.n, names: UPSERT.n, changed: 0 },
	},
	{
		key: 'same',
		label: 're-run, nothing changed',
		sheet: { count: UPSERT.n, names: UPSERT.n, changed: 0 },
	},
	{
		key: 'changed',
		label: `re-run, ${UPSERT.changed} rows changed and ${UPSERT.added} new`,
		sheet: {
			count: UPSERT.n + UPSERT.added,
			names: UPSERT.n + UPSERT.added,
			changed: UPSERT.changed,
		},
	},
	{
		key: 'stopped',
		label: `first run stopped by an outage at row ${UPSERT.stopAt}`,
		fresh: true,
		stopAt: UPSERT.stopAt,
		only: 'qrCode',
		sheet: { count: UPSERT.n, names: UPSERT.n, changed: 0 },
	},
	{
		key: 'resumed',
		label: 'the same sheet again, after the outage',
		only: 'qrCode',
		sheet: { count: UPSERT.n, names: UPSERT.n, changed: 0 },
	},
	{
		key: 'repeat',
		label: `${UPSERT.n} rows repeating ${UPSERT.names} names`,
		fresh: true,
		sheet: { count: UPSERT.n, names: UPSERT.names, changed: 0 },
	},
];

export const UPSERT_RESOURCES = [
	{ resource: 'pixel', collection: 'pixels', label: 'pixels' },
	{ resource: 'qrCode', collection: 'qr', label: 'QR codes', oneWorkflow: true },
];

/** The runs of `resource`, in order. */
export const upsertRunsOf = (resource) =>
	UPSERT_RUNS.filter((run) => !run.only || run.only === resource);

/** Requests the runs send, whose last windows' c(r) the floors need (calibrated in advance). */
export const upsertLastWindows = () => [1, 6, 16].map((n) => windowsNeeded(n, UPSERT.limit).r);

const outcomes = (items) => {
	const counts = { created: 0, updated: 0, unchanged: 0, failed: 0 };
	for (const { json } of items) {
		if (json.error !== undefined) counts.failed++;
		else counts[json.outcome] = (counts[json.outcome] ?? 0) + 1;
	}
	return counts;
};

/** The c(r) measured for r, or for the nearest r measured. */
function lastMsOf(cOf, r) {
	if (cOf.has(r)) return cOf.get(r);
	const nearest = [...cOf.keys()].sort((a, b) => Math.abs(a - r) - Math.abs(b - r))[0];
	return cOf.get(nearest);
}

/** `ctx` is the single-n8n context (single-n8n.mjs). */
export async function upsertPart({ n8n, s, wf, cOf, results }) {
	const sandbox = s.upsert;
	results.upsert = [];
	for (const { resource, collection, label, oneWorkflow } of UPSERT_RESOURCES) {
		for (const run of upsertRunsOf(resource)) {
			if (run.fresh) sandbox.reset();
			// The outage: every create from the row `stopAt` on answered 503.
			let creates = 0;
			sandbox.recorder.setFault(
				run.stopAt
					? ({ method }) => (method === 'POST' && ++creates >= run.stopAt ? '503' : null)
					: undefined,
			);
			// Each run starts with a whole window's budget, as the floor assumes.
			await new Promise((resolve) => setTimeout(resolve, UPSERT.windowMs));
			const requestsBefore = sandbox.stats.requests;
			const rateLimitedBefore = sandbox.stats.rateLimited;
			log(`upsert ${label}: ${run.label} ...`);
			const workflow = wf[oneWorkflow ? `upsert-${resource}` : `upsert-${resource}-${run.key}`];
			const res = await execute(n8n, workflow, 'Create or Update', {
				sandbox,
				recorder: sandbox.recorder,
				reset: false,
			});
			sandbox.recorder.setFault(undefined);
			const requests = sandbox.stats.requests - requestsBefore;
			const { r } = windowsNeeded(requests, UPSERT.limit);
			// The floor counts from the first request: what came before it is the node's start.
			const beforeFirstMs = res.arrivals.length ? res.arrivals[0].at - res.t0 : res.ms;
			const floor = floorMs({
				n: requests,
				limit: UPSERT.limit,
				windowMs: UPSERT.windowMs,
				lastMs: lastMsOf(cOf, r),
				t0: res.t0 + beforeFirstMs,
			});
			const row = {
				resource,
				label,
				run: run.label,
				rows: run.sheet.count,
				requests,
				rateLimited: sandbox.stats.rateLimited - rateLimitedBefore,
				...outcomes(res.items),
				records: sandbox.store[collection].size,
				ms: res.ms,
				beforeFirstMs,
				floor,
				nodeError: res.nodeError,
			};
			log(
				`  ${requests} requests; created ${row.created}, updated ${row.updated}, unchanged ${row.unchanged}, failed ${row.failed}; ${row.records} records; ${sec(res.ms)} (floor ${sec(floor)})${res.nodeError ? `; node error: ${res.nodeError}` : ''}`,
			);
			results.upsert.push(row);
		}
	}
}

/** The section of docs/maintainers/benchmark.md. */
export function upsertSection(rows) {
	const out = [
		`## 6. Create or Update: a sheet run again, ${UPSERT.limit} requests per ${UPSERT.windowMs} ms`,
		'',
		`A Code node "Sheet" gives the rows; Link Management › Create or Update (pixels by name; QR codes by name, type Link, data the row's URL) runs one item per row. The list is read once per run (pages of 1,000) and shared by every item; a record is created when no record has the row's name, updated when one has and the update would change something, and left alone (outcome \`unchanged\`) when the list shows every field the update would send with the asked value already. A pixel's list shows its name, tag and type, so an unchanged sheet costs the list read alone. **A QR code's list does not show its data, colors or logo**: the node remembers what it sent to each QR code in the workflow's static data, which \`n8n execute\` saves, so the QR code runs are one workflow run again and again (its Code node gives each run's sheet), and a row equal to what was last sent to its QR code sends nothing. The outage: from the row named, every create is answered 503 and the run fails; the next run is the same sheet. Floor: the requests the run sent, at the budget, as in part 1, for a start at the run's first request; the time before it is the node reading its Resource, Operation and credential and the first items. A run whose requests fit one window has no ratio worth reading: its time is that preparation.`,
		'',
	];
	for (const { label } of UPSERT_RESOURCES) {
		const mine = rows.filter((row) => row.label === label);
		if (!mine.length) continue;
		out.push(
			`**${label[0].toUpperCase()}${label.slice(1)}**`,
			'',
			table(
				[
					'run',
					'rows',
					'requests',
					'created',
					'updated',
					'unchanged',
					'failed',
					'records after',
					'429s',
					'time',
					'of it before the first request',
					'floor from the first request',
					'time from it / that floor',
				],
				mine.map((row) => [
					row.run,
					row.rows,
					row.requests,
					row.created,
					row.updated,
					row.unchanged,
					row.failed,
					row.records,
					row.rateLimited,
					sec(row.ms),
					sec(row.beforeFirstMs),
					sec(row.floor),
					// Within one window the floor is one round of requests: no ratio to read.
					windowsNeeded(row.requests, UPSERT.limit).k > 1
						? ratio((row.ms - row.beforeFirstMs) / row.floor)
						: '– (one window)',
				]),
			),
			'',
		);
	}
	return out.join('\n');
}
