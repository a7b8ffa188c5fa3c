/**
 * The IP(s) Allowlist: IPv4 and IPv6 addresses and CIDR ranges, read and matched here because
 * n8n's lint keeps `node:net` out of community nodes. Every address is held as 16 bytes, an IPv4
 * one as IPv6 writes it (`::ffff:a.b.c.d`), so that an IPv4 caller matches its IPv4 entry however
 * n8n's server shows it. Only unambiguous forms are read: four decimal octets without leading
 * zeros (`010.0.0.1` means 8.0.0.1 to some programs, 10.0.0.1 to others), IPv6 as RFC 4291 writes
 * it (an IPv4 address in its last 32 bits too). A zone (`fe80::1%eth0`) is allowed and ignored:
 * it names a network interface of the machine, not another address.
 */

/** A CIDR range (an address is one of `/32` or `/128`), in the 16-byte form. */
export interface AddressRange {
	bytes: Uint8Array;
	prefix: number;
}

export type AllowlistReading =
	| { kind: 'everyone' }
	| { kind: 'ranges'; ranges: AddressRange[] }
	| { kind: 'wrong'; entries: string[] };

const IPV4_MAPPED_PREFIX = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff];
const DECIMAL = /^(0|[1-9]\d{0,2})$/;
const HEXTET = /^[0-9a-f]{1,4}$/i;

/** The allowlist as typed: empty allows every caller; any entry not understood is named. */
export function readAllowlist(text: unknown): AllowlistReading {
	const entries = String(text ?? '')
		.split(',')
		.map((entry) => entry.trim())
		.filter(Boolean);
	if (entries.length === 0) return { kind: 'everyone' };
	const ranges: AddressRange[] = [];
	const wrong: string[] = [];
	for (const entry of entries) {
		const range = parseRange(entry);
		if (range) ranges.push(range);
		else wrong.push(entry);
	}
	return wrong.length ? { kind: 'wrong', entries: wrong } : { kind: 'ranges', ranges };
}

/** Whether the caller's address (as n8n resolved it) lies in one of the ranges. */
export function isAllowed(ranges: readonly AddressRange[], caller: string | undefined): boolean {
	const address = caller === undefined ? undefined : parseAddress(caller.trim());
	if (!address) return false;
	return ranges.some((range) => inRange(address, range));
}

/** `a.b.c.d`, an IPv6 address, either with `/prefix`. */
export function parseRange(text: string): AddressRange | undefined {
	const [address, prefixText, ...rest] = text.split('/');
	if (rest.length) return undefined;
	const bytes = parseAddress(address);
	if (!bytes) return undefined;
	const isIpv4 = !address.includes(':');
	const width = isIpv4 ? 32 : 128;
	if (prefixText === undefined) return { bytes, prefix: 128 };
	if (!DECIMAL.test(prefixText) || Number(prefixText) > width) return undefined;
	// An IPv4 prefix counts from the 96 bits that put it among IPv6 addresses.
	return { bytes, prefix: Number(prefixText) + (isIpv4 ? 96 : 0) };
}

/** An IPv4 or IPv6 address as 16 bytes (IPv4 mapped into IPv6), or undefined. */
export function parseAddress(text: string): Uint8Array | undefined {
	if (text.includes(':')) return parseIpv6(text);
	const ipv4 = parseIpv4(text);
	return ipv4 && Uint8Array.from([...IPV4_MAPPED_PREFIX, ...ipv4]);
}

function parseIpv4(text: string): number[] | undefined {
	const parts = text.split('.');
	if (parts.length !== 4 || !parts.every((part) => DECIMAL.test(part))) return undefined;
	const octets = parts.map(Number);
	return octets.every((octet) => octet <= 255) ? octets : undefined;
}

function parseIpv6(text: string): Uint8Array | undefined {
	const zoneAt = text.indexOf('%');
	if (zoneAt === text.length - 1) return undefined;
	const address = zoneAt === -1 ? text : text.slice(0, zoneAt);
	const halves = address.split('::');
	if (halves.length > 2) return undefined;
	const groups = halves.map((half) => (half === '' ? [] : half.split(':')));
	const words = groups.map(wordsOf);
	if (words.some((half) => half === undefined)) return undefined;
	// An IPv4 address may end the address only.
	if (halves.length === 2 && groups[0].some((group) => group.includes('.'))) return undefined;
	const [head, tail = []] = words as number[][];
	const count = head.length + tail.length;
	const filled =
		halves.length === 2
			? count <= 7 && [...head, ...Array<number>(8 - count).fill(0), ...tail]
			: count === 8 && head;
	if (!filled) return undefined;
	return Uint8Array.from(filled.flatMap((word) => [word >> 8, word & 0xff]));
}

/** The 16-bit words of groups, the last of which may be an IPv4 address (two words). */
function wordsOf(groups: string[]): number[] | undefined {
	const words: number[] = [];
	for (const [index, group] of groups.entries()) {
		if (group.includes('.') && index === groups.length - 1) {
			const ipv4 = parseIpv4(group);
			if (!ipv4) return undefined;
			words.push((ipv4[0] << 8) | ipv4[1], (ipv4[2] << 8) | ipv4[3]);
		} else if (HEXTET.test(group)) {
			words.push(parseInt(group, 16));
		} else {
			return undefined;
		}
	}
	return words;
}

function inRange(address: Uint8Array, { bytes, prefix }: AddressRange): boolean {
	for (let bit = 0; bit < prefix; bit += 8) {
		const bitsHere = Math.min(8, prefix - bit);
		const mask = (0xff << (8 - bitsHere)) & 0xff;
		if ((address[bit / 8] & mask) !== (bytes[bit / 8] & mask)) return false;
	}
	return true;
}
