// Features of a short link that an account's plan may lack: a create or update that uses one is
// refused (reference: HTTP 403; family: HTTP 200 `{error: 1}`), with the message below.

import { ApiError } from './http';

export const PLAN_FEATURES = [
	'geotarget',
	'devicetarget',
	'languagetarget',
	'alias',
	'domain',
	'pixels',
	'splash',
	'overlay',
	'deeplink',
	'parameters',
] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

const NAMES: Record<PlanFeature, string> = {
	geotarget: 'geo targeting',
	devicetarget: 'device targeting',
	languagetarget: 'language targeting',
	alias: 'custom aliases',
	domain: 'branded domains',
	pixels: 'tracking pixels',
	splash: 'splash pages',
	overlay: 'CTA overlays',
	deeplink: 'deep links',
	parameters: 'link parameters',
};

const given = (value: unknown) =>
	value !== undefined &&
	value !== null &&
	value !== '' &&
	!(Array.isArray(value) && value.length === 0);

/** Whether a create or update body uses the feature. */
const USES: Record<PlanFeature, (body: Record<string, unknown>) => boolean> = {
	geotarget: (body) => given(body.geotarget),
	devicetarget: (body) => given(body.devicetarget),
	languagetarget: (body) => given(body.languagetarget),
	alias: (body) => given(body.custom),
	domain: (body) => given(body.domain),
	pixels: (body) => given(body.pixels),
	splash: (body) => body.type === 'splash',
	overlay: (body) => /^\d+$/.test(String(body.type ?? '')),
	deeplink: (body) => given(body.deeplink),
	parameters: (body) => given(body.parameters),
};

/** Throws for the first feature the body uses that the plan lacks. */
export function checkPlan(body: Record<string, unknown>, lacks: readonly PlanFeature[]): void {
	const used = lacks.find((feature) => USES[feature](body));
	if (used) throw new ApiError(403, `Your plan does not include ${NAMES[used]}.`);
}

/** `--plan-lacks geotarget,alias`: a comma-separated list; empty or `none` for nothing. */
export function parsePlanFeatures(raw: string): PlanFeature[] {
	const names = raw
		.split(',')
		.map((name) => name.trim().toLowerCase())
		.filter((name) => name !== '' && name !== 'none');
	for (const name of names) {
		if (!(PLAN_FEATURES as readonly string[]).includes(name)) {
			throw new Error(
				`--plan-lacks expects features of ${PLAN_FEATURES.join(', ')}, got '${name}'.`,
			);
		}
	}
	return [...new Set(names)] as PlanFeature[];
}
