/**
 * Numbers the documentation gives of the nodes ("all 50 operations", "11 resources", "the
 * trigger's 13 events") are the nodes' own: counted from them here, so that a page that says
 * another number fails. The pages that introduce the nodes must state them: a rewording that
 * drops a number (or spells it another way) fails too, instead of leaving the page unchecked.
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
	resources: RESOURCES.length,
	events: TRIGGER_EVENTS.length,
};
const NUMBER_OF = new RegExp(`\\b(\\d+) (${Object.keys(COUNTS).join('|')})\\b`, 'g');

/** What each page that sums up the nodes states. */
const STATED: Record<string, string[]> = {
	'README.md': ['operations', 'resources', 'events'],
	'docs/install.md': ['operations', 'events'],
	'docs/webhook-trigger.md': ['events'],
};

const claimsOf = (page: string) =>
	[...readFileSync(path.join(repo, page), 'utf8').matchAll(NUMBER_OF)].map(
		([phrase, count, what]) => ({ phrase, count: Number(count), what }),
	);

test.each(PAGES)("%s gives the nodes' own counts", (page) => {
	const wrong = claimsOf(page)
		.filter(({ count, what }) => count !== COUNTS[what])
		.map(({ phrase, what }) => `${phrase} (the nodes have ${COUNTS[what]})`);
	expect(wrong).toEqual([]);
});

test.each(Object.entries(STATED))('%s states the counts of %j', (page, kinds) => {
	expect(PAGES).toContain(page);
	const stated = new Set(claimsOf(page).map(({ what }) => what));
	expect(kinds.filter((what) => !stated.has(what))).toEqual([]);
});
