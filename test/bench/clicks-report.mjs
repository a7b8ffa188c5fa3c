// The clicks section of docs/maintainers/benchmark.md (part 10): the answer times of the Link Management
// Webhook Trigger and of n8n's own Webhook node, per setup, expression engine and load, and each
// node's capacity, from parts/clicks.mjs's results, between HTML comment markers of its own (a
// clicks-only run rewrites it, a run of other parts keeps it).
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
	trigger: 'Link Management Webhook Trigger (type version 1.1)',
	webhook: "n8n's Webhook node (type version 2, Respond Immediately)",
};
const KINDS = Object.keys(NODE);
const SETUP = {
	regular: 'regular mode (`n8n start`, SQLite)',
	queue: `queue mode: main + 1 worker (\`--concurrency=${CLICKS.concurrency}\`) + 1 webhook process (\`n8n webhook\`), Redis, PostgreSQL`,
};
const ENGINE = {
	default: "n8n's defaults",
	lazy: '`N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true`',
	pool: '`N8N_EXPRESSION_ENGINE_POOL_SIZE=8`',
};
const LOAD = {
	single: `${CLICKS.single} clicks one at a time`,
	steady: `${CLICKS.n} clicks at ${CLICKS.perSecond} a second`,
	...Object.fromEntries(CLICKS.bursts.map((size) => [`burst${size}`, `${size} clicks at once`])),
};
const ok = (d) => d.status >= 200 && d.status < 300;

/** The answer times of `deliveries`: count, 2xx, what came instead, median, p95, max. */
function answerStats(deliveries) {
	const sorted = deliveries.map((d) => d.ms).toSorted((a, b) => a - b);
	const other = {};
	for (const d of deliveries.filter((x) => !ok(x))) {
		// what came instead: a status, or why no answer came (the sandbox gives up after 30 s)
		const what = d.status ?? String(d.error).replace(/^(\w*Error): .*?(\(.*\))?$/, '$1 $2');
		other[what] = (other[what] ?? 0) + 1;
	}
	return {
		n: sorted.length,
		ok: deliveries.filter(ok).length,
		other,
		median: percentile(sorted, 0.5),
		p95: percentile(sorted, 0.95),
		max: sorted.at(-1),
	};
}

/** Per setup, engine, load and node: the answers of its loads taken together, and the machine's load. */
export function clickStats(loads) {
	const groups = new Map();
	for (const l of loads) {
		const key = `${l.setup}|${l.engine}|${l.load}|${l.kind}`;
		if (!groups.has(key))
			groups.set(key, { setup: l.setup, engine: l.engine, load: l.load, kind: l.kind, loads: [] });
		groups.get(key).loads.push(l);
	}
	return [...groups.values()].map((g) => ({
		...g,
		...answerStats(g.loads.flatMap((l) => l.deliveries)),
		busy: g.loads.map((l) => l.machineBusy),
		// each load's own median: how far one round's result strays from the next
		loadMedians: g.loads.map((l) => answerStats(l.deliveries).median),
		others: Math.max(...g.loads.map((l) => l.others)),
	}));
}

const ms = (v) => (v === undefined ? '–' : `${Math.round(v)} ms`);
const answeredText = (s) =>
	`${s.ok} / ${s.n}${
		Object.keys(s.other).length
			? ` (${Object.entries(s.other)
					.map(([what, n]) => `${n} × ${what}`)
					.join(', ')})`
			: ''
	}`;
const combos = (items) => [
	...new Map(
		items.map((i) => [`${i.setup}|${i.engine}`, { setup: i.setup, engine: i.engine }]),
	).values(),
];

/** The capacity rows: per setup, engine and node, the highest rate answered within the mark. */
function capacityRows(capacity) {
	const rows = [];
	for (const { setup, engine } of combos(capacity))
		for (const kind of KINDS) {
			const steps = capacity
				.filter((c) => c.setup === setup && c.engine === engine && c.kind === kind)
				.map((c) => ({ rate: c.rate, ...answerStats(c.deliveries) }));
			if (!steps.length) continue;
			const within = steps.filter((x) => x.ok === x.n && x.p95 <= CLICKS.capacityP95Ms);
			const best = within.length ? Math.max(...within.map((x) => x.rate)) : 0;
			rows.push([
				setup,
				ENGINE[engine],
				NODE[kind],
				best === Math.max(...CLICKS.capacityRates)
					? `≥ ${best}`
					: best
						? `${best}`
						: `< ${steps[0].rate}`,
				steps
					.map((x) => `${x.rate}/s: ${ms(x.p95)}${x.ok < x.n ? ` (${x.n - x.ok} not 2xx)` : ''}`)
					.join(' · '),
			]);
		}
	return rows;
}

/** Markdown of the clicks section; `meta` is { machine, commit, version }. */
export function clicksSection(c, meta) {
	const m = meta.machine;
	const stats = clickStats(c.loads);
	const of = (setup, engine, load, kind) =>
		stats.find(
			(s) => s.setup === setup && s.engine === engine && s.load === load && s.kind === kind,
		);
	const busy = (s) =>
		`${pct(Math.min(...s.busy))}–${pct(Math.max(...s.busy))}${s.others ? `; ${s.others} other n8n processes` : ''}`;
	const loads = [...new Set(stats.map((s) => s.load))];
	const rows = [];
	const goal = [];
	for (const { setup, engine } of combos(stats))
		for (const load of loads) {
			for (const kind of KINDS) {
				const s = of(setup, engine, load, kind);
				if (s)
					rows.push([
						setup,
						ENGINE[engine],
						LOAD[load],
						NODE[kind],
						answeredText(s),
						ms(s.median),
						ms(s.p95),
						ms(s.max),
						busy(s),
					]);
			}
			const t = of(setup, engine, load, 'trigger');
			const w = of(setup, engine, load, 'webhook');
			if (!t || !w) continue;
			const [medianRatio, p95Ratio] = [t.median / w.median, t.p95 / w.p95];
			const spread = (s) =>
				`${Math.round(Math.min(...s.loadMedians))}–${ms(Math.max(...s.loadMedians))}`;
			goal.push([
				setup,
				ENGINE[engine],
				LOAD[load],
				ratio(medianRatio),
				ratio(p95Ratio),
				`${spread(t)} · ${spread(w)}`,
				engine === 'lazy' ? (Math.max(medianRatio, p95Ratio) <= GOAL ? 'met' : 'not met') : '–',
			]);
		}
	const others = [...new Set([...c.othersBefore, ...c.othersAfter])];
	const setups = [...new Set(stats.map((s) => s.setup))];
	return [
		START,
		'',
		'## 10. Clicks: how long the service waits for n8n',
		'',
		`Measured by \`BENCH_ONLY=clicks npm run bench\` on ${m.date.slice(0, 10)} (${(c.totalMs / 60_000).toFixed(1)} min): package ${meta.version}, commit ${meta.commit}; n8n ${m.n8n} on Node ${m.n8nNode}; ${m.nproc} cores (${m.cpu}), ${m.memory}, load average at the end ${m.loadavg}.${others.length ? ` **The machine was shared**: ${others.length} n8n processes of other work ran beside the bench, so the times are higher than on a quiet machine; compare the two nodes within this run, which took their turns under the same conditions.` : ''}`,
		'',
		`The service posts a notification for each click and redirects the visitor only once n8n has answered it. The sandbox does the same: each of its visitors (a new address each, so that every click is notified) clicks a short link, the sandbox posts the click's notification to a workflow's Production URL, and the time from that post to n8n's answer is one **answer time** (median, p95 and max are over every notification, answered 2xx or not: a notification without an answer counts with the 30 s after which the sandbox gives up, and the visitor waited that long). Each workflow is one node, as the editor adds it: the **${NODE.trigger}** (Link Clicked, Add Link Record off) or **${NODE.webhook}**, the same body posted to each. Loads: ${LOAD.single} (${CLICKS.singlePerSecond} a second, each answered before the next: what one call costs), ${LOAD.steady}, and ${CLICKS.burstRounds} bursts of ${CLICKS.bursts.join(' and of ')} clicks at once; the nodes take turns (one at a time and steady A B B A, bursts A B, B A …), and each load starts once the previous load's executions have ended. Setups: ${setups.map((s) => SETUP[s]).join('; ')}; in queue mode the calls go to the webhook process, which answers and puts the execution in the queue. Each setup runs once per expression engine, on a fresh n8n each time, the setting on every process of the setup: n8n's defaults (one warm isolate, taken by each call to a start node other than n8n's own Webhook node and by each execution, and replaced after); ${ENGINE.lazy} (n8n 2.x builds an isolate only when an expression is evaluated); ${ENGINE.pool} (eight warm isolates: does a bigger pool absorb a burst?). Before the measured loads each node gets ${CLICKS.warmUp} clicks and a burst of ${Math.max(...CLICKS.bursts)} (not counted: the first burst grows n8n's database connection pools, whichever node it goes to). **Machine busy** = the share of all cores' time not idle during that node's loads (this run's n8n processes included).`,
		'',
		table(
			[
				'setup',
				'expression engine',
				'load',
				'node',
				'answered 2xx',
				'median',
				'p95',
				'max',
				'machine busy',
			],
			rows,
		),
		'',
		`**Webhook trigger ÷ Webhook node** (goal, with ${ENGINE.lazy}: the trigger's median and p95 each at most ${GOAL}× the Webhook node's in the same run; with the other engines the ratio is what n8n 2.x charges every start node but its own Webhook node). Each node gets each load more than once, in turn with the other; the lowest and highest of its loads' medians show how far one load strays from the next on this machine, which is how far apart two equal nodes can land:`,
		'',
		table(
			[
				'setup',
				'expression engine',
				'load',
				'median ratio',
				'p95 ratio',
				"each load's median: trigger · Webhook node",
				'goal',
			],
			goal,
		),
		'',
		`**Capacity**: clicks a second that one n8n answers within ${CLICKS.capacityP95Ms} ms at p95, every click answered 2xx (in queue mode: one webhook process). After the loads above, each node gets ${CLICKS.capacitySeconds} s of clicks at ${CLICKS.capacityRates.join(', ')} a second in turn, each rate once its previous load's executions have ended, until its p95 passes ${CLICKS.capacityP95Ms} ms; the executions run on the same machine (regular mode: in the same process).`,
		'',
		table(
			[
				'setup',
				'expression engine',
				'node',
				`clicks a second within ${CLICKS.capacityP95Ms} ms at p95`,
				'p95 at each rate tried',
			],
			capacityRows(c.capacity),
		),
		'',
		`Executions: ${c.executions
			.map(
				(e) =>
					`${e.setup} (${e.engine}), ${{ trigger: 'webhook trigger', webhook: 'Webhook node' }[e.kind]}: ${e.executions} for ${e.sent} clicks answered 2xx (lost ${e.lost}, twice ${e.twice}, failed ${e.failed})`,
			)
			.join('; ')}.`,
		'',
		END,
	].join('\n');
}
