// Workflows in the editor, after the node panel and the ID pickers: the node run with "Execute
// step", an example file imported as users import it and run, and three saved examples opened
// (the AI agent's tool nodes without issues; the trigger's "Fetch Test Event"; the webhook
// trigger's addresses and where to paste them).
import assert from 'node:assert/strict';
import path from 'node:path';

import { REPO } from '../lib/sandbox.mjs';

/** A node on the canvas by its name (`hasText`: only when it also shows that text). */
const canvasNode = (page, name, options) =>
	page.locator(`[data-test-id=canvas-node][data-node-name="${name}"]`, options);

/**
 * For the README: QR Code › Get Many on the open node, executed against the credential's service;
 * its screenshot is copied to `readmeImage` when given. Returns the number of items shown.
 */
export async function executeStep(editor, { readmeImage, log }) {
	const { page, pick, outputItemCount, screenshot, copyShot } = editor;
	await pick('resource', 'QR Code');
	await pick('operation', 'Get Many');
	await page.locator('[data-test-id=node-execute-button]').first().click();
	const { items, counter } = await outputItemCount();
	assert.ok(
		items > 0,
		`Execute step shows the QR codes of the service (${await counter.textContent()})`,
	);
	await page.locator('[data-test-id=output-panel]', { hasText: 'QR code 1' }).waitFor();
	log(`Execute step: ${items} QR codes in the output panel`);
	const readme = await screenshot('qr-code-get-many');
	if (readmeImage) copyShot(readme, readmeImage);
	return items;
}

/**
 * An example file as users import it (Import from File), its credential placeholder untouched:
 * n8n resolves the credential by name, and the workflow runs from the editor. `example` is
 * { file, node, credentialName, items }; returns the items `node` put out.
 */
export async function importAndRun(editor, { baseUrl, example, log }) {
	const { page, newWorkflow, outputItemCount, screenshot } = editor;
	await newWorkflow(baseUrl);
	await page
		.locator('[data-test-id=workflow-import-input]')
		.setInputFiles(path.resolve(REPO, example.file));
	const node = canvasNode(page, example.node);
	await node.waitFor();
	assert.equal(
		await page.locator('[data-test-id=node-not-installed]').count(),
		0,
		'the imported nodes are known',
	);
	await page.locator('[data-test-id=execute-workflow-button]').first().click();
	await page.waitForTimeout(500);
	await node.dblclick();
	await page.locator('[data-test-id=ndv]').waitFor();
	// The select shows the credential's ID until the editor has loaded the credentials list.
	const credentialInput = page.locator('[data-test-id=node-credentials-select] input').first();
	let credential = await credentialInput.inputValue();
	for (let waited = 0; credential !== example.credentialName && waited < 15_000;) {
		await page.waitForTimeout(250);
		waited += 250;
		credential = await credentialInput.inputValue();
	}
	assert.equal(
		credential,
		example.credentialName,
		'the imported node uses the credential of the same name',
	);
	const { items: imported } = await outputItemCount();
	assert.equal(imported, example.items, `the imported example made ${example.items} items`);
	await screenshot('imported-example-executed');
	log(`imported ${example.file}: credential "${credential}", ${imported} items`);
	return imported;
}

/**
 * A saved AI agent workflow (examples/ai-agent-link-manager.json; `workflow` is { id, tools }):
 * n8n knows the Tool variant and shows no issues (missing parameters or credentials) on its tool
 * nodes. Returns the number of tool nodes.
 */
export async function openAiWorkflow(editor, { baseUrl, workflow, log }) {
	const { page, screenshot } = editor;
	await page.goto(`${baseUrl}/workflow/${workflow.id}`);
	const toolNode = (name) => canvasNode(page, name);
	for (const name of workflow.tools) await toolNode(name).waitFor({ timeout: 60_000 });
	await page.waitForTimeout(1000); // issues are drawn once the node types are resolved
	assert.equal(
		await page.locator('[data-test-id=node-not-installed]').count(),
		0,
		'every node of the AI workflow is known',
	);
	for (const name of workflow.tools) {
		assert.equal(
			await toolNode(name).locator('[data-test-id=node-issues]').count(),
			0,
			`the tool node "${name}" shows no issues`,
		);
	}
	await screenshot('ai-agent-workflow');
	await toolNode(workflow.tools[0]).dblclick();
	await page.locator('[data-test-id=ndv]').waitFor();
	await page.locator('[data-test-id=parameter-input-toolDescription]').first().waitFor();
	await page.locator('[data-test-id=parameter-input-resource]').first().waitFor();
	await screenshot('ai-agent-tool-node');
	log(`AI workflow ${workflow.id}: ${workflow.tools.length} tool nodes, no issues`);
	return workflow.tools.length;
}

/**
 * A saved Link Management Trigger workflow (`trigger` is { id, node, subtitle, latest }): the
 * node's subtitle names the event, and "Fetch Test Event" (poll() in manual mode) shows the most
 * recent record; its screenshot is copied to `triggerImage` when given. Returns the items shown.
 */
export async function openTriggerWorkflow(editor, { baseUrl, trigger, triggerImage, log }) {
	const { page, assertInputValue, outputItemCount, screenshot, copyShot } = editor;
	await page.goto(`${baseUrl}/workflow/${trigger.id}`);
	const node = canvasNode(page, trigger.node);
	await node.waitFor({ timeout: 60_000 });
	await canvasNode(page, trigger.node, { hasText: trigger.subtitle }).waitFor();
	await node.dblclick();
	await page.locator('[data-test-id=ndv]').waitFor();
	await assertInputValue('event', trigger.subtitle);
	await page.locator('[data-test-id=node-execute-button]').first().click();
	const { items: triggerTest, counter } = await outputItemCount();
	assert.equal(
		triggerTest,
		1,
		`"Fetch Test Event" shows one record (${await counter.textContent()})`,
	);
	await page.locator('[data-test-id=output-panel]', { hasText: trigger.latest }).waitFor();
	await page.waitForTimeout(300);
	const shot = await screenshot('trigger-fetch-test-event');
	if (triggerImage) copyShot(shot, triggerImage);
	log(`trigger ${trigger.id}: "${trigger.subtitle}", Fetch Test Event → ${trigger.latest}`);
	return triggerTest;
}

/**
 * A saved Link Management Webhook Trigger workflow (`webhook` is { id, node, subtitle, webhookId }):
 * the node's subtitle names its events, its panel says where to paste the address (Integrations →
 * Zapier) and what the Test URL is for, and its Webhook URLs show the Test URL and the Production
 * URL with the node's own random ID; its screenshot is copied to `image` when given. Returns the
 * Production URL shown.
 */
export async function openWebhookTrigger(editor, { baseUrl, webhook, image, log }) {
	const { page, screenshot, copyShot } = editor;
	await page.goto(`${baseUrl}/workflow/${webhook.id}`);
	await canvasNode(page, webhook.node, { hasText: webhook.subtitle }).waitFor({ timeout: 60_000 });
	await canvasNode(page, webhook.node).dblclick();
	const ndv = page.locator('[data-test-id=ndv]');
	await ndv.waitFor();
	await ndv.getByText('Integrations → Zapier').first().waitFor();
	await ndv.getByText('The Test URL works only while this panel listens').first().waitFor();
	// n8n shows a node's webhook addresses folded: unfold them, then each of the two.
	const urls = ndv.locator('.webhooks');
	await urls.getByText('Webhook URLs').first().click();
	const shown = async (which) => {
		await urls.locator(`[data-test-id=radio-button-${which}]`).click();
		const field = urls.locator('.url-field, .url-field-full-width').first();
		await field.waitFor();
		return (await field.textContent()).trim();
	};
	const testUrl = await shown('test');
	const productionUrl = await shown('production');
	assert.match(testUrl, new RegExp(`/webhook-test/${webhook.webhookId}/notification$`));
	assert.match(productionUrl, new RegExp(`/webhook/${webhook.webhookId}/notification$`));
	await page.waitForTimeout(300);
	const shot = await screenshot('webhook-trigger');
	if (image) copyShot(shot, image);
	log(`webhook trigger ${webhook.id}: "${webhook.subtitle}", Production URL ${productionUrl}`);
	return productionUrl;
}
