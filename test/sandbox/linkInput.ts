// The body of a link create or update, checked field by field. Each refusal is a 400 ApiError
// (the family answers it with HTTP 200) whose message names the field and what it expects.

import { badRequest } from './http';
import type { RouteContext } from './listing';
import { checkPlan } from './plan';
import type { Collection, LinkSettings, LinkType, Store } from './store';
import { isHttpUrl, optionalString, requiredHttpUrl } from './validate';

type Body = Record<string, unknown>;

export interface LinkChanges {
	longurl: string;
	/** The custom alias, when one was given. */
	alias?: string;
	/** The settings given; on update, those left out keep their stored value. */
	settings: Partial<LinkSettings>;
}

/** Addresses below the sandbox's root that its other pages use: no alias may take them. */
const RESERVED_ALIASES = ['api', 'qr', 'r', 'campaigns', 'content', 'preview', 'bio'];
const MAX_ALIAS_LENGTH = 100;

/** Reads a create or update body (`url` is required in both); `linkId` is the link updated. */
export function readLink({ body, store, options }: RouteContext, linkId?: number): LinkChanges {
	const longurl = requiredHttpUrl(body, 'url');
	checkPlan(body, options.planLacks);
	const read: { [K in keyof LinkSettings]: () => LinkSettings[K] | undefined } = {
		description: () => optionalString(body, 'description'),
		password: () => (body.password === null ? null : orNull(optionalString(body, 'password'))),
		expiry: () => expiry(body),
		type: () => linkType(body, store),
		domain: () => domainId(body, store),
		pixels: () => pixelIds(body, store),
		campaign: () => existingId(body, 'campaign', store.campaigns),
		channel: () => existingId(body, 'channel', store.channels),
		status: () => status(body),
		metatitle: () => optionalString(body, 'metatitle'),
		metadescription: () => optionalString(body, 'metadescription'),
		metaimage: () => metaimage(body),
		geotarget: () => rows(body, 'geotarget', 'location', 'link'),
		devicetarget: () => rows(body, 'devicetarget', 'device', 'link'),
		languagetarget: () => rows(body, 'languagetarget', 'language', 'link'),
		parameters: () => rows(body, 'parameters', 'name', 'value'),
		deeplink: () => deeplink(body),
	};
	const settings: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(read)) {
		const given = value();
		if (given !== undefined) settings[key] = given;
	}
	return { longurl, alias: customAlias(body, store, linkId), settings };
}

/** A random alias no link has (repeatable: drawn from the link's ID). */
export function randomAlias(store: Store, id: number): string {
	for (let attempt = 0; ; attempt++) {
		const hash = Math.imul(id + attempt * 7919, 2654435761) >>> 0;
		const alias = hash.toString(36).padStart(6, '0').slice(-6);
		if (!store.linkByAlias(alias) && !RESERVED_ALIASES.includes(alias)) return alias;
	}
}

function customAlias(body: Body, store: Store, linkId?: number): string | undefined {
	const alias = optionalString(body, 'custom');
	if (alias === undefined || alias === '') return undefined;
	if (/[\s/?#\\]/.test(alias) || alias === '.' || alias === '..') {
		throw badRequest(
			`Field 'custom' must be usable in a URL path (no spaces, '/', '?', '#' or '\\'), got '${alias}'.`,
		);
	}
	if (alias.length > MAX_ALIAS_LENGTH) {
		throw badRequest(`Field 'custom' may have at most ${MAX_ALIAS_LENGTH} characters.`);
	}
	if (RESERVED_ALIASES.includes(alias.toLowerCase())) {
		throw badRequest(`The alias '${alias}' is reserved. Please choose another one.`);
	}
	const holder = store.linkByAlias(alias);
	if (holder && holder.id !== linkId) {
		throw badRequest(`The alias '${alias}' is already taken. Please choose another one.`);
	}
	return alias;
}

const orNull = (value: string | undefined) => (value === '' ? null : value);

/** An ID sent as a number or as digits; undefined when it is neither. */
function idOf(value: unknown): number | undefined {
	const id = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
	return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** The ID of an existing record; `null` (or '') clears it; left out: undefined. */
function existingId<T extends { id: number }>(body: Body, field: string, records: Collection<T>) {
	const value = body[field];
	if (value === undefined) return undefined;
	if (value === null || value === '') return null;
	const id = idOf(value);
	if (id === undefined) throw badRequest(`Field '${field}' must be an ID, got '${String(value)}'.`);
	if (!records.get(id)) {
		throw badRequest(`Field '${field}': ${records.label.toLowerCase()} ${id} does not exist.`);
	}
	return id;
}

/** A branded domain by ID, or (as older versions took it) by its address. */
function domainId(body: Body, store: Store): number | null | undefined {
	const value = body.domain;
	const address = typeof value === 'string' ? value.trim().replace(/\/+$/, '').toLowerCase() : '';
	if (address !== '' && idOf(value) === undefined) {
		const domain = store.domains.list().find((d) => d.domain.toLowerCase() === address);
		if (domain) return domain.id;
		throw badRequest(
			`Field 'domain' must be the ID or address of a branded domain, got '${value}'.`,
		);
	}
	return existingId(body, 'domain', store.domains);
}

function pixelIds(body: Body, store: Store): number[] | undefined {
	const value = body.pixels;
	if (value === undefined || value === null) return undefined;
	const ids = Array.isArray(value) ? value.map(idOf) : [undefined];
	return ids.map((id) => {
		if (id === undefined) throw badRequest(`Field 'pixels' must be an array of pixel IDs.`);
		if (!store.pixels.get(id)) throw badRequest(`Field 'pixels': pixel ${id} does not exist.`);
		return id;
	});
}

function linkType(body: Body, store: Store): LinkType | undefined {
	const value = body.type;
	if (value === undefined || value === null || value === '') return undefined;
	if (value === 'direct' || value === 'frame' || value === 'splash') return value;
	const id = idOf(value);
	if (id === undefined) {
		throw badRequest(
			`Field 'type' must be direct, frame, splash or the ID of a CTA overlay, got '${String(value)}'.`,
		);
	}
	if (!store.overlays.get(id)) throw badRequest(`Field 'type': CTA overlay ${id} does not exist.`);
	return id;
}

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

function expiry(body: Body): string | null | undefined {
	const value = body.expiry === null ? null : orNull(optionalString(body, 'expiry'));
	if (value === undefined || value === null) return value;
	const date = new Date(`${value.replace(' ', 'T')}Z`);
	if (
		!TIMESTAMP.test(value) ||
		Number.isNaN(date.getTime()) ||
		!date.toISOString().startsWith(value.replace(' ', 'T'))
	) {
		throw badRequest(
			`Field 'expiry' must be a date and time like 2025-12-31 23:59:59, got '${value}'.`,
		);
	}
	return value;
}

function status(body: Body): 'public' | 'private' | undefined {
	const value = optionalString(body, 'status');
	if (value === undefined || value === 'public' || value === 'private') return value;
	throw badRequest(`Field 'status' must be public or private, got '${value}'.`);
}

function metaimage(body: Body): string | undefined {
	const value = optionalString(body, 'metaimage');
	if (value === undefined || value === '') return value;
	let path = '';
	try {
		const url = new URL(value);
		if (url.protocol === 'http:' || url.protocol === 'https:') path = url.pathname;
	} catch {
		// refused below
	}
	if (!/\.(jpe?g|png)$/i.test(path)) {
		throw badRequest(
			`Field 'metaimage' must be the http(s) address of a .jpg or .png image, got '${value}'.`,
		);
	}
	return value;
}

/** Rows of two non-empty string fields; a `link` must be an http(s) address. */
function rows<A extends string, B extends string>(
	body: Body,
	field: string,
	first: A,
	second: B,
): Array<Record<A | B, string>> | undefined {
	const value = body[field];
	if (value === undefined || value === null) return undefined;
	if (!Array.isArray(value)) {
		throw badRequest(`Field '${field}' must be an array of {${first}, ${second}}.`);
	}
	return value.map((row: unknown, i) => {
		const record = (row ?? {}) as Record<string, unknown>;
		const [a, b] = [record[first], record[second]];
		if (typeof a !== 'string' || a.trim() === '' || typeof b !== 'string' || b.trim() === '') {
			throw badRequest(`Field '${field}' row ${i + 1} needs both '${first}' and '${second}'.`);
		}
		if (second === 'link' && !isHttpUrl(b)) {
			throw badRequest(
				`Field '${field}' row ${i + 1}: 'link' must start with http:// or https://, got '${b}'.`,
			);
		}
		return { [first]: a, [second]: b } as Record<A | B, string>;
	});
}

function deeplink(body: Body): LinkSettings['deeplink'] | undefined {
	const value = body.deeplink;
	if (value === undefined) return undefined;
	if (value === null || value === '') return null;
	const record = value as Record<string, unknown>;
	const ok = (part: unknown) => part === undefined || part === null || typeof part === 'string';
	if (
		typeof value !== 'object' ||
		Array.isArray(value) ||
		!ok(record.apple) ||
		!ok(record.google)
	) {
		throw badRequest(`Field 'deeplink' must be an object {apple, google} of addresses.`);
	}
	const apple = String(record.apple ?? '');
	const google = String(record.google ?? '');
	return apple === '' && google === '' ? null : { apple, google };
}
