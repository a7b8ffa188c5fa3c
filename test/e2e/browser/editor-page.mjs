// The n8n editor's page as the browser check works with it: numbered screenshots, the parameter
// dropdowns of the node's panel (NDV), the list of a "From List" ID picker, the output panel's item
// count, and waiting (bounded) for what the page shows. Selectors are n8n's data-test-ids.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

/** `text` as a literal in a RegExp. */
export function escape(text) {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Helpers bound to a playwright `page`; screenshots go to `artifactsDir` as 01-<name>.png, … */
export function editorPage(page, artifactsDir) {
	let shot = 0;
	const screenshot = async (name) => {
		const file = path.join(artifactsDir, `${String(++shot).padStart(2, '0')}-${name}.png`);
		await page.screenshot({ path: file });
		return file;
	};
	/** Copies a screenshot to one of the documentation's pictures (docs/images/). */
	const copyShot = (file, target) => {
		fs.mkdirSync(path.dirname(target), { recursive: true });
		fs.copyFileSync(file, target);
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
	const assertInputValue = async (parameter, name) => {
		const value = await page
			.locator(`[data-test-id=parameter-input-${parameter}] input`)
			.first()
			.inputValue();
		assert.equal(value, name, `${parameter} shows ${name}`);
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
	 * The output panel's "<n> items" once it shows (for a node with an error output, its
	 * "Success Branch (<n> items)" tab): { items: n, counter: its locator }.
	 */
	const outputItemCount = async () => {
		const panel = page.locator('[data-test-id=output-panel]');
		const counter = panel
			.locator('[data-test-id=run-data-item-count]')
			.or(page.locator('[data-test-id=ndv]').getByText(/Success Branch\s*\(\d+ items?\)/))
			.first();
		await counter.waitFor({ timeout: 30_000 });
		return { items: Number((await counter.textContent()).match(/(\d+)\s+items?/)?.[1]), counter };
	};
	/**
	 * Resolves once the editor has saved the workflow (PATCH /rest/workflows/<id>, answered 2xx)
	 * with a node whose `parameter` holds `value` (a resource locator's value too); call it before
	 * the change whose save it waits for.
	 */
	const savedWith = (parameter, value, timeoutMs = 30_000) =>
		page.waitForResponse(
			(response) => {
				const request = response.request();
				const { pathname } = new URL(request.url());
				if (request.method() !== 'PATCH' || !/^\/rest\/workflows\/[^/]+$/.test(pathname))
					return false;
				const nodes = JSON.parse(request.postData() || '{}').nodes ?? [];
				return (
					response.ok() &&
					nodes.some(({ parameters = {} }) => {
						const saved = parameters[parameter];
						return (saved?.__rl ? saved.value : saved) === value;
					})
				);
			},
			{ timeout: timeoutMs },
		);
	/** A new, empty workflow, once its canvas can take a node. */
	const newWorkflow = async (baseUrl) => {
		await page.goto(`${baseUrl}/workflow/new`);
		await page.locator('[data-test-id=canvas-add-button]').waitFor({ timeout: 60_000 });
	};
	return {
		page,
		screenshot,
		copyShot,
		visibleOptions,
		openDropdown,
		closeDropdown,
		assertInputValue,
		pick,
		until,
		rlcItems,
		waitForList,
		outputItemCount,
		savedWith,
		newWorkflow,
	};
}
