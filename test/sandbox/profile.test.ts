// The profile option and its switches: defaults per profile, flags and SANDBOX_* variables.

import { parseSandboxArgs, resolveOptions, USAGE } from './server';

describe('resolveOptions', () => {
	// Every switch at the family default (the values the family's installations answer with).
	test.each<[string, unknown]>([
		['profile', 'family'],
		['remaining', 'negative'],
		['rateHeaders', true],
		['maxLimit', 0],
		['defaultLimit', 15],
		['systemDomains', 2],
		['orphanedItems', 15],
		['order', 'newest'],
	])('family: %s is %j', (name, value) => {
		expect(resolveOptions({ profile: 'family' })).toHaveProperty(name, value);
	});

	test('a switch given wins over the profile’s default', () => {
		expect(
			resolveOptions({
				profile: 'family',
				remaining: 'clamped',
				maxLimit: 100,
				rateHeaders: false,
			}),
		).toMatchObject({ remaining: 'clamped', maxLimit: 100, rateHeaders: false, systemDomains: 2 });
		expect(resolveOptions({ systemDomains: 1 })).toMatchObject({
			profile: 'reference',
			systemDomains: 1,
			maxLimit: 100,
		});
	});
});

describe('flags and environment variables', () => {
	test('--profile and the switches, in both forms', () => {
		expect(
			parseSandboxArgs([
				'--profile',
				'family',
				'--remaining=clamped',
				'--rate-headers',
				'off',
				'--max-limit',
				'none',
				'--default-limit',
				'20',
				'--system-domains',
				'3',
				'--orphaned-items=0',
				'--order',
				'oldest',
			]),
		).toEqual({
			port: 4010,
			profile: 'family',
			remaining: 'clamped',
			rateHeaders: false,
			maxLimit: 0,
			defaultLimit: 20,
			systemDomains: 3,
			orphanedItems: 0,
			order: 'oldest',
		});
	});

	test('SANDBOX_PROFILE and the switches’ variables; flags win', () => {
		expect(
			parseSandboxArgs(['--remaining', 'negative'], {
				SANDBOX_PROFILE: 'family',
				SANDBOX_REMAINING: 'clamped',
				SANDBOX_RATE_HEADERS: 'on',
				SANDBOX_MAX_LIMIT: '100',
				SANDBOX_ORDER: 'newest',
			}),
		).toEqual({
			port: 4010,
			profile: 'family',
			remaining: 'negative',
			rateHeaders: true,
			maxLimit: 100,
			order: 'newest',
		});
	});

	test.each([
		[['--profile', 'real']],
		[['--remaining', 'below']],
		[['--rate-headers', 'maybe']],
		[['--system-domains', '-1']],
		[['--orphaned-items', 'many']],
		[['--default-limit', '0']],
		[['--order', 'random']],
		[['--plan-lacks', 'frames']],
		[['--link-details', 'full']],
		[['--link-search', 'maybe']],
	])('refused: %j', (argv) => {
		expect(() => parseSandboxArgs(argv)).toThrow(/expects/);
	});

	test('--help lists the profile, its switches and the link switches', () => {
		for (const flag of [
			'--profile',
			'--remaining',
			'--rate-headers',
			'--default-limit',
			'--system-domains',
			'--orphaned-items',
			'--order',
			'--link-search',
			'--link-details',
			'--plan-lacks',
		]) {
			expect(USAGE).toContain(flag);
		}
	});
});
