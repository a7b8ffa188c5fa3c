// The e2e suite's record: a ✔/✘ line per check as it ends (with its time and note), the timings
// of the steps, and the summary at the end ("e2e: N passed, M failed").
import { fmtSec } from './lib/util.mjs';

/** { name, ok, ms, error?, note? } per check. */
export const results = [];
/** [label, ms] per step, printed as a table by summary(). */
export const timings = [];

export function log(...args) {
	console.log('[e2e]', ...args);
}

/** Runs one check; `fn` may return { note }. Resolves true when it passed (never rejects). */
export async function test(name, fn) {
	const started = Date.now();
	try {
		const note = await fn();
		const ms = Date.now() - started;
		results.push({ name, ok: true, ms });
		log(`  ✔ ${name} (${fmtSec(ms)})${note?.note ? ` — ${note.note}` : ''}`);
		return true;
	} catch (error) {
		const ms = Date.now() - started;
		results.push({ name, ok: false, ms, error });
		log(`  ✘ ${name} (${fmtSec(ms)})\n${indent(error?.stack || String(error))}`);
		return false;
	}
}

const indent = (text) =>
	String(text)
		.split('\n')
		.slice(0, 40)
		.map((line) => `      ${line}`)
		.join('\n');

/** Runs `fn` as a step whose time is printed and kept for the table. */
export async function timed(label, fn) {
	const started = Date.now();
	try {
		return await fn();
	} finally {
		const ms = Date.now() - started;
		timings.push([label, ms]);
		log(`${label}: ${fmtSec(ms)}`);
	}
}

/** Prints the timings, the failed checks and the last line; true when all passed (and any ran). */
export function summary() {
	const passed = results.filter((r) => r.ok).length;
	const failed = results.filter((r) => !r.ok);
	console.log('\n[e2e] timings');
	for (const [labelText, ms] of timings)
		console.log(`  ${labelText.padEnd(58)} ${fmtSec(ms).padStart(9)}`);
	if (failed.length) {
		console.log('\n[e2e] failed:');
		for (const f of failed)
			console.log(`  ✘ ${f.name}: ${String(f.error?.message ?? f.error).split('\n')[0]}`);
	}
	console.log(`\ne2e: ${passed} passed, ${failed.length} failed`);
	return failed.length === 0 && passed > 0;
}
