#!/usr/bin/env node
// The node in the n8n editor, in Debian's chromium driven by playwright-core (never `playwright install`).
// Part of npm run test:e2e (n8n 2.x); on its own against a running n8n (e.g. npm run dev):
//   node test/e2e/browser.mjs [--url http://127.0.0.1:5678] [--email ...] [--password ...]
//
// This file: chromium, the login, and the checks in their order (each in browser/: node-panel,
// id-pickers, workflows, link-steps; what the editor must show in expected.mjs, the page's helpers in
// editor-page.mjs).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

import { editorPage } from './browser/editor-page.mjs';
import { expectedFromNode } from './browser/expected.mjs';
import { checkIdPickers } from './browser/id-pickers.mjs';
import { downloadQrImage, showLinkCreate } from './browser/link-steps.mjs';
import { checkNodePanel } from './browser/node-panel.mjs';
import {
	executeStep,
	importAndRun,
	openAiWorkflow,
	openTriggerWorkflow,
	openWebhookTrigger,
} from './browser/workflows.mjs';
import { OWNER } from './lib/n8n.mjs';
import { REPO } from './lib/sandbox.mjs';
import {
	BROWSER_ARTIFACTS,
	LINK_CREATE_IMAGE,
	PICKER_IMAGE,
	QR_IMAGE_OUTPUT_IMAGE,
	README_IMAGE,
} from './settings.mjs';

export { expectedFromNode, ID_PICKERS, idPickerNames } from './browser/expected.mjs';

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

/**
 * Logs in, opens a new workflow, finds "Link Management" in the node panel, adds it and checks the
 * Resource and every Operation dropdown, checks the six "From List" ID pickers (open, filter, pick),
 * shows Link › Create, runs QR Code › Get Many and QR Code › Download QR Image (its file in the
 * Binary view) with "Execute step", and optionally imports an example file through the editor
 * and runs it, and opens a saved AI agent workflow, a trigger workflow and a webhook trigger
 * workflow. Screenshots go to artifactsDir; readmeImage
 * (optional) gets the node panel with the QR Code › Get Many output, pickerImage the QR Code
 * picker, open and filtered, qrImageImage the downloaded file, linkCreateImage Link › Create.
 */
export async function checkEditor({
	baseUrl,
	email = OWNER.email,
	password = OWNER.password,
	artifactsDir,
	readmeImage,
	importExample, // { file, node, credentialName, items }: import through the editor and run it
	idPickers = true, // check the six "From List" ID pickers (ID_PICKERS)
	pickerNames, // { [field]: names the list must show } (idPickerNames(store)); without it, only their form is checked
	pickerImage, // optional: where to copy the screenshot of the QR code picker (docs/images/id-picker.png)
	qrImageImage, // optional: where to copy the screenshot of the downloaded QR image (docs/images/qr-image-output.png)
	linkCreateImage, // optional: where to copy the screenshot of Link › Create (docs/images/link-create.png)
	openWorkflow, // { id, tools: [node names] }: a saved workflow whose tool nodes must show without issues
	openTrigger, // { id, node, subtitle, latest }: a saved trigger workflow; "Fetch Test Event" must show `latest`
	triggerImage, // optional: where to copy the screenshot of the trigger node (docs/images/trigger-in-editor.png)
	openWebhook, // { id, node, subtitle, webhookId }: a saved webhook trigger workflow; its addresses and instructions must show
	webhookImage, // optional: where to copy the screenshot of the webhook trigger (docs/images/webhook-trigger-in-editor.png)
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
	const page = context.pages()[0] ?? (await context.newPage());
	page.setDefaultTimeout(30_000);
	const editor = editorPage(page, artifactsDir);

	try {
		const login = await page.request.post(`${baseUrl}/rest/login`, {
			data: { emailOrLdapLoginId: email, email, password },
		});
		assert.equal(login.status(), 200, `login answered ${login.status()}`);

		await editor.newWorkflow(baseUrl);
		await editor.screenshot('new-workflow');
		const operations = await checkNodePanel(editor, expected, log);
		// The six ID pickers, on the same node (each resource change resets its parameters).
		const pickers = idPickers
			? await checkIdPickers(editor, { pickerNames, pickerImage, log })
			: [];
		const linkFields = await showLinkCreate(editor, {
			image: linkCreateImage,
			campaignNames: pickerNames?.campaignId,
			log,
		});
		const items = await executeStep(editor, { readmeImage, log });
		const qrImage = await downloadQrImage(editor, { qrCodeId: 3, image: qrImageImage, log });
		const imported = importExample
			? await importAndRun(editor, { baseUrl, example: importExample, log })
			: undefined;
		const aiTools = openWorkflow
			? await openAiWorkflow(editor, { baseUrl, workflow: openWorkflow, log })
			: undefined;
		const triggerTest = openTrigger
			? await openTriggerWorkflow(editor, { baseUrl, trigger: openTrigger, triggerImage, log })
			: undefined;
		const webhookUrl = openWebhook
			? await openWebhookTrigger(editor, {
					baseUrl,
					webhook: openWebhook,
					image: webhookImage,
					log,
				})
			: undefined;
		return {
			triggerTest,
			webhookUrl,
			resources: expected.resources.length,
			operations,
			pickers,
			executedItems: items,
			qrImage,
			linkFields: linkFields.length,
			imported,
			aiTools,
		};
	} catch (error) {
		await editor.screenshot('failure').catch(() => {});
		throw error;
	} finally {
		await context.close().catch(() => {});
		fs.rmSync(profile, { recursive: true, force: true });
	}
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const arg = (name, fallback) => {
		const i = process.argv.indexOf(`--${name}`);
		return i > 0 ? process.argv[i + 1] : fallback;
	};
	/** With --readme-image: the README's picture. */
	const readmePicture = (file) => (process.argv.includes('--readme-image') ? file : undefined);
	const started = Date.now();
	const result = await checkEditor({
		baseUrl: arg('url', 'http://127.0.0.1:5678'),
		email: arg('email', OWNER.email),
		password: arg('password', OWNER.password),
		artifactsDir: BROWSER_ARTIFACTS,
		readmeImage: readmePicture(README_IMAGE),
		pickerImage: readmePicture(PICKER_IMAGE),
		qrImageImage: readmePicture(QR_IMAGE_OUTPUT_IMAGE),
		linkCreateImage: readmePicture(LINK_CREATE_IMAGE),
		log: (...a) => console.log('[browser]', ...a),
	});
	console.log(
		`[browser] ok: ${JSON.stringify(result)} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
	);
}
