// The end of a benchmark run: the report printed, and docs/benchmark.md written as far as the run
// may: with every part (or with BENCH_WRITE=1 and any of the single-n8n parts) the whole file,
// keeping its queue-mode section when the queue part did not run; the queue part alone (its grid
// not narrowed by BENCH_QUEUE_*, or with BENCH_WRITE=1) only that section; otherwise nothing.
import fs from 'node:fs';
import path from 'node:path';

import { REPO } from '../e2e/lib/sandbox.mjs';
import { queueSection, queueSectionOf, withQueueSection } from './queue-report.mjs';
import { report } from './report.mjs';
import { DOC, log, QUEUE_TRIMMED, SINGLE, WRITE } from './settings.mjs';

/** Prints the markdown of what `results` (run.mjs) holds and writes docs/benchmark.md. */
export function printAndWrite(results) {
	const text = SINGLE ? report(results) : '';
	const version = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')).version;
	const queueText = results.queue && queueSection(results.queue, { ...results, version });
	console.log(`\n${[text, queueText].filter(Boolean).join('\n\n')}`);
	const old = fs.existsSync(DOC) ? fs.readFileSync(DOC, 'utf8') : '';
	if (SINGLE && WRITE) {
		// the queue-mode section is kept when this run did not measure it
		const doc = withQueueSection(text, queueText || queueSectionOf(old));
		fs.writeFileSync(DOC, `${doc.trimEnd()}\n`);
		log(`written to ${path.relative(REPO, DOC)}`);
	} else if (queueText && (!QUEUE_TRIMMED || WRITE)) {
		fs.writeFileSync(DOC, `${withQueueSection(old, queueText).trimEnd()}\n`);
		log(`queue-mode section written to ${path.relative(REPO, DOC)}`);
	} else log(`BENCH_ONLY is set: ${path.relative(REPO, DOC)} left alone (BENCH_WRITE=1 writes it)`);
}
