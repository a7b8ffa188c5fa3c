// Part 11 of the benchmark (BENCH_ONLY=jobs): one key, many jobs. Runs test/bench/many-jobs.ts (the
// node on n8n's engine in a process of its own, against the sandbox at 30 requests per 2-s window)
// on this checkout ("after") and on a worktree of the commit before fair turns ("before",
// JOBS.before), so that both are measured by the same script on the same machine. Sets
// results.jobs; jobs-report.mjs writes its section.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { makeTempDir } from '../../e2e/lib/cleanup.mjs';
import { REPO } from '../../e2e/lib/sandbox.mjs';
import { JOBS, log } from '../settings.mjs';

const SCRIPT = 'test/bench/many-jobs.ts';
const PRELOAD = 'test/bench/engine-preload.cjs';

/** The script's JSON, run on the node's code of `checkout`. */
function measureIn(checkout) {
	const run = spawnSync(
		process.execPath,
		['-r', 'ts-node/register/transpile-only', '-r', `./${PRELOAD}`, SCRIPT],
		{ cwd: checkout, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
	);
	if (run.status !== 0) throw new Error(`${SCRIPT} in ${checkout} failed:\n${run.stderr}`);
	return JSON.parse(run.stdout.trim().split('\n').pop());
}

/** A worktree of `commit` with this checkout's node_modules, removed afterwards. */
function withWorktree(commit, use) {
	const dir = path.join(makeTempDir('lm-bench-before-'), 'checkout');
	const git = (...args) => spawnSync('git', args, { cwd: REPO, encoding: 'utf8' });
	const added = git('worktree', 'add', '--detach', dir, commit);
	if (added.status !== 0) throw new Error(`git worktree add ${commit}: ${added.stderr}`);
	try {
		fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(dir, 'node_modules'));
		// The same measurement on the older code: this checkout's script, there.
		for (const file of [SCRIPT, PRELOAD])
			fs.copyFileSync(path.join(REPO, file), path.join(dir, file));
		return use(dir);
	} finally {
		git('worktree', 'remove', '--force', dir);
	}
}

export async function manyJobsPart({ results }) {
	const started = Date.now();
	log(`one key, many jobs: after (this checkout) ...`);
	const after = measureIn(REPO);
	log(`one key, many jobs: before (${JOBS.before}) ...`);
	const before = withWorktree(JOBS.before, measureIn);
	const engine = JSON.parse(
		fs.readFileSync(path.join(REPO, 'node_modules', 'n8n-core', 'package.json'), 'utf8'),
	).version;
	results.jobs = {
		before,
		after,
		engine,
		beforeCommit: JOBS.before,
		totalMs: Date.now() - started,
	};
}
