/**
 * A set of record IDs (positive whole numbers) written compactly for the workflow's static
 * data: runs of consecutive IDs in ascending order, each as the gap from the end of the run
 * before it and, when longer than one ID, its length, in base 36. IDs 1–5000 and 5002 are
 * "1.3uv,2": a few bytes for thousands of records, however the IDs are spread.
 */

const RADIX = 36;
const TOKEN = /^([0-9a-z]+)(?:\.([0-9a-z]+))?$/;
/** More IDs than any account holds: a stored text that claims more is not ours. */
export const MAX_STORED_IDS = 10_000_000;

export function encodeIds(ids: Iterable<number>): string {
	const sorted = [...new Set(ids)].sort((a, b) => a - b);
	const tokens: string[] = [];
	let previousEnd = 0;
	for (let start = 0; start < sorted.length;) {
		let end = start;
		while (end + 1 < sorted.length && sorted[end + 1] === sorted[end] + 1) end++;
		const gap = (sorted[start] - previousEnd).toString(RADIX);
		const length = end - start;
		tokens.push(length ? `${gap}.${length.toString(RADIX)}` : gap);
		previousEnd = sorted[end];
		start = end + 1;
	}
	return tokens.join(',');
}

/** The IDs of an encoded set; `undefined` when the text is not one `encodeIds` wrote. */
export function decodeIds(text: unknown): Set<number> | undefined {
	if (typeof text !== 'string') return undefined;
	const ids = new Set<number>();
	if (text === '') return ids;
	let previousEnd = 0;
	for (const token of text.split(',')) {
		const parts = TOKEN.exec(token);
		if (!parts) return undefined;
		const start = previousEnd + parseInt(parts[1], RADIX);
		const end = start + (parts[2] ? parseInt(parts[2], RADIX) : 0);
		if (start <= previousEnd || !Number.isSafeInteger(end)) return undefined;
		if (ids.size + (end - start) >= MAX_STORED_IDS) return undefined;
		for (let id = start; id <= end; id++) ids.add(id);
		previousEnd = end;
	}
	return ids;
}
