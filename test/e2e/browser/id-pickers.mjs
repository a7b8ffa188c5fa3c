// The six "From List" ID pickers in the editor (ID_PICKERS), on the node the node panel added:
// each shows its operation's field in list mode, lists the service's records as the node names
// them, narrows the list to a typed filter, and holds the picked record's ID.
import assert from 'node:assert/strict';

import { escape } from './editor-page.mjs';
import { ID_PICKERS, README_PICKER } from './expected.mjs';

/**
 * Checks every picker; `pickerNames` ({ [field]: names }, from idPickerNames) are what the lists
 * must show (without them, only their form is checked); `pickerImage` gets the QR Code picker,
 * open and filtered. Returns { field, listed, filtered, picked, id } per picker.
 */
export async function checkIdPickers(editor, { pickerNames, pickerImage, log }) {
	const pickers = [];
	for (const spec of ID_PICKERS)
		pickers.push(await checkIdPicker(editor, spec, pickerNames?.[spec.field], pickerImage));
	log(
		`ID pickers: ${pickers.map((p) => `${p.field} ${p.listed} → ${p.filtered}, picked ID ${p.id}`).join('; ')}`,
	);
	return pickers;
}

/**
 * One "From List" ID picker: shown in list mode for its operation; opening it lists the service's
 * records; a typed filter narrows the list (the node's listSearch filters); picking a record shows
 * its name, and the parameter holds its ID (what "By ID" then shows).
 */
async function checkIdPicker(
	editor,
	{ field, resource, operation, filter, pickId },
	expectedNames,
	pickerImage,
) {
	const { page, pick, waitForList, screenshot, copyShot, rlcItems, until } = editor;
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
	if (field === README_PICKER && pickerImage) copyShot(shot, pickerImage);

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
}
