// Settings of the sandbox: the options object, its defaults and the CLI/env parser.

import type { NotificationUrls } from './notifications';
import { parsePlanFeatures, PlanFeature } from './plan';
import type { Profile, ProfileSwitches } from './profile';
import type { KeyScopes } from './users';
import { parseScopedKeys } from './users';
import { parseSwitch, PROFILE_DEFAULTS, PROFILE_FLAGS, PROFILE_USAGE } from './profile';

export type ResetFormat = 'unix' | 'unix-ms' | 'seconds' | 'http-date';
export const RESET_FORMATS: readonly ResetFormat[] = ['unix', 'unix-ms', 'seconds', 'http-date'];

/** Fault kinds. `5xx` picks 502 or 503 at random; `502`/`503` force one of them. */
export type FaultKind = '5xx' | '502' | '503' | 'drop' | 'slow' | '429';
export const FAULT_KINDS: readonly FaultKind[] = ['5xx', '502', '503', 'drop', 'slow', '429'];

export interface FaultRequestInfo {
	/** 1-based number of the request since start (or the last reset). */
	n: number;
	method: string;
	/** Path as requested, including any basePath, without the query string. */
	path: string;
}

export type FaultDecider = (req: FaultRequestInfo) => FaultKind | null | undefined;

export interface FaultOptions {
	/** Share (0..1) of requests answered 502 or 503. */
	rate5xx: number;
	/** Share of requests whose socket is destroyed without an answer. */
	rateDrop: number;
	/** Share of requests delayed by `slowMs` before being handled. */
	rateSlow: number;
	slowMs: number;
	/** Share of requests answered 429 although budget remains. */
	rate429: number;
	/** Consumed one entry per request, in order; once used up the rates apply again. */
	script: Array<FaultKind | null>;
	/** Asked after the script is used up; a non-null answer wins over the rates. */
	decide?: FaultDecider;
	/** Apply the request first, then fault (emulates "server applied it but the answer was lost"). */
	applyThenFault: boolean;
}

export type SeedCollection =
	| 'campaigns'
	| 'splash'
	| 'qr'
	| 'links'
	| 'channels'
	| 'pixels'
	| 'overlays'
	| 'domains'
	| 'channelItems';
export const SEED_COLLECTIONS: readonly SeedCollection[] = [
	'campaigns',
	'splash',
	'qr',
	'links',
	'channels',
	'pixels',
	'overlays',
	'domains',
	'channelItems',
];

/** Per-collection record counts; `channelItems` are the items placed in channel 1. */
export type SeedCounts = Record<SeedCollection, number>;

export interface SandboxOptions extends ProfileSwitches {
	/** `reference` (the default) or `family`: see profile.ts; it gives the switches their defaults. */
	profile: Profile;
	/** 0 = any free port. */
	port: number;
	apiKey: string;
	/** Requests per window; 0 disables rate limiting (and its headers). */
	rateLimit: number;
	rateWindowMs: number;
	resetFormat: ResetFormat;
	/** A number seeds every collection with that many records; an object overrides per collection. */
	seed: number | Partial<SeedCounts>;
	faults: Partial<FaultOptions>;
	/** `http`: errors use 400/401/404/429; `200`: every `{error: 1}` answer is sent with HTTP 200. */
	errorStatus: 'http' | 200;
	/** Seed of the random generator used for faults (repeatable runs). */
	randomSeed: number;
	/** Sub-folder prefix, e.g. `/short` serves `/short/api/...`. */
	basePath: string;
	/** Clock in ms since epoch; tests may replace it to control rate-limit windows. */
	now: () => number;
	/** `GET /api/urls` reads `q` and `short`; off, it ignores them (installations without them). */
	linkSearch: boolean;
	/** `GET /api/url/:id`: `data` answers `{details, data}`; `id` a top-level `id` and no `data`. */
	linkDetails: LinkDetailsForm;
	/** Link features the plan lacks: create and update refuse a link that uses one. */
	planLacks: PlanFeature[];
	/** Keys with scopes (the administrator's), by key: each reaches only its scopes' routes. */
	scopedKeys: Record<string, KeyScopes>;
	/** Where a new link and a click are notified (notifications.ts); unset: nowhere. */
	notificationUrls: NotificationUrls;
}

export type LinkDetailsForm = 'data' | 'id';

export const DEFAULT_SEED = 5;

export const DEFAULT_FAULTS: FaultOptions = {
	rate5xx: 0,
	rateDrop: 0,
	rateSlow: 0,
	slowMs: 2000,
	rate429: 0,
	script: [],
	applyThenFault: false,
};

export const DEFAULT_OPTIONS: SandboxOptions = {
	...PROFILE_DEFAULTS.reference,
	profile: 'reference',
	port: 0,
	apiKey: 'sandbox-key',
	rateLimit: 30,
	rateWindowMs: 60_000,
	resetFormat: 'unix',
	seed: DEFAULT_SEED,
	faults: {},
	errorStatus: 'http',
	randomSeed: 1,
	basePath: '',
	now: () => Date.now(),
	linkSearch: true,
	linkDetails: 'data',
	planLacks: [],
	scopedKeys: {},
	notificationUrls: {},
};

export const CLI_DEFAULT_PORT = 4010;

export function resolveOptions(partial: Partial<SandboxOptions> = {}): SandboxOptions {
	const given = stripUndefined(partial);
	const profile = PROFILE_DEFAULTS[given.profile ?? DEFAULT_OPTIONS.profile];
	const merged: SandboxOptions = { ...DEFAULT_OPTIONS, ...profile, ...given };
	merged.basePath = normalizeBasePath(merged.basePath);
	merged.faults = resolveFaults(merged.faults);
	merged.planLacks = parsePlanFeatures(merged.planLacks.join(','));
	return merged;
}

export function resolveFaults(faults: Partial<FaultOptions> = {}): FaultOptions {
	const merged: FaultOptions = { ...DEFAULT_FAULTS, ...stripUndefined(faults) };
	merged.script = [...merged.script];
	return merged;
}

export function resolveSeed(seed: number | Partial<SeedCounts>): SeedCounts {
	const base = typeof seed === 'number' ? seed : DEFAULT_SEED;
	const overrides = typeof seed === 'number' ? {} : seed;
	const counts = {} as SeedCounts;
	for (const key of SEED_COLLECTIONS) counts[key] = overrides[key] ?? base;
	return counts;
}

export function normalizeBasePath(basePath: string): string {
	const trimmed = basePath.trim().replace(/\/+$/, '');
	if (trimmed === '') return '';
	return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
	const out: Partial<T> = {};
	for (const key of Object.keys(value) as Array<keyof T>) {
		if (value[key] !== undefined) out[key] = value[key];
	}
	return out;
}

// ---------------------------------------------------------------- CLI / env parsing

type Setter = (
	options: Partial<SandboxOptions>,
	faults: Partial<FaultOptions>,
	raw: string,
) => void;

const FLAGS: Record<string, Setter> = {
	port: (o, _f, v) => (o.port = parseInteger('--port', v, 0, 65535)),
	'api-key': (o, _f, v) => (o.apiKey = parseNonEmpty('--api-key', v)),
	'rate-limit': (o, _f, v) =>
		(o.rateLimit = v.trim().toLowerCase() === 'off' ? 0 : parseInteger('--rate-limit', v, 0)),
	'rate-window-ms': (o, _f, v) => (o.rateWindowMs = parseInteger('--rate-window-ms', v, 1)),
	'reset-format': (o, _f, v) => (o.resetFormat = parseResetFormat(v)),
	seed: (o, _f, v) => (o.seed = parseInteger('--seed', v, 0)),
	'max-limit': (o, _f, v) =>
		(o.maxLimit = v.trim().toLowerCase() === 'none' ? 0 : parseInteger('--max-limit', v, 1)),
	'error-status': (o, _f, v) => (o.errorStatus = parseErrorStatus(v)),
	'base-path': (o, _f, v) => (o.basePath = v),
	'random-seed': (o, _f, v) => (o.randomSeed = parseInteger('--random-seed', v, 0)),
	'fault-5xx': (_o, f, v) => (f.rate5xx = parseRate('--fault-5xx', v)),
	'fault-drop': (_o, f, v) => (f.rateDrop = parseRate('--fault-drop', v)),
	'fault-slow': (_o, f, v) => (f.rateSlow = parseRate('--fault-slow', v)),
	'fault-slow-ms': (_o, f, v) => (f.slowMs = parseInteger('--fault-slow-ms', v, 0)),
	'fault-429': (_o, f, v) => (f.rate429 = parseRate('--fault-429', v)),
	'apply-then-fault': (_o, f, v) => (f.applyThenFault = parseBoolean('--apply-then-fault', v)),
	'link-search': (o, _f, v) => (o.linkSearch = parseBoolean('--link-search', v)),
	'link-details': (o, _f, v) => (o.linkDetails = parseLinkDetails(v)),
	'plan-lacks': (o, _f, v) => (o.planLacks = parsePlanFeatures(v)),
	// Given again, it adds keys.
	'scoped-keys': (o, _f, v) => (o.scopedKeys = { ...o.scopedKeys, ...parseScopedKeys(v) }),
	'notify-created': (o, _f, v) =>
		(o.notificationUrls = { ...o.notificationUrls, created: parseHttpUrl('--notify-created', v) }),
	'notify-clicked': (o, _f, v) =>
		(o.notificationUrls = { ...o.notificationUrls, clicked: parseHttpUrl('--notify-clicked', v) }),
	...Object.fromEntries(
		Object.entries(PROFILE_FLAGS).map(([name, set]): [string, Setter] => [
			name,
			(o, _f, v) => set(o, v),
		]),
	),
};

/** Flags that may be given without a value. */
const BOOLEAN_FLAGS = new Set(['apply-then-fault']);

export const USAGE = `Usage: ts-node --transpile-only test/sandbox/cli.ts [flags]
  --port N              port on 127.0.0.1 (default 4010; 0 = any free port)   env SANDBOX_PORT
  --api-key KEY         accepted bearer key (default sandbox-key)             env SANDBOX_API_KEY
  --rate-limit N|off    requests per window (default 30; 0/off disables)      env SANDBOX_RATE_LIMIT
  --rate-window-ms MS   window length (default 60000)                         env SANDBOX_RATE_WINDOW_MS
  --reset-format F      unix | unix-ms | seconds | http-date (default unix)   env SANDBOX_RESET_FORMAT
  --seed N              records per collection (default 5)                    env SANDBOX_SEED
  --max-limit N|none    largest page size (default 100; family: none)         env SANDBOX_MAX_LIMIT
  --error-status S      http | 200 (default http)                             env SANDBOX_ERROR_STATUS
  --base-path P         sub-folder prefix, e.g. /short                        env SANDBOX_BASE_PATH
  --random-seed N       seed of the fault random generator (default 1)        env SANDBOX_RANDOM_SEED
  --fault-5xx RATE      share 0..1 answered 502/503                           env SANDBOX_FAULT_5XX
  --fault-drop RATE     share 0..1 dropped without answer                     env SANDBOX_FAULT_DROP
  --fault-slow RATE     share 0..1 delayed (default 1 if only --fault-slow-ms) env SANDBOX_FAULT_SLOW
  --fault-slow-ms MS    delay of slow requests (default 2000)                 env SANDBOX_FAULT_SLOW_MS
  --fault-429 RATE      share 0..1 answered 429 although budget remains       env SANDBOX_FAULT_429
  --apply-then-fault    apply the request, then fault                         env SANDBOX_APPLY_THEN_FAULT
  --link-search on|off  GET /api/urls reads q and short (default on)          env SANDBOX_LINK_SEARCH
  --link-details F      GET /api/url/:id as data | id (default data)          env SANDBOX_LINK_DETAILS
  --plan-lacks LIST     link features refused, e.g. geotarget,alias (none)    env SANDBOX_PLAN_LACKS
  --scoped-keys LIST    keys with scopes, e.g. "qr-key=qr links-key=links,qr" env SANDBOX_SCOPED_KEYS
  --notify-created URL  POST each link created to URL (notification URL)      env SANDBOX_NOTIFY_CREATED
  --notify-clicked URL  POST each click of a short URL to URL                 env SANDBOX_NOTIFY_CLICKED
${PROFILE_USAGE}
  --help                show this text`;

/**
 * Parses CLI flags (`--name value` or `--name=value`) over `SANDBOX_*` env vars.
 * Flags win over env vars. The port defaults to 4010 (the CLI default). Throws on bad input.
 */
export function parseSandboxArgs(
	argv: readonly string[],
	env: Record<string, string | undefined> = {},
): Partial<SandboxOptions> {
	const options: Partial<SandboxOptions> = { port: CLI_DEFAULT_PORT };
	const faults: Partial<FaultOptions> = {};
	for (const name of Object.keys(FLAGS)) {
		const value = env[envName(name)];
		if (value !== undefined && value !== '') FLAGS[name](options, faults, value);
	}
	for (const [name, value] of readFlags(argv)) FLAGS[name](options, faults, value);
	if (faults.slowMs !== undefined && faults.rateSlow === undefined) faults.rateSlow = 1;
	if (Object.keys(faults).length > 0) options.faults = faults;
	return options;
}

function readFlags(argv: readonly string[]): Array<[string, string]> {
	const out: Array<[string, string]> = [];
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i];
		if (!arg.startsWith('--')) throw new Error(`Unexpected argument '${arg}'.\n${USAGE}`);
		const eq = arg.indexOf('=');
		const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
		if (!(name in FLAGS)) throw new Error(`Unknown flag --${name}.\n${USAGE}`);
		if (eq !== -1) {
			out.push([name, arg.slice(eq + 1)]);
		} else if (
			BOOLEAN_FLAGS.has(name) &&
			(argv[i + 1] === undefined || argv[i + 1].startsWith('--'))
		) {
			out.push([name, 'true']);
		} else {
			const value = argv[++i];
			if (value === undefined) throw new Error(`Flag --${name} needs a value.`);
			out.push([name, value]);
		}
	}
	return out;
}

function envName(flag: string): string {
	return `SANDBOX_${flag.toUpperCase().replace(/-/g, '_')}`;
}

function parseInteger(
	flag: string,
	raw: string,
	min: number,
	max = Number.MAX_SAFE_INTEGER,
): number {
	const value = Number(raw.trim());
	if (!/^\d+$/.test(raw.trim()) || value < min || value > max) {
		throw new Error(
			`${flag} expects an integer from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ''}, got '${raw}'.`,
		);
	}
	return value;
}

function parseRate(flag: string, raw: string): number {
	const value = Number(raw.trim());
	if (raw.trim() === '' || !Number.isFinite(value) || value < 0 || value > 1) {
		throw new Error(`${flag} expects a share from 0 to 1, got '${raw}'.`);
	}
	return value;
}

function parseHttpUrl(flag: string, raw: string): string {
	if (!/^https?:\/\/[^/\s]+/i.test(raw.trim())) {
		throw new Error(`${flag} expects an http(s) address, got '${raw}'.`);
	}
	return raw.trim();
}

function parseNonEmpty(flag: string, raw: string): string {
	if (raw.trim() === '') throw new Error(`${flag} must not be empty.`);
	return raw;
}

function parseBoolean(flag: string, raw: string): boolean {
	return parseSwitch(flag, raw, 'true or false');
}

function parseResetFormat(raw: string): ResetFormat {
	const value = raw.trim().toLowerCase() as ResetFormat;
	if (!RESET_FORMATS.includes(value)) {
		throw new Error(`--reset-format expects one of ${RESET_FORMATS.join(', ')}, got '${raw}'.`);
	}
	return value;
}

function parseLinkDetails(raw: string): LinkDetailsForm {
	const value = raw.trim().toLowerCase();
	if (value === 'data' || value === 'id') return value;
	throw new Error(`--link-details expects 'data' or 'id', got '${raw}'.`);
}

function parseErrorStatus(raw: string): 'http' | 200 {
	const value = raw.trim().toLowerCase();
	if (value === 'http') return 'http';
	if (value === '200') return 200;
	throw new Error(`--error-status expects 'http' or '200', got '${raw}'.`);
}
