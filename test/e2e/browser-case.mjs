// The editor check as the e2e suite runs it (n8n 2.x, after the server cases): what browser.mjs
// is given (the documentation's pictures when missing or asked for, the example to import, the
// names the ID pickers must list, the AI example, the trigger example and the webhook trigger
// example when their cases were selected) and the one-line note made of what it found.
import fs from 'node:fs';

import { triggerCase, webhookTriggerCase } from './cases.mjs';
import { bulkQrCodesWithSampleRows } from './cases/sheet-templates.mjs';
import { makeTempDir } from './lib/cleanup.mjs';
import { webhookAddresses } from './lib/webhooks.mjs';
import {
	loadWorkflow,
	PACKAGE_WEBHOOK_TRIGGER_NODE_TYPE,
	toolNodeNames,
} from './lib/workflows.mjs';
import { timed } from './report.mjs';
import {
	BROWSER_ARTIFACTS,
	CREDENTIAL,
	LINK_CREATE_IMAGE,
	PICKER_IMAGE,
	QR_IMAGE_OUTPUT_IMAGE,
	README_IMAGE,
	TRIGGER_IMAGE,
	UPDATE_README_IMAGE,
	WEBHOOK_TRIGGER_IMAGE,
} from './settings.mjs';

export const EDITOR_CHECK =
	'editor in chromium: every resource and operation, the 6 ID pickers, a QR image, Link › Create, an imported example, the webhook trigger';

const AI_EXAMPLE = 'examples/ai-agent-link-manager.json';

/** A picture of the README: written when missing, or always with E2E_UPDATE_README_IMAGE=1. */
const picture = (file) => (UPDATE_README_IMAGE || !fs.existsSync(file) ? file : undefined);

/** For the browser: the saved AI example and its Link Management tool nodes. */
function toolNodesOf(workflow) {
	return {
		id: workflow.id,
		tools: toolNodeNames(workflow),
	};
}

/**
 * Runs browser.mjs's checkEditor against the running n8n (a timed step) and checks that the
 * example run from the editor created its 6 QR codes. `serverCases` are the selected server cases:
 * the AI, trigger and webhook trigger examples are opened only when theirs ran.
 */
export async function editorCheck({ label, n8n, sandbox, serverCases }) {
	const { checkEditor, idPickerNames } = await import('./browser.mjs');
	const aiExample = serverCases.find((c) => c.file === AI_EXAMPLE);
	// The webhook trigger example, with the random ID the suite gave its node on import.
	const webhookExample = serverCases.includes(webhookTriggerCase)
		? loadWorkflow(webhookTriggerCase.file).id
		: undefined;
	const webhook = webhookExample && {
		id: webhookExample,
		node: 'Link created or clicked',
		subtitle: 'On Link Created or Clicked',
		webhookId: (await webhookAddresses(n8n, webhookExample, PACKAGE_WEBHOOK_TRIGGER_NODE_TYPE))
			.webhookId,
	};
	// The example to import, its sample rows pinned where the user's sheet would give them.
	const bulkQrCodes = await bulkQrCodesWithSampleRows(n8n, makeTempDir('lm-e2e-import-'));
	sandbox.reset();
	const res = await timed(`${label}: browser check`, () =>
		checkEditor({
			baseUrl: n8n.baseUrl,
			profileDir: makeTempDir('lm-e2e-chromium-'),
			artifactsDir: BROWSER_ARTIFACTS,
			readmeImage: picture(README_IMAGE),
			importExample: {
				file: bulkQrCodes,
				node: 'Create or update QR code',
				credentialName: CREDENTIAL.name,
				items: 6,
			},
			pickerNames: idPickerNames(sandbox.store),
			pickerImage: picture(PICKER_IMAGE),
			qrImageImage: picture(QR_IMAGE_OUTPUT_IMAGE),
			linkCreateImage: picture(LINK_CREATE_IMAGE),
			openWorkflow: aiExample && toolNodesOf(loadWorkflow(aiExample.file)),
			openTrigger: serverCases.includes(triggerCase) && {
				id: loadWorkflow(triggerCase.file).id,
				node: 'New QR code',
				subtitle: 'On New QR Code',
				// read when the browser gets there: the imported example adds QR codes first
				get latest() {
					return sandbox.store.qr.list().at(-1).name;
				},
			},
			triggerImage: picture(TRIGGER_IMAGE),
			openWebhook: webhook,
			webhookImage: picture(WEBHOOK_TRIGGER_IMAGE),
		}),
	);
	if (sandbox.store.qr.created !== 6)
		throw new Error(
			`the example run in the editor created ${sandbox.store.qr.created} QR codes, not 6`,
		);
	const pickers = res.pickers
		.map((p) => `${p.field} ${p.listed}→${p.filtered}→ID ${p.id}`)
		.join(', ');
	return {
		note: `${res.resources} resources, ${res.operations} operations${res.triggerTest ? `; trigger: Fetch Test Event ${res.triggerTest} item` : ''}${res.webhookUrl ? `; webhook trigger: ${res.webhookUrl}` : ''}; ID pickers (listed→filtered→picked): ${pickers}; Link › Create: ${res.linkFields} Additional Fields; Execute step: ${res.executedItems} items, then ${res.qrImage}; imported example: ${res.imported} QR codes${res.aiTools ? `; AI example: ${res.aiTools} tool nodes without issues` : ''}`,
	};
}
