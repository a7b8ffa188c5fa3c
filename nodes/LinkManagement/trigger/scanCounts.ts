/**
 * The scans of every QR code the trigger has recorded (ID → scans), written compactly for the
 * workflow's static data: in ascending ID order, one base-36 token per QR code — its scans
 * when its ID follows the one before, else `gap:scans`. A thousand QR codes take a few
 * kilobytes.
 */

const RADIX = 36;
const TOKEN = /^(?:([0-9a-z]+):)?([0-9a-z]+)$/;

export function encodeScans(scans: Map<number, number>): string {
	const ids = [...scans.keys()].sort((a, b) => a - b);
	let previous = 0;
	return ids
		.map((id) => {
			const count = (scans.get(id) as number).toString(RADIX);
			const gap = id - previous;
			previous = id;
			return gap === 1 ? count : `${gap.toString(RADIX)}:${count}`;
		})
		.join(',');
}

/** The counts of an encoded map; `undefined` when the text is not one `encodeScans` wrote. */
export function decodeScans(text: unknown): Map<number, number> | undefined {
	if (typeof text !== 'string') return undefined;
	const scans = new Map<number, number>();
	if (text === '') return scans;
	let previous = 0;
	for (const token of text.split(',')) {
		const parts = TOKEN.exec(token);
		if (!parts) return undefined;
		const id = previous + (parts[1] === undefined ? 1 : parseInt(parts[1], RADIX));
		const count = parseInt(parts[2], RADIX);
		if (id <= previous || !Number.isSafeInteger(id) || !Number.isSafeInteger(count)) {
			return undefined;
		}
		scans.set(id, count);
		previous = id;
	}
	return scans;
}
