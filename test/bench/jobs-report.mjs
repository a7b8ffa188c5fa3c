// The "one key, many jobs" section of docs/maintainers/benchmark.md (part 11): its markdown from
// what parts/many-jobs.mjs measured before and after fair turns, between markers of its own, so
// that `BENCH_ONLY=jobs npm run bench` rewrites it and a run of the other parts keeps it.
import { markedSection, ratio, sec, table } from './measure.mjs';

const START = '<!-- one-key-many-jobs section: written by `BENCH_ONLY=jobs npm run bench` -->';
const END = '<!-- end of the one-key-many-jobs section -->';

const SECTION = markedSection(START, END);
/** The section of a benchmark.md text ('' when it has none). */
export const jobsSectionOf = SECTION.of;
/** `doc` with the section replaced by `section` (appended when it has none). */
export const withJobsSection = SECTION.within;

const took = (job) => job.endedAt - job.askedAt;
const windows = (ms, windowMs) => `${(ms / windowMs).toFixed(2)}`;

/** The rows of one measurement (before or after): what each case's jobs waited. */
function rowsOf(label, { cases, limit, windowMs }) {
	const floorOf = (requests) => (Math.ceil(requests / limit) - 1) * windowMs;
	return cases.map((c) => {
		const bulk = c.jobs.find((job) => job.label === 'bulk-300');
		const ones = c.jobs.filter((job) => job.requests === 1).map(took);
		const sixty = c.jobs.find((job) => job.label === 'bulk-60');
		const small = ones.length
			? `${sec(Math.max(...ones))} (${windows(Math.max(...ones), windowMs)} windows)`
			: `the 60 done ${sec(sixty.endedAt)} after the 300 started`;
		return [
			label,
			c.name,
			small,
			`${sec(bulk.endedAt)} / ${sec(floorOf(c.requests))} = ${ratio(bulk.endedAt / floorOf(c.requests))}`,
			`${c.requests} / ${c.rateLimited}`,
			c.perWindow.join(' '),
			c.jobs.reduce((sum, job) => sum + job.failed, 0),
		];
	});
}

/** Markdown of the section; `meta` is { machine, commit, version }. */
export function jobsSection(jobs, meta) {
	const m = meta.machine;
	const { limit, windowMs } = jobs.after;
	return [
		START,
		'',
		'## 11. One key, many jobs',
		'',
		`Measured by \`BENCH_ONLY=jobs npm run bench\` on ${m.date.slice(0, 10)}: package ${meta.version}, commit ${meta.commit} ("after") and ${jobs.beforeCommit}, before requests took turns between jobs ("before"), by the same script (\`test/bench/many-jobs.ts\`) on ${m.nproc} cores, load average at the end ${m.loadavg}. The node runs on n8n's engine (n8n-core ${jobs.engine}, one process as in one n8n) against the sandbox at ${limit} requests per ${windowMs} ms window (the service's minute compressed 30-fold, windows on whole ${windowMs / 1000}-s marks), in real time. Each case starts on a window's mark with a fresh sandbox and budget: a run of 300 QR codes (QR Code › Create) and, beside it, one-link executions (Link › Create, one item each) or a run of 60.`,
		'',
		`**Waited**: from a one-link execution's start to its end (the slowest of the case), or when the run of 60 ended. **300-run**: its time / the floor of every request of the case, (ceil(requests / ${limit}) − 1) windows. **Requests per window**: as the service counted them, from the case's start.`,
		'',
		table(
			[
				'',
				'case',
				'waited',
				'300-run / floor',
				'requests / 429',
				'requests per window',
				'failed items',
			],
			[...rowsOf('before', jobs.before), ...rowsOf('after', jobs.after)],
		),
		'',
		END,
	].join('\n');
}
