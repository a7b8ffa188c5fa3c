// The newer parts of the node in the editor, on the node the node panel added: Link › Create,
// which shows its URL and its Additional Fields (before anything ran, so the output panel is
// empty in its picture), and QR Code › Download QR Image run with "Execute step", its file
// shown in the output panel's Binary view.
import assert from 'node:assert/strict';

/**
 * QR Code › Download QR Image of QR code `qrCodeId` (By ID), run with "Execute step": the output
 * panel offers the Binary view, which shows the file (name, MIME type). Its screenshot is copied
 * to `image` when given. Returns the file's name.
 */
export async function downloadQrImage(editor, { qrCodeId, image, log }) {
	const { page, pick, screenshot, copyShot, until, savedWith } = editor;
	await pick('resource', 'QR Code');
	await pick('operation', 'Download QR Image');
	const locator = page.locator('[data-test-id=resource-locator-qrCodeId]');
	await locator.locator('[data-test-id=rlc-mode-selector]').first().click();
	await page.locator('[data-test-id=mode-id]:visible').first().click();
	const input = locator.locator('[data-test-id=rlc-input]').first();
	// n8n 2.x runs a step from the saved workflow: the click saves a changed workflow, then runs
	// it (the run request carries no parameters). The editor takes a parameter's change at once
	// only when none came in the 100 ms before, else 100 ms after the last one (a debounce): the ID
	// typed right after the switch to By ID waits, and a click in that time saves and runs the
	// workflow without it ("Workflow execution cannot start … QR Code is required"). The editor
	// saves a change by itself 1.5 s later: once that save holds the ID, one click runs it.
	const saved = savedWith('qrCodeId', String(qrCodeId));
	await input.fill(String(qrCodeId));
	await input.press('Tab');
	await saved;
	await page.locator('[data-test-id=node-execute-button]').first().click();
	// The Binary view is offered once the output has a file (the Get Many before had none); a run
	// that cannot start fails the check with the toast's words.
	const binaryView = page.locator('[data-test-id=output-panel] [data-test-id=radio-button-binary]');
	const cannotStart = page.locator('.el-notification').filter({ hasText: 'cannot start' }).first();
	await until(
		'the output panel offers the Binary view',
		async () => {
			if (await binaryView.first().isVisible()) return { ok: true };
			if (await cannotStart.isVisible()) {
				const toast = (await cannotStart.textContent()).replace(/\s+/g, ' ').trim();
				throw new Error(`Download QR Image: ${toast}`);
			}
			return { ok: false, value: 'no output yet' };
		},
		{ timeoutMs: 30_000, intervalMs: 500 },
	);
	await binaryView.first().click();
	const fileName = `qr-code-${qrCodeId}.png`;
	const card = page.locator('[data-test-id=output-panel] [data-test-id=ndv-binary-data_0]');
	const shown = await until(`the Binary view shows ${fileName}`, async () => {
		const text = (await card.allTextContents()).join(' ');
		return { ok: text.includes(fileName) && text.includes('image/png'), value: text };
	});
	await page.waitForTimeout(300); // the view's transition (screenshot)
	const shot = await screenshot('qr-code-download-image');
	if (image) copyShot(shot, image);
	log(`Download QR Image: ${shown.replace(/\s+/g, ' ').trim()}`);
	return fileName;
}

/**
 * Link › Create on the open node: the URL field and the Additional Fields collection, which offers
 * the Link fields; the alias is added from it, then the Campaign, a picker that opens on
 * "From List" and lists the service's campaigns (`campaignNames`, when given, as the node names
 * them). Its screenshot, the list open, is copied to `image` when given. Returns the fields
 * offered.
 */
export async function showLinkCreate(editor, { image, campaignNames, log }) {
	const { page, pick, screenshot, copyShot, waitForList } = editor;
	await pick('resource', 'Link');
	await pick('operation', 'Create');
	const input = (parameter) =>
		page.locator(`[data-test-id=parameter-input-${parameter}]`).locator('input, textarea').first();
	await input('url').fill('https://example.com/summer-sale?ref=newsletter');
	const parameters = page.locator('[data-test-id=ndv] [data-test-id=node-parameters]').first();
	assert.ok(
		(await parameters.textContent()).includes('Additional Fields'),
		`Link › Create shows Additional Fields: ${(await parameters.textContent()).slice(0, 400)}`,
	);
	await page.locator('[data-test-id=collection-parameter-add]').first().click();
	const options = page.locator('[data-test-id=collection-parameter-option]:visible');
	await options.first().waitFor();
	const offered = (await options.allTextContents()).map((text) => text.trim());
	for (const field of [
		'Alias',
		'Branded Domain',
		'Campaign',
		'Channel',
		'CTA Overlay',
		'Expiry',
		'Geo Targeting',
		'Query Parameters',
	])
		assert.ok(offered.includes(field), `Additional Fields offers ${field}: ${offered.join(', ')}`);
	const addField = async (name) => {
		await page.locator('[data-test-id=collection-parameter-add]').first().click();
		await options.first().waitFor();
		await options
			.filter({ hasText: new RegExp(`^\\s*${name}\\s*$`) })
			.first()
			.click();
	};
	await options
		.filter({ hasText: /^\s*Alias\s*$/ })
		.first()
		.click();
	await input('custom').fill('summer-sale');
	await input('custom').evaluate((element) => element.blur()); // no input tip over the picture

	// A link's campaign is a picker (resource locator), From List first, as every record picker.
	await addField('Campaign');
	const campaign = page.locator('[data-test-id=resource-locator-campaign]');
	await campaign.waitFor();
	const mode = campaign.locator('[data-test-id=rlc-mode-selector] input').first();
	assert.match(await mode.inputValue(), /^From list$/i, 'Campaign opens in "From List" mode');
	await campaign.locator('[data-test-id=rlc-input]').first().click();
	const listed = await waitForList(
		"Campaign lists the service's campaigns",
		campaignNames,
		(name) => /^.+ \(ID \d+\)$/.test(name),
	);
	await page.waitForTimeout(300); // the popover's opening transition (screenshot)
	const shot = await screenshot('link-create');
	if (image) copyShot(shot, image);
	await page.keyboard.press('Escape');
	log(
		`Link › Create: URL, Additional Fields (${offered.length} fields), alias added, Campaign picker From List (${listed.length} campaigns)`,
	);
	return offered;
}
