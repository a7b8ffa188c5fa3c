#!/usr/bin/env node
// The node in the n8n editor, in Debian's chromium driven by playwright-core (never `playwright install`).
// Part of npm run test:e2e (n8n 2.x); on its own against a running n8n (e.g. npm run dev):
//   node test/e2e/browser.mjs [--url http://127.0.0.1:5678] [--email ...] [--password ...]
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

import { OWNER } from './lib/n8n.mjs';
import { REPO } from './lib/sandbox.mjs';
import { OPERATIONS } from './cases.mjs';

const require = createRequire(path.join(REPO, 'package.json'));
export const CHROMIUM = process.env.E2E_CHROMIUM || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-dev-shm-usage',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	'--no-first-run',
];
const CUSTOM_API_CALL = 'Custom API Call'; // n8n adds it to nodes whose credential it can reuse

/**
 * The five ID pickers ("From List" resource locators): an operation that shows each, a filter to type,
 * and the record to pick (by ID; the first match of the filter when the service has no such record).
 */
export const ID_PICKERS = [
	{
		field: 'campaignId',
		resource: 'Campaign',
		operation: 'Delete',
		filter: 'Campaign 1',
		pickId: 12,
	},
	{ field: 'qrCodeId', resource: 'QR Code', operation: 'Get', filter: 'QR code 2', pickId: 21 },
	{
		field: 'channelId',
		resource: 'Channel',
		operation: 'Get Items',
		filter: 'Channel 3',
		pickId: 3,
	},
	{ field: 'pixelId', resource: 'Pixel', operation: 'Update', filter: 'Pixel 1', pickId: 10 },
	{
		field: 'domainId',
		resource: 'Branded Domain',
		operation: 'Update',
		filter: 'brand5',
		pickId: 5,
	},
];
/** The picker whose open list is the README's picture (docs/images/id-picker.png). */
const README_PICKER = 'qrCodeId';

/**
 * What each picker must list for the sandbox's records (`sandbox.store`), as the node names them:
 * "<name> (ID <id>)"; pixels also show their type, domains their address.
 */
export function idPickerNames(store) {
	const names = (records, label) => records.map((record) => `${label(record)} (ID ${record.id})`);
	return {
		campaignId: names(store.campaigns.list(), (c) => c.name),
		qrCodeId: names(store.qr.list(), (q) => q.name),
		channelId: names(store.channels.list(), (c) => c.name),
		pixelId: names(store.pixels.list(), (p) => `${p.name} · ${p.type}`),
		domainId: names(store.domains.list(), (d) => d.domain),
	};
}

/** What the editor must offer, read from the built node (dist/): resources and operations by display name. */
export function expectedFromNode() {
	const { LinkManagement } = require(
		path.join(REPO, 'dist', 'nodes', 'LinkManagement', 'LinkManagement.node.js'),
	);
	const { properties, description } = new LinkManagement().description;
	const resources = properties.find((p) => p.name === 'resource').options;
	const byResource = {};
	const actions = [];
	for (const resource of resources) {
		const operation = properties.find(
			(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource.value),
		);
		assert.ok(operation, `resource ${resource.value} has an Operation parameter`);
		byResource[resource.name] = operation.options.map((o) => o.name);
		actions.push(...operation.options.map((o) => o.action));
		// the values are the public interface (node-interface.md)
		assert.deepEqual(
			operation.options.map((o) => o.value).sort(),
			[...(OPERATIONS[resource.value] ?? [])].sort(),
			`operations of ${resource.value}`,
		);
	}
	assert.deepEqual(resources.map((r) => r.value).sort(), Object.keys(OPERATIONS).sort());
	return { resources: resources.map((r) => r.name), byResource, actions, description };
}

/**
 * Logs in, opens a new workflow, finds "Link Management" in the node panel, adds it and checks the
 * Resource and every Operation dropdown, checks the five "From List" ID pickers (open, filter, pick),
 * runs QR Code › Get Many with "Execute step", and optionally imports an example file through the
 * editor and runs it, and opens a saved AI agent workflow. Screenshots go to artifactsDir;
 * readmeImage (optional) gets the node panel with the QR Code › Get Many output, pickerImage the
 * QR Code picker, open and filtered.
 */
export async function checkEditor({
	baseUrl,
	email = OWNER.email,
	password = OWNER.password,
	artifactsDir,
	readmeImage,
	importExample, // { file, node, credentialName, items }: import through the editor and run it
	idPickers = true, // check the five "From List" ID pickers (ID_PICKERS)
	pickerNames, // { [field]: names the list must show } (idPickerNames(store)); without it, only their form is checked
	pickerImage, // optional: where to copy the screenshot of the QR code picker (docs/images/id-picker.png)
	openWorkflow, // { id, tools: [node names] }: a saved workflow whose tool nodes must show without issues
	openTrigger, // { id, node, subtitle, latest }: a saved trigger workflow; "Fetch Test Event" must show `latest`
	triggerImage, // optional: where to copy the screenshot of the trigger node (docs/images/trigger-in-editor.png)
	profileDir, // a fresh, empty chromium profile folder (removed afterwards); default: a new temp folder
	log = () => {},
}) {
	if (!fs.existsSync(CHROMIUM)) {
		throw new Error(
			`${CHROMIUM} not found: apt-get install -y chromium (or E2E_BROWSER=0 to skip this check)`,
		);
	}
	const expected = expectedFromNode();
	const { chromium } = require('playwright-core');
	fs.rmSync(artifactsDir, { recursive: true, force: true });
	fs.mkdirSync(artifactsDir, { recursive: true });
	const profile = profileDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lm-e2e-chromium-'));
	const context = await chromium.launchPersistentContext(profile, {
		executablePath: CHROMIUM,
		headless: true,
		args: CHROMIUM_ARGS,
		viewport: { width: 1440, height: 900 },
		timeout: 60_000,
	});
	let shot = 0;
	const page = context.pages()[0] ?? (await context.newPage());
	page.setDefaultTimeout(30_000);
	const screenshot = async (name) => {
		const file = path.join(artifactsDir, `${String(++shot).padStart(2, '0')}-${name}.png`);
		await page.screenshot({ path: file });
		return file;
	};
	const visibleOptions = async () =>
		(
			await page
				.locator('[data-test-id=parameter-input-item]:visible .option-headline')
				.allTextContents()
		).map((t) => t.trim());
	const openDropdown = async (parameter, settleMs = 300) => {
		await page.locator(`[data-test-id=parameter-input-${parameter}]`).click();
		await page.locator('[data-test-id=parameter-input-item]:visible').first().waitFor();
		if (settleMs) await page.waitForTimeout(settleMs); // let the dropdown finish its opening transition (screenshots)
	};
	const closeDropdown = async () => {
		await page.keyboard.press('Escape');
		await page
			.locator('[data-test-id=parameter-input-item]:visible')
			.first()
			.waitFor({ state: 'hidden' });
	};
	const pick = async (parameter, name, settleMs) => {
		await openDropdown(parameter, settleMs);
		await page
			.locator('[data-test-id=parameter-input-item]:visible', {
				has: page.locator('.option-headline', { hasText: new RegExp(`^${escape(name)}$`) }),
			})
			.click();
		await page
			.locator('[data-test-id=parameter-input-item]:visible')
			.first()
			.waitFor({ state: 'hidden' });
		await assertInputValue(parameter, name);
	};
	const assertInputValue = async (parameter, name) => {
		const value = await page
			.locator(`[data-test-id=parameter-input-${parameter}] input`)
			.first()
			.inputValue();
		assert.equal(value, name, `${parameter} shows ${name}`);
	};
	/** Polls `probe` (→ { ok, value }) every intervalMs until ok, for at most timeoutMs; returns the value. */
	const until = async (what, probe, { timeoutMs = 15_000, intervalMs = 150 } = {}) => {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const { ok, value } = await probe();
			if (ok) return value;
			if (Date.now() > deadline)
				throw new Error(
					`${what} (after ${timeoutMs} ms; last seen: ${JSON.stringify(value).slice(0, 800)})`,
				);
			await page.waitForTimeout(intervalMs);
		}
	};
	const rlcItems = () => page.locator('[data-test-id=rlc-item]:visible');
	const rlcNames = async () => (await rlcItems().allTextContents()).map((t) => t.trim());
	/** Waits for the open list to show `expected` (exactly), or, without it, a non-empty list that `accept`s and stays the same for one poll. */
	const waitForList = async (what, expected, accept = () => true) => {
		let previous;
		return await until(what, async () => {
			const names = await rlcNames();
			const ok = expected
				? JSON.stringify(names) === JSON.stringify(expected)
				: names.length > 0 &&
					names.every(accept) &&
					JSON.stringify(names) === JSON.stringify(previous);
			previous = names;
			return { ok, value: names };
		});
	};

	/**
	 * One "From List" ID picker: shown in list mode for its operation; opening it lists the service's
	 * records; a typed filter narrows the list (the node's listSearch filters); picking a record shows
	 * its name, and the parameter holds its ID (what "By ID" then shows).
	 */
	const checkIdPicker = async ({ field, resource, operation, filter, pickId }, expectedNames) => {
		await pick('resource', resource, 0); // no screenshot of these dropdowns: no need to let them settle
		await pick('operation', operation, 0);
		const locator = page.locator(`[data-test-id=resource-locator-${field}]`);
		await locator.waitFor();
		const mode = locator.locator('[data-test-id=rlc-mode-selector] input').first();
		const input = locator.locator('[data-test-id=rlc-input]').first();
		const chooseMode = async (name) => {
			await locator.locator('[data-test-id=rlc-mode-selector]').first().click();
			await page.locator(`[data-test-id=mode-${name}]:visible`).first().click();
		};
		if (!/list/i.test(await mode.inputValue())) await chooseMode('list');
		assert.match(await mode.inputValue(), /^From list$/i, `${field} is in "From List" mode`);

		await input.click();
		const listed = await waitForList(
			`${field}: the list shows the service's records`,
			expectedNames,
			(name) => /^.+ \(ID \d+\)$/.test(name),
		);
		await page.waitForTimeout(200); // the popover's opening transition (screenshot)
		await screenshot(`id-picker-${field}`);

		await page.locator('[data-test-id=rlc-search]:visible').first().fill(filter);
		const wanted = (name) => name.toLowerCase().includes(filter.toLowerCase());
		const filtered = await waitForList(
			`${field}: typing "${filter}" narrows the list`,
			expectedNames?.filter(wanted),
			wanted,
		);
		assert.ok(
			filtered.length > 0 && filtered.length < listed.length,
			`${field}: "${filter}" narrows ${listed.length} records to ${filtered.length}`,
		);
		const shot = await screenshot(`id-picker-${field}-filtered`);
		if (field === README_PICKER && pickerImage) {
			fs.mkdirSync(path.dirname(pickerImage), { recursive: true });
			fs.copyFileSync(shot, pickerImage);
		}

		const picked = filtered.find((name) => name.endsWith(`(ID ${pickId})`)) ?? filtered[0];
		const id = picked.match(/\(ID (\d+)\)$/)[1];
		await rlcItems()
			.filter({ hasText: new RegExp(`^\\s*${escape(picked)}\\s*$`) })
			.first()
			.click();
		await rlcItems().first().waitFor({ state: 'hidden' });
		assert.equal(await input.inputValue(), picked, `${field} shows the picked record`);
		await chooseMode('id');
		const held = await until(`${field}: "By ID" shows the picked record's ID ${id}`, async () => {
			const value = await input.inputValue();
			return { ok: value === id, value };
		});
		return { field, listed: listed.length, filtered: filtered.length, picked, id: held };
	};

	try {
		const login = await page.request.post(`${baseUrl}/rest/login`, {
			data: { emailOrLdapLoginId: email, email, password },
		});
		assert.equal(login.status(), 200, `login answered ${login.status()}`);

		await page.goto(`${baseUrl}/workflow/new`);
		await page.locator('[data-test-id=canvas-add-button]').waitFor({ timeout: 60_000 });
		await screenshot('new-workflow');

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

		// add it (as "Get the account") and open its parameters
		await actionOf('Get the account').first().click();
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
		assert.equal(operations, 28);
		log(`NDV: ${expected.resources.length} resources, ${operations} operations offered`);

		// The five ID pickers, on the same node (each resource change resets its parameters).
		const pickers = [];
		if (idPickers) {
			for (const spec of ID_PICKERS)
				pickers.push(await checkIdPicker(spec, pickerNames?.[spec.field]));
			log(
				`ID pickers: ${pickers.map((p) => `${p.field} ${p.listed} → ${p.filtered}, picked ID ${p.id}`).join('; ')}`,
			);
		}

		// For the README: QR Code › Get Many, executed against the credential's service.
		await pick('resource', 'QR Code');
		await pick('operation', 'Get Many');
		await page.locator('[data-test-id=node-execute-button]').first().click();
		const count = page
			.locator('[data-test-id=output-panel] [data-test-id=run-data-item-count]')
			.first();
		await count.waitFor({ timeout: 30_000 });
		const items = Number((await count.textContent()).match(/(\d+)\s+items?/)?.[1]);
		assert.ok(
			items > 0,
			`Execute step shows the QR codes of the service (${await count.textContent()})`,
		);
		await page.locator('[data-test-id=output-panel]', { hasText: 'QR code 1' }).waitFor();
		log(`Execute step: ${items} QR codes in the output panel`);
		const readme = await screenshot('qr-code-get-many');
		if (readmeImage) {
			fs.mkdirSync(path.dirname(readmeImage), { recursive: true });
			fs.copyFileSync(readme, readmeImage);
		}

		// An example file as users import it (Import from File), its credential placeholder untouched:
		// n8n resolves the credential by name, and the workflow runs from the editor.
		let imported;
		if (importExample) {
			await page.goto(`${baseUrl}/workflow/new`);
			await page.locator('[data-test-id=canvas-add-button]').waitFor({ timeout: 60_000 });
			await page
				.locator('[data-test-id=workflow-import-input]')
				.setInputFiles(path.join(REPO, importExample.file));
			const node = page.locator('[data-test-id=canvas-node]', { hasText: importExample.node });
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
			for (let waited = 0; credential !== importExample.credentialName && waited < 15_000;) {
				await page.waitForTimeout(250);
				waited += 250;
				credential = await credentialInput.inputValue();
			}
			assert.equal(
				credential,
				importExample.credentialName,
				'the imported node uses the credential of the same name',
			);
			const out = page
				.locator('[data-test-id=output-panel] [data-test-id=run-data-item-count]')
				.first();
			await out.waitFor({ timeout: 30_000 });
			imported = Number((await out.textContent()).match(/(\d+)\s+items?/)?.[1]);
			assert.equal(
				imported,
				importExample.items,
				`the imported example made ${importExample.items} items`,
			);
			await screenshot('imported-example-executed');
			log(`imported ${importExample.file}: credential "${credential}", ${imported} items`);
		}

		// A saved AI agent workflow (examples/ai-agent-link-manager.json): n8n knows the Tool variant
		// and shows no issues (missing parameters or credentials) on its tool nodes.
		let aiTools;
		if (openWorkflow) {
			await page.goto(`${baseUrl}/workflow/${openWorkflow.id}`);
			const toolNode = (name) =>
				page.locator(`[data-test-id=canvas-node][data-node-name="${name}"]`);
			for (const name of openWorkflow.tools) await toolNode(name).waitFor({ timeout: 60_000 });
			await page.waitForTimeout(1000); // issues are drawn once the node types are resolved
			assert.equal(
				await page.locator('[data-test-id=node-not-installed]').count(),
				0,
				'every node of the AI workflow is known',
			);
			for (const name of openWorkflow.tools) {
				assert.equal(
					await toolNode(name).locator('[data-test-id=node-issues]').count(),
					0,
					`the tool node "${name}" shows no issues`,
				);
			}
			await screenshot('ai-agent-workflow');
			await toolNode(openWorkflow.tools[0]).dblclick();
			await page.locator('[data-test-id=ndv]').waitFor();
			await page.locator('[data-test-id=parameter-input-toolDescription]').first().waitFor();
			await page.locator('[data-test-id=parameter-input-resource]').first().waitFor();
			await screenshot('ai-agent-tool-node');
			aiTools = openWorkflow.tools.length;
			log(`AI workflow ${openWorkflow.id}: ${aiTools} tool nodes, no issues`);
		}
		// A saved Link Management Trigger workflow: the node's subtitle names the event, and "Fetch
		// Test Event" (poll() in manual mode) shows the most recent record.
		let triggerTest;
		if (openTrigger) {
			await page.goto(`${baseUrl}/workflow/${openTrigger.id}`);
			const node = page.locator(`[data-test-id=canvas-node][data-node-name="${openTrigger.node}"]`);
			await node.waitFor({ timeout: 60_000 });
			await page
				.locator(`[data-test-id=canvas-node][data-node-name="${openTrigger.node}"]`, {
					hasText: openTrigger.subtitle,
				})
				.waitFor();
			await node.dblclick();
			await page.locator('[data-test-id=ndv]').waitFor();
			await assertInputValue('event', openTrigger.subtitle);
			await page.locator('[data-test-id=node-execute-button]').first().click();
			const out = page
				.locator('[data-test-id=output-panel] [data-test-id=run-data-item-count]')
				.first();
			await out.waitFor({ timeout: 30_000 });
			triggerTest = Number((await out.textContent()).match(/(\d+)\s+items?/)?.[1]);
			assert.equal(
				triggerTest,
				1,
				`"Fetch Test Event" shows one record (${await out.textContent()})`,
			);
			await page.locator('[data-test-id=output-panel]', { hasText: openTrigger.latest }).waitFor();
			await page.waitForTimeout(300);
			const shot = await screenshot('trigger-fetch-test-event');
			if (triggerImage) {
				fs.mkdirSync(path.dirname(triggerImage), { recursive: true });
				fs.copyFileSync(shot, triggerImage);
			}
			log(
				`trigger ${openTrigger.id}: "${openTrigger.subtitle}", Fetch Test Event → ${openTrigger.latest}`,
			);
		}
		return {
			triggerTest,
			resources: expected.resources.length,
			operations,
			pickers,
			executedItems: items,
			imported,
			aiTools,
		};
	} catch (error) {
		await screenshot('failure').catch(() => {});
		throw error;
	} finally {
		await context.close().catch(() => {});
		fs.rmSync(profile, { recursive: true, force: true });
	}
}

function escape(text) {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const arg = (name, fallback) => {
		const i = process.argv.indexOf(`--${name}`);
		return i > 0 ? process.argv[i + 1] : fallback;
	};
	const started = Date.now();
	const result = await checkEditor({
		baseUrl: arg('url', 'http://127.0.0.1:5678'),
		email: arg('email', OWNER.email),
		password: arg('password', OWNER.password),
		artifactsDir: path.join(REPO, 'test', 'artifacts', 'browser'),
		readmeImage: process.argv.includes('--readme-image')
			? path.join(REPO, 'docs', 'images', 'node-in-editor.png')
			: undefined,
		pickerImage: process.argv.includes('--readme-image')
			? path.join(REPO, 'docs', 'images', 'id-picker.png')
			: undefined,
		log: (...a) => console.log('[browser]', ...a),
	});
	console.log(
		`[browser] ok: ${JSON.stringify(result)} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
	);
}
