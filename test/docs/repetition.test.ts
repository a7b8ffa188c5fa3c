/**
 * One home per answer: no passage of six lines or more is repeated across the documentation's
 * files. A fact written twice drifts apart; the second place links to the first instead.
 *
 * A passage is a run of RUN consecutive lines, counted after blank lines and lines that carry no
 * text of their own are left out (table separators such as `|---|---|`, code fences, lines
 * shorter than MIN_LENGTH such as `}` or `- `), each line trimmed and its inner spaces collapsed.
 * A run that appears in two different files fails, naming both places.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'fs';
import path from 'path';

const repo = path.resolve(__dirname, '../..');
const RUN = 6;
const MIN_LENGTH = 8;

/** Every markdown file under a folder of the repository, sub-folders included. */
function markdownUnder(folder: string, name?: string): string[] {
	const absolute = path.join(repo, folder);
	if (!existsSync(absolute)) return [];
	return readdirSync(absolute).flatMap((entry) => {
		const relative = path.join(folder, entry);
		if (statSync(path.join(repo, relative)).isDirectory()) {
			return entry === 'node_modules' || entry === 'artifacts' ? [] : markdownUnder(relative, name);
		}
		return (name === undefined ? entry.endsWith('.md') : entry === name) ? [relative] : [];
	});
}

const PAGES = [
	'README.md',
	'CONTRIBUTING.md',
	...markdownUnder('docs'),
	'examples/README.md',
	...markdownUnder('test', 'README.md'),
].filter((page) => existsSync(path.join(repo, page)));

/** A line as compared, or undefined for a line that is left out. */
function normalized(line: string): string | undefined {
	const text = line.trim().replace(/\s+/g, ' ');
	if (text.length < MIN_LENGTH) return undefined;
	if (/^(```|~~~)/.test(text)) return undefined;
	if (/^[|:\-\s]+$/.test(text)) return undefined;
	return text;
}

interface Line {
	text: string;
	number: number;
}

function linesOf(text: string): Line[] {
	return text
		.split('\n')
		.map((line, index) => ({ text: normalized(line), number: index + 1 }))
		.filter((line): line is Line => line.text !== undefined);
}

/** Runs of RUN lines that two files share, one report per stretch of shared lines. */
function repeatedPassages(pages: Array<{ page: string; text: string }>): string[] {
	const firstSeen = new Map<string, { page: string; line: number }>();
	const reports: string[] = [];
	for (const { page, text } of pages) {
		const lines = linesOf(text);
		let reportedUpTo = -1;
		for (let start = 0; start + RUN <= lines.length; start++) {
			const key = lines
				.slice(start, start + RUN)
				.map((line) => line.text)
				.join('\n');
			const earlier = firstSeen.get(key);
			if (earlier === undefined) {
				firstSeen.set(key, { page, line: lines[start].number });
			} else if (earlier.page !== page && start > reportedUpTo) {
				reports.push(
					`${page}:${lines[start].number} repeats ${earlier.page}:${earlier.line}: "${lines[start].text.slice(0, 80)}…"`,
				);
				reportedUpTo = start + RUN - 1;
			}
		}
	}
	return reports;
}

test('the documentation has the pages this check reads', () => {
	expect(PAGES).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md']));
	expect(PAGES.some((page) => page.startsWith('docs/'))).toBe(true);
});

test('no passage of six lines or more is repeated across the documentation', () => {
	const pages = PAGES.map((page) => ({ page, text: readFileSync(path.join(repo, page), 'utf8') }));
	expect(repeatedPassages(pages)).toEqual([]);
});

describe('the check itself', () => {
	const passage = [
		'The service allows 30 requests a minute per API key.',
		'The node paces every request to the budget the service announces,',
		'so a bulk run takes as long as the limit requires:',
		'',
		'| rows | time |',
		'|---|---|',
		'300 rows take about ten minutes,',
		'    3,000   about   100.',
	];

	test('fails on six lines two files share, across blank lines and table separators', () => {
		const reports = repeatedPassages([
			{ page: 'docs/a.md', text: ['# A', ...passage].join('\n') },
			{ page: 'docs/b.md', text: ['# B', '', ...passage.map((line) => `  ${line}`)].join('\n') },
		]);
		expect(reports).toEqual([
			'docs/b.md:3 repeats docs/a.md:2: "The service allows 30 requests a minute per API key.…"',
		]);
	});

	test('passes five shared lines, lines of no text, and a passage repeated in one file', () => {
		const five = passage.filter((line) => !line.startsWith('    '));
		const noText = ['```', '}', '|---|---|', '- ', '```', '}', '|---|---|'].join('\n');
		expect(
			repeatedPassages([
				{ page: 'docs/a.md', text: [...five, noText, ...passage, ...passage].join('\n') },
				{ page: 'docs/b.md', text: [...five, noText].join('\n') },
			]),
		).toEqual([]);
	});
});
