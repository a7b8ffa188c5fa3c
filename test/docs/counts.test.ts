/**
 * Numbers the documentation gives of the nodes ("all 50 operations", "the trigger's 13 events")
 * are the nodes' own: counted from them here, so that a page that says another number fails.
 */
import { readdirSync, readFileSync } from 'fs';
import path from 'path';

import { RESOURCES } from '../../nodes/LinkManagement/resources';
import { TRIGGER_EVENTS } from '../../nodes/LinkManagement/trigger/events';

const repo = path.resolve(__dirname, '../..');
const markdownIn = (folder: string) =>
	readdirSync(path.join(repo, folder))
		.filter((file) => file.endsWith('.md'))
		.map((file) => path.join(folder, file));
const PAGES = [
	'README.md',
	'CONTRIBUTING.md',
	'CHANGELOG.md',
	...markdownIn('docs'),
	...markdownIn('docs/maintainers'),
	...markdownIn('examples'),
	...markdownIn('test/e2e'),
];

const COUNTS: Record<string, number> = {
	operations: RESOURCES.reduce((sum, resource) => sum + resource.operations.length, 0),
	events: TRIGGER_EVENTS.length,
};
const NUMBER_OF = /\b(\d+) (operations|events)\b/g;

test.each(PAGES)("%s gives the nodes' own counts", (page) => {
	const text = readFileSync(path.join(repo, page), 'utf8');
	const wrong = [...text.matchAll(NUMBER_OF)]
		.filter(([, count, what]) => Number(count) !== COUNTS[what])
		.map(([phrase]) => phrase);
	expect(wrong).toEqual([]);
});
