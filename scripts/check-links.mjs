// Checks that every relative link of the documentation leads somewhere: the file exists, and an
// anchor (#section) names a heading of the page it points into, as GitHub makes them. Pages:
// README.md, CONTRIBUTING.md, CHANGELOG.md, docs/*.md, examples/README.md, test/*/README.md.
// Web addresses are not checked (no network). Usage: node scripts/check-links.mjs [root]
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(
	process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'),
);

// Pages written on other branches, linked before they are merged: a link to one of them is
// reported, not failed, while it is missing. Drop a name once its page is here.
const PENDING = [];

const markdownIn = (folder) =>
	existsSync(path.join(root, folder))
		? readdirSync(path.join(root, folder))
				.filter((name) => name.endsWith('.md'))
				.map((name) => path.join(folder, name))
		: [];
const testReadmes = existsSync(path.join(root, 'test'))
	? readdirSync(path.join(root, 'test'))
			.map((name) => path.join('test', name, 'README.md'))
			.filter((file) => existsSync(path.join(root, file)))
	: [];
const pages = [
	'README.md',
	'CONTRIBUTING.md',
	'CHANGELOG.md',
	...markdownIn('docs'),
	...markdownIn('docs/maintainers'),
	'examples/README.md',
	...testReadmes,
].filter((file) => existsSync(path.join(root, file)));

/** The text outside fenced code blocks and code spans, where links are links. */
function prose(text) {
	return text
		.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '')
		.replace(/(`+)[\s\S]*?\1/g, (span) => span.replace(/[^\n]/g, ' '));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading) {
	return heading
		.trim()
		.replace(/<[^>]*>/g, '')
		.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
		.toLowerCase()
		.replace(/[^\p{L}\p{N}\s_-]/gu, '')
		.replace(/\s/g, '-');
}

const anchorCache = new Map();
function anchorsOf(file) {
	if (!anchorCache.has(file)) {
		const seen = new Map();
		const anchors = new Set();
		for (const [, heading] of prose(readFileSync(file, 'utf8')).matchAll(/^#{1,6}\s+(.+)$/gm)) {
			const base = slug(heading);
			const count = seen.get(base) ?? 0;
			seen.set(base, count + 1);
			anchors.add(count === 0 ? base : `${base}-${count}`);
		}
		anchorCache.set(file, anchors);
	}
	return anchorCache.get(file);
}

const problems = [];
const pending = new Set();
let links = 0;
for (const page of pages) {
	const lines = prose(readFileSync(path.join(root, page), 'utf8')).split('\n');
	lines.forEach((line, index) => {
		for (const [, target] of line.matchAll(
			/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g,
		)) {
			if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
			links++;
			const where = `${page}:${index + 1}`;
			const [address, anchor] = target.split('#');
			const file = address
				? path.resolve(path.dirname(path.join(root, page)), decodeURI(address))
				: path.join(root, page);
			const shown = path.relative(root, file);
			if (!existsSync(file)) {
				if (PENDING.includes(shown)) pending.add(`${shown} (${where})`);
				else problems.push(`${where}: ${target} — no file ${shown}`);
				continue;
			}
			if (anchor === undefined || statSync(file).isDirectory()) continue;
			if (!file.endsWith('.md')) continue;
			if (!anchorsOf(file).has(decodeURIComponent(anchor))) {
				problems.push(`${where}: ${target} — ${shown} has no heading #${anchor}`);
			}
		}
	});
}

for (const page of pending) console.log(`… not here yet (written on another branch): ${page}`);
for (const problem of problems) console.log(problem);
if (problems.length > 0) {
	console.log(`✖ ${problems.length} broken link(s) in ${pages.length} pages`);
	process.exitCode = 1;
} else {
	console.log(`✓ ${links} relative links in ${pages.length} pages lead to a file and heading`);
}
