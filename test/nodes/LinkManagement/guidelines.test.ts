/**
 * n8n's UX guidelines for community nodes, read from the built descriptions of the three nodes
 * and the credential: every rule that a description shows (CONTRIBUTING.md, "Verification
 * checklist", lists the rules and where the others are met). Each property, each choice of a
 * list, each field of a collection and each row of a fixed collection is checked, wherever it is
 * shown.
 */
import type {
	ICredentialType,
	INodeProperties,
	INodePropertyCollection,
	INodePropertyOptions,
	INodeType,
} from 'n8n-workflow';

import { LinkManagementApi } from '../../../credentials/LinkManagementApi.credentials';
import { LinkManagement } from '../../../nodes/LinkManagement/LinkManagement.node';
import { LinkManagementTrigger } from '../../../nodes/LinkManagement/LinkManagementTrigger.node';
import { LinkManagementWebhookTrigger } from '../../../nodes/LinkManagement/LinkManagementWebhookTrigger.node';

const NODES: Array<[string, INodeType]> = [
	['Link Management', new LinkManagement()],
	['Link Management Trigger', new LinkManagementTrigger()],
	['Link Management Webhook Trigger', new LinkManagementWebhookTrigger()],
];
const CREDENTIAL: ICredentialType = new LinkManagementApi();

/** A property where it is shown: "Link › Create › Additional Fields › Campaign". */
interface Shown {
	path: string;
	property: INodeProperties;
}

const isProperty = (entry: unknown): entry is INodeProperties =>
	typeof entry === 'object' && entry !== null && 'type' in entry && 'displayName' in entry;
const isRowGroup = (entry: unknown): entry is INodePropertyCollection =>
	typeof entry === 'object' && entry !== null && 'values' in entry;
const isChoice = (entry: unknown): entry is INodePropertyOptions =>
	typeof entry === 'object' && entry !== null && 'value' in entry && !('type' in entry);

/** Every property, with the fields of its collections and the rows of its fixed collections. */
function everyProperty(properties: INodeProperties[], within = ''): Shown[] {
	return properties.flatMap((property) => {
		const path = `${within}${property.displayName} [${property.name}]`;
		const nested = (property.options ?? []).flatMap((entry) => {
			if (isProperty(entry)) return everyProperty([entry], `${path} › `);
			if (isRowGroup(entry))
				return everyProperty(entry.values, `${path} › ${entry.displayName} › `);
			return [];
		});
		return [{ path, property }, ...nested];
	});
}

const choicesOf = ({ property }: Shown) => (property.options ?? []).filter(isChoice);

const ofNodes = NODES.map(([name, node]) => ({
	name,
	shown: everyProperty(node.description.properties),
}));
const everywhere = [
	...ofNodes.flatMap(({ name, shown }) =>
		shown.map((entry) => ({ ...entry, path: `${name}: ${entry.path}` })),
	),
	...everyProperty(CREDENTIAL.properties).map((entry) => ({
		...entry,
		path: `${CREDENTIAL.displayName}: ${entry.path}`,
	})),
];

/** The texts users read: labels, descriptions, hints, placeholders, choices and actions. */
function textsOf({ path, property }: Shown): Array<[string, string]> {
	const texts: Array<[string, unknown]> = [
		[`${path} label`, property.displayName],
		[`${path} description`, property.description],
		[`${path} hint`, property.hint],
		[`${path} placeholder`, property.placeholder],
		...(property.modes ?? []).map((mode): [string, unknown] => [
			`${path} mode ${mode.name} placeholder`,
			mode.placeholder,
		]),
		...choicesOf({ path, property }).flatMap((choice): Array<[string, unknown]> => [
			[`${path} choice ${String(choice.value)}`, choice.name],
			[`${path} choice ${String(choice.value)} description`, choice.description],
			[`${path} choice ${String(choice.value)} action`, choice.action],
		]),
	];
	return texts.filter((entry): entry is [string, string] => typeof entry[1] === 'string');
}

const violations = <T>(entries: T[], broken: (entry: T) => string | undefined) =>
	entries.map(broken).filter((found): found is string => found !== undefined);
/**
 * The violations among `entries`, which must be more than `atLeast` (so that a check that finds
 * nothing to check fails rather than passes).
 */
function violationsAmong<T>(
	entries: T[],
	atLeast: number,
	broken: (entry: T) => string | undefined,
): string[] {
	expect(entries.length).toBeGreaterThan(atLeast);
	return violations(entries, broken);
}

/** Small words that Title Case leaves in lower case (articles, conjunctions, short prepositions). */
const SMALL_WORDS = new Set([
	'a', 'an', 'and', 'as', 'at', 'by', 'for', 'from', 'in', 'into', 'of', 'on', 'or', 'per',
	'the', 'to', 'vs', 'via', 'with',
]); // prettier-ignore
/** Names written as their owners write them. */
const PROPER_NAMES = new Set(['vCard']);

/** Title Case: every word capitalised but the small ones inside ("Match On", "Put Output File in Field"). */
function isTitleCase(label: string): boolean {
	const words = label.split(/\s+/);
	return words.every((word, index) => {
		if (PROPER_NAMES.has(word)) return true;
		const letter = /[A-Za-z]/.exec(word)?.[0];
		if (letter === undefined) return true;
		const inside = index > 0 && index < words.length - 1;
		if (inside && SMALL_WORDS.has(word.toLowerCase())) return word === word.toLowerCase();
		return letter === letter.toUpperCase();
	});
}

/** Sentence case: a capital first letter, then capitals only in acronyms (QR, CTA, URL). */
function isSentenceCase(text: string): boolean {
	const [first, ...rest] = text.split(/\s+/);
	const firstLetter = /[A-Za-z]/.exec(first)?.[0];
	if (firstLetter !== undefined && firstLetter !== firstLetter.toUpperCase()) return false;
	return rest.every((word) => word === word.toLowerCase() || word === word.toUpperCase());
}

const ARTICLE = /\b(a|an|the)\b/i;

/** A resource as prose names it: "branded domain", "QR code", "CTA overlay". */
const nounOf = (displayName: string) =>
	displayName
		.split(' ')
		.map((word) => (word === word.toUpperCase() ? word : word.toLowerCase()))
		.join(' ');

const byLabel = (labels: string[]) => [...labels].sort((a, b) => a.localeCompare(b));
/** `path` and its labels when they are not in alphabetical order. */
const unsorted = (path: string, labels: string[]) =>
	JSON.stringify(labels) === JSON.stringify(byLabel(labels))
		? undefined
		: `${path}: ${labels.join(', ')}`;

/** n8n's own lint asks lists of choices longer than this to be in alphabetical order. */
const SHORT_LIST = 5;

describe('Copy', () => {
	test('labels and the titles of choices are in Title Case', () => {
		expect(
			violations(everywhere, (entry) => {
				const { property } = entry;
				if (property.type === 'notice') return undefined;
				const labels = [
					property.displayName,
					...choicesOf(entry).map(({ name }) => name),
					...(property.options ?? []).filter(isRowGroup).map(({ displayName }) => displayName),
					...(property.modes ?? []).map(({ displayName }) => displayName),
				];
				const wrong = labels.filter((label) => !isTitleCase(label));
				return wrong.length ? `${entry.path}: ${wrong.join(', ')}` : undefined;
			}),
		).toEqual([]);
	});

	test('actions are in sentence case, without articles', () => {
		const actions = everywhere.flatMap((entry) =>
			choicesOf(entry).flatMap(({ action }) => (action ? [[entry.path, action]] : [])),
		);
		expect(
			violationsAmong(actions, 60, ([path, action]) =>
				isSentenceCase(action) && !ARTICLE.test(action) ? undefined : `${path}: "${action}"`,
			),
		).toEqual([]);
	});

	test('descriptions of operations, choices and parameters are in sentence case', () => {
		expect(
			violations(everywhere, (entry) => {
				const descriptions = [
					entry.property.description,
					...choicesOf(entry).map(({ description }) => description),
				].filter((text): text is string => typeof text === 'string' && text !== '');
				const wrong = descriptions.filter((text) => !/^[^a-z]/.test(text));
				return wrong.length ? `${entry.path}: ${wrong.join(' | ')}` : undefined;
			}),
		).toEqual([]);
	});

	test('booleans are described "Whether …"', () => {
		const booleans = everywhere.filter(({ property }) => property.type === 'boolean');
		expect(
			violationsAmong(booleans, 5, ({ path, property }) =>
				property.description?.startsWith('Whether ') ? undefined : path,
			),
		).toEqual([]);
	});

	test('placeholders give an example starting "e.g. "', () => {
		const examples = everywhere.flatMap(({ path, property }): Array<[string, string]> => [
			// A collection's placeholder is the label of its "Add …" button, not an example.
			...(property.placeholder && !['collection', 'fixedCollection'].includes(property.type)
				? [[path, property.placeholder] as [string, string]]
				: []),
			// A list's placeholder asks to pick ("Select a campaign..."); the others are examples.
			...(property.modes ?? [])
				.filter((mode) => mode.type !== 'list' && mode.placeholder)
				.map((mode): [string, string] => [`${path} ${mode.name}`, mode.placeholder as string]),
		]);
		expect(
			violationsAmong(examples, 30, ([path, placeholder]) =>
				placeholder.startsWith('e.g. ') ? undefined : `${path}: "${placeholder}"`,
			),
		).toEqual([]);
	});

	test('one word for one thing: "email", "link"', () => {
		const OTHER_WORDS: Array<[RegExp, string]> = [
			[/e-mail/i, 'email'],
			[/short link/i, 'link (its address: short URL)'],
		];
		const texts = everywhere.flatMap(textsOf);
		expect(
			violations(texts, ([where, text]) => {
				const found = OTHER_WORDS.find(([word]) => word.test(text));
				return found ? `${where}: "${text}" (say ${found[1]})` : undefined;
			}),
		).toEqual([]);
	});

	test('pickers ask for a record with the right article ("Select an item...")', () => {
		const lists = everywhere.flatMap(({ path, property }) =>
			(property.modes ?? [])
				.filter((mode) => mode.type === 'list')
				.map((mode): [string, string] => [path, String(mode.placeholder)]),
		);
		expect(
			violations(lists, ([path, placeholder]) =>
				/^Select (a [^aeiou\s]|an [aeiou])/i.test(placeholder)
					? undefined
					: `${path}: "${placeholder}"`,
			),
		).toEqual([]);
	});
});

describe('Operations of the action node', () => {
	const { description } = new LinkManagement();
	const resources = (description.properties.find(({ name }) => name === 'resource')?.options ??
		[]) as INodePropertyOptions[];
	const operationsOf = (resource: string) =>
		(description.properties.find(
			({ name, displayOptions }) =>
				name === 'operation' && displayOptions?.show?.resource?.includes(resource),
		)?.options ?? []) as INodePropertyOptions[];
	const operations = resources.flatMap(({ name: resource, value }) =>
		operationsOf(String(value)).map((operation) => ({
			resource,
			noun: nounOf(resource),
			path: `${resource} › ${operation.name}`,
			operation,
		})),
	);

	test('every action names its resource', () => {
		expect(
			violationsAmong(operations, 40, ({ path, noun, operation }) =>
				String(operation.action).includes(noun) ? undefined : `${path}: "${operation.action}"`,
			),
		).toEqual([]);
	});

	test("every description names its resource, in n8n's words for the operation", () => {
		const OPENING: Record<string, (noun: string) => RegExp> = {
			create: (noun) => new RegExp(`^Create a new ${noun}\\b`),
			upsert: (noun) =>
				new RegExp(
					`^Create a new ${noun}, or update the current one if it already exists \\(upsert\\)$`,
				),
			delete: (noun) => new RegExp(`^Delete an? ${noun}\\b`),
			get: (noun) => new RegExp(`^Retrieve (a|an|the) .*\\b${noun}\\b`),
			getAll: (noun) => new RegExp(`^Retrieve a list of ${noun}s\\b`),
		};
		expect(
			violations(operations, ({ path, noun, operation }) => {
				const text = String(operation.description);
				const opening = OPENING[String(operation.value)];
				const fits = opening ? opening(noun).test(text) : text.includes(noun);
				return fits ? undefined : `${path}: "${text}"`;
			}),
		).toEqual([]);
	});

	test('sorting is a collection of its own, below every other collection of its operation', () => {
		const sorts = description.properties.filter(({ name }) => name === 'sort');
		expect(sorts.length).toBeGreaterThan(0);
		for (const sort of sorts) {
			expect(sort.type).toBe('collection');
			const at = description.properties.indexOf(sort);
			const shownWith = description.properties.filter(
				(property) =>
					property !== sort &&
					['collection', 'fixedCollection'].includes(property.type) &&
					(property.name === 'options' ||
						(property.displayOptions?.show?.resource?.some((resource) =>
							sort.displayOptions?.show?.resource?.includes(resource),
						) &&
							property.displayOptions?.show?.operation?.some((operation) =>
								sort.displayOptions?.show?.operation?.includes(operation),
							))),
			);
			expect(shownWith.map(({ name }) => name)).toEqual(
				expect.arrayContaining(['filters', 'options']),
			);
			for (const other of shownWith) expect(description.properties.indexOf(other)).toBeLessThan(at);
		}
	});
});

describe('Order and pickers', () => {
	test("a collection's fields and a fixed collection's groups are in alphabetical order", () => {
		const collections = everywhere.filter(({ property }) =>
			['collection', 'fixedCollection'].includes(property.type),
		);
		expect(
			violationsAmong(collections, 20, ({ path, property }) => {
				const labels = (property.options ?? []).map((entry) =>
					isProperty(entry) || isRowGroup(entry) ? entry.displayName : '',
				);
				return unsorted(path, labels);
			}),
		).toEqual([]);
	});

	test(`lists of more than ${SHORT_LIST} choices are in alphabetical order`, () => {
		const long = everywhere.filter((entry) => choicesOf(entry).length > SHORT_LIST);
		expect(
			violationsAmong(long, 3, (entry) => {
				const labels = choicesOf(entry).map(({ name }) => name);
				return unsorted(entry.path, labels);
			}),
		).toEqual([]);
	});

	test('every resource locator opens on From List, its first mode', () => {
		const locators = everywhere.filter(({ property }) => property.type === 'resourceLocator');
		expect(
			violationsAmong(locators, 15, ({ path, property }) =>
				(property.default as { mode?: string })?.mode === 'list' &&
				property.modes?.[0]?.name === 'list' &&
				property.modes[0].displayName === 'From List'
					? undefined
					: path,
			),
		).toEqual([]);
	});
});

describe('Credential', () => {
	test('the API key and every other secret is a password field', () => {
		const secrets = CREDENTIAL.properties.filter(({ name }) =>
			/key|secret|password|token/i.test(name),
		);
		expect(secrets.map(({ name }) => name)).toEqual(['apiKey']);
		for (const secret of secrets) expect(secret.typeOptions?.password).toBe(true);
	});
});

describe('the rules themselves', () => {
	test.each<[string, string, boolean, (text: string) => boolean]>([
		['Title Case', 'Put Output File in Field', true, isTitleCase],
		['Title Case', 'Max Total Wait per Item (Seconds)', true, isTitleCase],
		['Title Case', 'Reuse Link Record For (Seconds)', false, isTitleCase],
		['Title Case', 'Order by', false, isTitleCase],
		['Title Case', 'Match On', true, isTitleCase],
		['Title Case', 'vCard', true, isTitleCase],
		['sentence case', 'Create or update QR code by name', true, isSentenceCase],
		['sentence case', 'Download QR image of link', true, isSentenceCase],
		['sentence case', 'Create Campaign', false, isSentenceCase],
		['sentence case', 'create campaign', false, isSentenceCase],
	])('%s: "%s" → %s', (_rule, text, expected, rule) => {
		expect(rule(text)).toBe(expected);
	});
});
