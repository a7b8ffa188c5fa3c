// The node in the editor's node panel and its parameters: searching "Link Management" shows one
// entry per name, the entry lists all its actions (OPERATION_COUNT), and the node added from it offers every resource
// in its Resource dropdown and, for each, the operations the built node describes.
import assert from 'node:assert/strict';

import { OPERATION_COUNT } from '../cases.mjs';
import { escape } from './editor-page.mjs';

const CUSTOM_API_CALL = 'Custom API Call'; // n8n adds it to nodes whose credential it can reuse

/**
 * On a new workflow's canvas: adds the node through the node panel (as "Get account") and
 * checks its dropdowns against `expected` (expectedFromNode()). Returns the operations offered.
 */
export async function checkNodePanel(editor, expected, log) {
	const { page, screenshot, until, openDropdown, closeDropdown, visibleOptions, pick } = editor;
	// the node panel: search, find, open
	await page.locator('[data-test-id=canvas-add-button]').click();
	await page.locator('[data-test-id=node-creator-search-bar]').fill('Link Management');
	// One entry per name: exactly one "Link Management" (a credential with `httpRequestNode` would
	// add a second one, "HTTP request", above the node), and no other name twice.
	let previous;
	const names = await until(
		'the node panel lists "Link Management" and settles',
		async () => {
			const now = (
				await page.locator('[data-test-id=node-creator-item-name]').allTextContents()
			).map((t) => t.trim());
			const ok = now.includes('Link Management') && JSON.stringify(now) === previous;
			previous = JSON.stringify(now);
			return { ok, value: now };
		},
		{ intervalMs: 300 },
	);
	assert.equal(
		names.filter((name) => name === 'Link Management').length,
		1,
		`one "Link Management" entry in the node panel: ${JSON.stringify(names)}`,
	);
	assert.deepEqual(
		names.filter((name, i) => names.indexOf(name) !== i),
		[],
		`no name twice in the node panel: ${JSON.stringify(names)}`,
	);
	// The webhook trigger is an entry of its own (n8n folds only `<name>Trigger` into the node's
	// entry), named without the word "Trigger" as the panel names triggers.
	assert.ok(
		names.includes('Link Management Webhook'),
		`the node panel lists the webhook trigger: ${JSON.stringify(names)}`,
	);
	const item = page.locator('[data-test-id=node-creator-item-name]', {
		hasText: /^Link Management$/,
	});
	await screenshot('node-panel-search');
	log(`node panel, searching "Link Management": ${names.join(', ')}`);
	await item.first().click();
	const actionOf = (name) =>
		page.locator('[data-test-id=node-creator-item-name]', {
			hasText: new RegExp(`^${escape(name)}$`),
		});
	// With the trigger node n8n shows both under the one entry; as a workflow's first step the
	// triggers come first and the actions are folded: unfold them.
	await page.locator('[data-test-id=node-creator-item-name]').first().waitFor();
	const foldedActions = page.locator('[data-category-collapsed=true]', {
		has: page.locator('[data-test-id=node-creator-category-item]', { hasText: /^Actions \(/ }),
	});
	if (await foldedActions.count())
		await foldedActions.locator('[data-test-id=node-creator-category-item]').first().click();
	await actionOf(expected.actions[0]).first().waitFor();
	let listed = [];
	for (let i = 0; i < 40; i++) {
		listed = (await page.locator('[data-test-id=node-creator-item-name]').allTextContents()).map(
			(t) => t.trim(),
		);
		if (expected.actions.every((action) => listed.includes(action))) break;
		await page.waitForTimeout(250);
	}
	for (const action of expected.actions)
		assert.ok(listed.includes(action), `the node panel lists the action "${action}"`);
	await screenshot('node-actions');
	log(`node panel: ${expected.actions.length} actions listed`);

	// add it (as "Get account") and open its parameters
	await actionOf('Get account').first().click();
	await page.locator('[data-test-id=ndv]').waitFor();
	await page.locator('[data-test-id=parameter-input-resource]').waitFor();
	await screenshot('node-parameters');

	await openDropdown('resource');
	const resources = (await visibleOptions()).filter((name) => name !== CUSTOM_API_CALL);
	await screenshot('resource-dropdown');
	await closeDropdown();
	assert.deepEqual(resources, expected.resources, 'the Resource dropdown offers every resource');

	let operations = 0;
	for (const resource of expected.resources) {
		await pick('resource', resource);
		await openDropdown('operation');
		const offered = (await visibleOptions()).filter((name) => name !== CUSTOM_API_CALL);
		await screenshot(`operations-${resource.toLowerCase().replace(/\W+/g, '-')}`);
		await closeDropdown();
		assert.deepEqual(
			offered,
			expected.byResource[resource],
			`the Operation dropdown of ${resource}`,
		);
		operations += offered.length;
	}
	assert.equal(operations, OPERATION_COUNT);
	log(`NDV: ${expected.resources.length} resources, ${operations} operations offered`);
	return operations;
}
