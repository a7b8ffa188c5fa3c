/**
 * The counts the trigger has recorded (ID → a QR code's scans or a link's clicks), written
 * compactly for the workflow's static data: in ascending ID order, one base-36 token per record
 * — its count when its ID follows the one before, else `gap:count`. A thousand records take a
 * few kilobytes.
 */

const RADIX = 36;
const TOKEN = /^(?:([0-9a-z]+):)?([0-9a-z]+)$/;

export function encodeCounts(counts: Map<number, number>): string {
	const ids = [...counts.keys()].sort((a, b) => a - b);
	let previous = 0;
	return ids
		.map((id) => {
			const count = (counts.get(id) as number).toString(RADIX);
			const gap = id - previous;
			previous = id;
			return gap === 1 ? count : `${gap.toString(RADIX)}:${count}`;
		})
		.join(',');
}

/** The counts of an encoded map; `undefined` when the text is not one `encodeCounts` wrote. */
export function decodeCounts(text: unknown): Map<number, number> | undefined {
	if (typeof text !== 'string') return undefined;
	const counts = new Map<number, number>();
	if (text === '') return counts;
	let previous = 0;
	for (const token of text.split(',')) {
		const parts = TOKEN.exec(token);
		if (!parts) return undefined;
		const id = previous + (parts[1] === undefined ? 1 : parseInt(parts[1], RADIX));
		const count = parseInt(parts[2], RADIX);
		if (id <= previous || !Number.isSafeInteger(id) || !Number.isSafeInteger(count)) {
			return undefined;
		}
		counts.set(id, count);
		previous = id;
	}
	return counts;
}
