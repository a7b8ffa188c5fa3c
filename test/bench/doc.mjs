// The end of a benchmark run: the report printed, and docs/maintainers/benchmark.md written as far as the run
// may: with every part (or with BENCH_WRITE=1 and any of the single-n8n parts) the whole file,
// keeping its queue-mode and clicks sections when those parts did not run; the queue or clicks
// part alone (not narrowed by BENCH_QUEUE_* / BENCH_CLICKS_*, or with BENCH_WRITE=1) only its
// section; otherwise nothing.
import fs from 'node:fs';
import path from 'node:path';

import { REPO } from '../e2e/lib/sandbox.mjs';
import { clicksSection, clicksSectionOf, withClicksSection } from './clicks-report.mjs';
import { jobsSection, jobsSectionOf, withJobsSection } from './jobs-report.mjs';
import { queueSection, queueSectionOf, withQueueSection } from './queue-report.mjs';
import { report } from './report.mjs';
import { CLICKS_TRIMMED, DOC, log, QUEUE_TRIMMED, SINGLE, WRITE } from './settings.mjs';

/** Prints the markdown of what `results` (run.mjs) holds and writes docs/maintainers/benchmark.md. */
export function printAndWrite(results) {
	const text = SINGLE ? report(results) : '';
	const version = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')).version;
	const meta = { ...results, version };
	const queueText = results.queue && queueSection(results.queue, meta);
	const clicksText = results.clicks && clicksSection(results.clicks, meta);
	const jobsText = results.jobs && jobsSection(results.jobs, meta);
	console.log(`\n${[text, queueText, clicksText, jobsText].filter(Boolean).join('\n\n')}`);
	const old = fs.existsSync(DOC) ? fs.readFileSync(DOC, 'utf8') : '';
	if (SINGLE && WRITE) {
		// the sections of their own are kept when this run did not measure them
		const doc = withJobsSection(
			withClicksSection(
				withQueueSection(text, queueText || queueSectionOf(old)),
				clicksText || clicksSectionOf(old),
			),
			jobsText || jobsSectionOf(old),
		);
		fs.writeFileSync(DOC, `${doc.trimEnd()}\n`);
		log(`written to ${path.relative(REPO, DOC)}`);
		return;
	}
	let doc = old;
	if (queueText && (!QUEUE_TRIMMED || WRITE)) doc = withQueueSection(doc, queueText);
	if (clicksText && (!CLICKS_TRIMMED || WRITE)) doc = withClicksSection(doc, clicksText);
	if (jobsText) doc = withJobsSection(doc, jobsText);
	if (doc !== old) {
		fs.writeFileSync(DOC, `${doc.trimEnd()}\n`);
		log(`its own sections written to ${path.relative(REPO, DOC)}`);
	} else log(`BENCH_ONLY is set: ${path.relative(REPO, DOC)} left alone (BENCH_WRITE=1 writes it)`);
}
