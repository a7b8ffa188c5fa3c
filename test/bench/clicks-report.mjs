// The clicks section of docs/benchmark.md (part 10): the answer times of the Link Management
// Webhook Trigger and of n8n's own Webhook node (at its current type version and at 1), per setup and load, from parts/clicks.mjs's
// results, between HTML comment markers of its own (a clicks-only run rewrites it, a run of other
// parts keeps it).
import { markedSection, pct, ratio, table } from './measure.mjs';
import { CLICKS } from './settings.mjs';

const START = '<!-- clicks section: written by `BENCH_ONLY=clicks npm run bench` -->';
const END = '<!-- end of the clicks section -->';
const GOAL = 1.1;

const SECTION = markedSection(START, END);
/** The clicks section of a benchmark.md text ('' when it has none). */
export const clicksSectionOf = SECTION.of;
/** `doc` with its clicks section replaced by `section` (appended when it has none). */
export const withClicksSection = SECTION.within;

/** The value below which `share` of the sorted `values` lie (nearest rank). */
export function percentile(sorted, share) {
	return sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)];
}

const NODE = {
	trigger: 'Link Management Webhook Trigger',
	webhook: "n8n's Webhook node (Respond Immediately)",
	webhookV1: "n8n's Webhook node at type version 1 (Respond Immediately)",
};
const KINDS = Object.keys(NODE);
const SETUP = {
	regular: 'regular mode (`n8n start`, SQLite)',
	queue: `queue mode: main + 1 worker (\`--concurrency=${CLICKS.concurrency}\`) + 1 webhook process (\`n8n webhook\`), Redis, PostgreSQL`,
};
const LOAD = {
	single: `${CLICKS.single} clicks one at a time`,
	steady: `${CLICKS.n} clicks at ${CLICKS.perSecond} a second`,
	burst: `${CLICKS.burst} clicks at once`,
};

/** Per setup, load and node: the answers' count, 2xx, median, p95, max, and the machine's load. */
export function clickStats(loads) {
	const groups = new Map();
	for (const l of loads) {
		const key = `${l.setup}|${l.load}|${l.kind}`;
		if (!groups.has(key))
			groups.set(key, { setup: l.setup, load: l.load, kind: l.kind, ms: [], loads: [] });
		const g = groups.get(key);
		g.ms.push(...l.deliveries.map((d) => d.ms));
		g.ok = (g.ok ?? 0) + l.deliveries.filter((d) => d.status >= 200 && d.status < 300).length;
		g.other ??= {};
		for (const d of l.deliveries.filter((x) => !(x.status >= 200 && x.status < 300))) {
			// what came instead: a status, or why no answer came (the sandbox gives up after 30 s)
			const what = d.status ?? String(d.error).replace(/^(\w*Error): .*?(\(.*\))?$/, '$1 $2');
			g.other[what] = (g.other[what] ?? 0) + 1;
		}
		g.loads.push(l);
	}
	return [...groups.values()].map((g) => {
		const sorted = g.ms.toSorted((a, b) => a - b);
		return {
			...g,
			n: sorted.length,
			median: percentile(sorted, 0.5),
			p95: percentile(sorted, 0.95),
			max: sorted.at(-1),
			busy: g.loads.map((l) => l.machineBusy),
			others: Math.max(...g.loads.map((l) => l.others)),
		};
	});
}

/** Markdown of the clicks section; `meta` is { machine, commit, version }. */
export function clicksSection(c, meta) {
	const m = meta.machine;
	const stats = clickStats(c.loads);
	const of = (setup, load, kind) =>
		stats.find((s) => s.setup === setup && s.load === load && s.kind === kind);
	const ms = (v) => (v === undefined ? '–' : `${Math.round(v)} ms`);
	const busy = (s) =>
		`${pct(Math.min(...s.busy))}–${pct(Math.max(...s.busy))}${s.others ? `; ${s.others} other n8n processes` : ''}`;
	const setups = [...new Set(stats.map((s) => s.setup))];
	const loads = [...new Set(stats.map((s) => s.load))];
	const rows = [];
	for (const setup of setups)
		for (const load of loads)
			for (const kind of KINDS) {
				const s = of(setup, load, kind);
				if (!s) continue;
				rows.push([
					setup,
					LOAD[load],
					NODE[kind],
					`${s.ok} / ${s.n}${
						Object.keys(s.other).length
							? ` (${Object.entries(s.other)
									.map(([what, n]) => `${n} × ${what}`)
									.join(', ')})`
							: ''
					}`,
					ms(s.median),
					ms(s.p95),
					ms(s.max),
					busy(s),
				]);
			}
	const goal = [];
	for (const setup of setups)
		for (const load of loads) {
			const t = of(setup, load, 'trigger');
			const w = of(setup, load, 'webhook');
			if (!t || !w) continue;
			const r = t.p95 / w.p95;
			const v1 = of(setup, load, 'webhookV1');
			goal.push([
				setup,
				LOAD[load],
				ratio(t.median / w.median),
				ratio(r),
				r <= GOAL ? 'met' : 'not met',
				v1 ? ratio(t.p95 / v1.p95) : '–',
			]);
		}
	const others = [...new Set([...c.othersBefore, ...c.othersAfter])];
	return [
		START,
		'',
		'## 10. Clicks: how long the service waits for n8n',
		'',
		`Measured by \`BENCH_ONLY=clicks npm run bench\` on ${m.date.slice(0, 10)} (${(c.totalMs / 60_000).toFixed(1)} min): package ${meta.version}, commit ${meta.commit}; n8n ${m.n8n} on Node ${m.n8nNode}; ${m.nproc} cores (${m.cpu}), ${m.memory}, load average at the end ${m.loadavg}.${others.length ? ` **The machine was shared**: ${others.length} n8n processes of other work ran beside the bench, so the times are higher than on a quiet machine; compare the two nodes within this run, which took their turns under the same conditions.` : ''}`,
		'',
		`The service posts a notification for each click and redirects the visitor only once n8n has answered it. The sandbox does the same: each of its visitors (a new address each, so that every click is notified) clicks a short link, the sandbox posts the click's notification to a workflow's Production URL, and the time from that post to n8n's answer is one **answer time** (median, p95 and max are over every notification, answered 2xx or not: a notification without an answer counts with the 30 s after which the sandbox gives up, and the visitor waited that long). Each workflow is one node: the **${NODE.trigger}** (Link Clicked, Add Link Record off), **${NODE.webhook}** (type version 2, as the editor adds it) or **${NODE.webhookV1}**, the trigger's type version, the same body posted to each. Loads: ${LOAD.single} (${CLICKS.singlePerSecond} a second, each answered before the next: what one call costs), ${LOAD.steady}, and ${CLICKS.burstRounds} bursts of ${LOAD.burst}; the nodes take turns (one at a time and steady A B C C B A, bursts A B C, C B A …), and each load starts once the previous load's executions have ended. Setups: ${setups.map((s) => SETUP[s]).join('; ')}; in queue mode the calls go to the webhook process, which answers and puts the execution in the queue. Before the measured loads each node gets ${CLICKS.warmUp} clicks (not counted). **Machine busy** = the share of all cores' time not idle during that node's loads (this run's n8n processes included).`,
		'',
		table(['setup', 'load', 'node', 'answered 2xx', 'median', 'p95', 'max', 'machine busy'], rows),
		'',
		`Executions: ${c.executions
			.map(
				(e) =>
					`${e.setup}, ${{ trigger: 'webhook trigger', webhook: 'Webhook node', webhookV1: 'Webhook node v1' }[e.kind]}: ${e.executions} for ${e.sent} clicks answered 2xx (lost ${e.lost}, twice ${e.twice}, failed ${e.failed})`,
			)
			.join('; ')}.`,
		'',
		`**Webhook trigger ÷ Webhook node** (goal: the trigger's p95 at most ${GOAL}× the Webhook node's in the same run; last column: the trigger's p95 ÷ that of the Webhook node at type version 1, the trigger's):`,
		'',
		table(['setup', 'load', 'median ratio', 'p95 ratio', 'goal', 'p95 ratio to version 1'], goal),
		'',
		END,
	].join('\n');
}
