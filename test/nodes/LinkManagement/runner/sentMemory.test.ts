/**
 * Create or Update remembers what it sent (runner/sentMemory.ts): on n8n's own engine, against
 * the sandbox, with the workflow's static data as n8n saves it (JSON, after an execution that is
 * not manual, failed ones too) handed to the next execution. A QR code's list shows none of its
 * data, so without the memory every matched QR code was updated on every run.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { select } from '../../../helpers';
import { runAgainst } from '../../../helpers/sandbox';
import type { Sandbox } from '../../../sandbox/server';
import { sandboxStarter } from '../../../sandbox/helpers';
import {
	MAX_REMEMBERED,
	STATIC_DATA_FIELD,
} from '../../../../nodes/LinkManagement/runner/sentMemory';
import { NODE_NAME } from '../../../harness';

const sandboxWith = sandboxStarter({ seed: 0, maxLimit: 0 });

/** A sheet of QR codes: each row's name and text. */
const qrSheet = (options: INodeParameters = {}) =>
	select('qrCode', 'upsert', {
		name: '={{ $json.name }}',
		type: 'text',
		data: '={{ $json.data }}',
		options,
	});
const rowsOf = (count: number, dataOf = (i: number) => `Menu ${i}`) =>
	Array.from({ length: count }, (_, i) => ({ json: { name: `Table ${i}`, data: dataOf(i) } }));
const outcomesOf = (items: INodeExecutionData[]) =>
	items.map(({ json }) => json.outcome ?? `error: ${String(json.error)}`);
const counted = (outcomes: unknown[]) =>
	outcomes.reduce<Record<string, number>>((counts, outcome) => {
		counts[String(outcome)] = (counts[String(outcome)] ?? 0) + 1;
		return counts;
	}, {});

/** Scheduled executions of one workflow: each starts from what n8n saved after the one before. */
function schedule(sandbox: Sandbox, parameters: INodeParameters = qrSheet()) {
	let saved: IDataObject | undefined;
	return {
		async run(items: INodeExecutionData[], more: { parameters?: INodeParameters } = {}) {
			sandbox.stats.byPath = {};
			const result = await runAgainst(sandbox, {
				parameters: more.parameters ?? parameters,
				items,
				mode: 'trigger',
				staticData: saved && (JSON.parse(JSON.stringify(saved)) as IDataObject),
			});
			saved = result.savedStaticData ?? saved;
			return { result, requests: { ...sandbox.stats.byPath }, outcomes: outcomesOf(result.items) };
		},
		/** The node's remembered entries, as saved. */
		entries: () =>
			((saved?.[`node:${NODE_NAME}`] as IDataObject | undefined)?.[STATIC_DATA_FIELD] ??
				{}) as Record<string, string>,
	};
}

describe('a QR code sheet run again on a schedule', () => {
	test('300 rows, then the same 300: the second run sends only the list read', async () => {
		const sandbox = await sandboxWith();
		const nightly = schedule(sandbox);

		const first = await nightly.run(rowsOf(300));
		const second = await nightly.run(rowsOf(300));

		expect(first.requests).toEqual({ 'GET /api/qr': 1, 'POST /api/qr/add': 300 });
		expect(second.requests).toEqual({ 'GET /api/qr': 1 });
		expect(counted(second.outcomes)).toEqual({ unchanged: 300 });
		expect(second.result.items[7].json).toMatchObject({ name: 'Table 7', outcome: 'unchanged' });
	}, 60_000);

	test('10 rows changed and 5 new: 10 updates and 5 creates; the run after, the list', async () => {
		const sandbox = await sandboxWith();
		const nightly = schedule(sandbox);
		await nightly.run(rowsOf(30));
		const changed = (i: number) => (i % 3 === 0 ? `New menu ${i}` : `Menu ${i}`);

		const second = await nightly.run(rowsOf(35, changed));
		const third = await nightly.run(rowsOf(35, changed));

		expect(second.requests).toEqual({
			'GET /api/qr': 1,
			'PUT /api/qr/:id/update': 10,
			'POST /api/qr/add': 5,
		});
		expect(counted(second.outcomes)).toEqual({ created: 5, updated: 10, unchanged: 20 });
		expect(second.outcomes[3]).toBe('updated');
		expect(sandbox.store.qr.list().find(({ name }) => name === 'Table 3')?.data).toBe('New menu 3');
		expect(third.requests).toEqual({ 'GET /api/qr': 1 });
	});

	test('a QR code deleted in the service is created again; the rest send nothing', async () => {
		const sandbox = await sandboxWith();
		const nightly = schedule(sandbox);
		await nightly.run(rowsOf(20));
		const deleted = sandbox.store.qr.list().find(({ name }) => name === 'Table 4');
		sandbox.store.qr.remove(Number(deleted?.id));

		const second = await nightly.run(rowsOf(20));
		const third = await nightly.run(rowsOf(20));

		expect(second.requests).toEqual({ 'GET /api/qr': 1, 'POST /api/qr/add': 1 });
		expect(second.outcomes[4]).toBe('created');
		expect(third.requests).toEqual({ 'GET /api/qr': 1 });
	});

	test('a QR code made again under another ID with the same name is updated', async () => {
		const sandbox = await sandboxWith();
		const nightly = schedule(sandbox);
		await nightly.run(rowsOf(5));
		// Deleted and made again in the service's interface: same name, other ID, other data.
		const [first] = sandbox.store.qr.list();
		sandbox.store.qr.remove(Number(first.id));
		sandbox.store.qr.insert((id) => ({ ...first, id, data: 'Made by hand' }));

		const second = await nightly.run(rowsOf(5));

		expect(second.requests).toEqual({ 'GET /api/qr': 1, 'PUT /api/qr/:id/update': 1 });
		expect(sandbox.store.qr.list().find(({ name }) => name === 'Table 0')?.data).toBe('Menu 0');
	});

	test('a run stopped by an outage at its 16th row: the next sends only the 15 missing', async () => {
		const sandbox = await sandboxWith();
		const nightly = schedule(sandbox);
		let creates = 0;
		// The service goes down after the 15th create: every request after it is refused.
		sandbox.setFaults({
			decide: ({ method }) => (method === 'POST' && ++creates > 15 ? '503' : null),
		});

		const stopped = await nightly.run(rowsOf(30));
		sandbox.setFaults({});
		const resumed = await nightly.run(rowsOf(30));
		const after = await nightly.run(rowsOf(30));

		expect(stopped.result.error).toBeDefined();
		expect(sandbox.store.qr.size).toBe(30);
		expect(Object.keys(nightly.entries())).toHaveLength(30);
		expect(resumed.requests).toEqual({ 'GET /api/qr': 1, 'POST /api/qr/add': 15 });
		expect(counted(resumed.outcomes)).toEqual({ unchanged: 15, created: 15 });
		expect(after.requests).toEqual({ 'GET /api/qr': 1 });
	});

	test('Always Update: every matched QR code is updated; the run after, nothing', async () => {
		const sandbox = await sandboxWith();
		const nightly = schedule(sandbox);
		await nightly.run(rowsOf(10));
		// Changed in the service's own interface: the list does not show it.
		sandbox.store.qr.list()[2].data = 'Changed by hand';

		const skipped = await nightly.run(rowsOf(10));
		const always = await nightly.run(rowsOf(10), {
			parameters: qrSheet({ alwaysUpdate: true }),
		});
		const after = await nightly.run(rowsOf(10));

		expect(skipped.requests).toEqual({ 'GET /api/qr': 1 });
		expect(always.requests).toEqual({ 'GET /api/qr': 1, 'PUT /api/qr/:id/update': 10 });
		expect(counted(always.outcomes)).toEqual({ updated: 10 });
		expect(sandbox.store.qr.list()[2].data).toBe('Menu 2');
		expect(after.requests).toEqual({ 'GET /api/qr': 1 });
	});

	test('a manual run (the editor) is not saved: the next run updates what it sent', async () => {
		const sandbox = await sandboxWith();

		const manual = await runAgainst(sandbox, { parameters: qrSheet(), items: rowsOf(5) });
		sandbox.stats.byPath = {};
		const next = await runAgainst(sandbox, {
			parameters: qrSheet(),
			items: rowsOf(5),
			mode: 'trigger',
			staticData: manual.savedStaticData,
		});

		expect(manual.savedStaticData).toBeUndefined();
		expect(sandbox.stats.byPath).toEqual({ 'GET /api/qr': 1, 'PUT /api/qr/:id/update': 5 });
		expect(next.savedStaticData).toBeDefined();
	});

	test('two executions from the same saved data: the last save wins, the lost one resends', async () => {
		const sandbox = await sandboxWith();
		const nightly = schedule(sandbox);
		await nightly.run(rowsOf(10));
		const loaded = JSON.parse(JSON.stringify(nightly.entries())) as IDataObject;
		const staticData = () => ({ [`node:${NODE_NAME}`]: { [STATIC_DATA_FIELD]: { ...loaded } } });
		const changed = (i: number) => (i < 3 ? `New menu ${i}` : `Menu ${i}`);
		const run = async (items: INodeExecutionData[]) =>
			await runAgainst(sandbox, {
				parameters: qrSheet(),
				items,
				mode: 'trigger',
				staticData: staticData(),
			});

		// Both loaded the same data; the one with the old sheet saves last.
		await run(rowsOf(10, changed));
		const lastSave = await run(rowsOf(10));
		sandbox.stats.byPath = {};
		const next = await runAgainst(sandbox, {
			parameters: qrSheet(),
			items: rowsOf(10, changed),
			mode: 'trigger',
			staticData: lastSave.savedStaticData,
		});

		// The records hold the changed data; the memory the old: the changed rows are sent again.
		expect(sandbox.store.qr.list()[0].data).toBe('New menu 0');
		expect(sandbox.stats.byPath).toEqual({ 'GET /api/qr': 1, 'PUT /api/qr/:id/update': 3 });
		expect(outcomesOf(next.items).slice(0, 4)).toEqual([
			'updated',
			'updated',
			'updated',
			'unchanged',
		]);
	});
});

describe('what is kept', () => {
	test(`at most ${MAX_REMEMBERED} records, the oldest forgotten first; about 36 bytes each`, async () => {
		const sandbox = await sandboxWith();
		const nightly = schedule(sandbox);
		await nightly.run(rowsOf(3));
		const mine = nightly.entries();
		// As full as it can be: the node's 3 entries, the oldest, then others.
		const filler = Object.fromEntries(
			Array.from({ length: MAX_REMEMBERED - 3 }, (_, i) => [`filler${i}`, `${i}:abcdefghijkl`]),
		);
		const full = { [`node:${NODE_NAME}`]: { [STATIC_DATA_FIELD]: { ...mine, ...filler } } };

		sandbox.stats.byPath = {};
		const result = await runAgainst(sandbox, {
			parameters: qrSheet(),
			items: [...rowsOf(3), { json: { name: 'Table new', data: 'Menu new' } }],
			mode: 'trigger',
			staticData: full,
		});
		const kept = (result.savedStaticData?.[`node:${NODE_NAME}`] as IDataObject)[
			STATIC_DATA_FIELD
		] as Record<string, string>;

		// Its 3 rows are confirmed (the newest now), so the oldest filler makes room for the new one.
		expect(sandbox.stats.byPath).toEqual({ 'GET /api/qr': 1, 'POST /api/qr/add': 1 });
		expect(Object.keys(kept)).toHaveLength(MAX_REMEMBERED);
		expect(kept).not.toHaveProperty('filler0');
		expect(kept).toHaveProperty('filler1');
		expect(Object.keys(kept).slice(-4, -1).sort()).toEqual(Object.keys(mine).sort());
		const bytes = JSON.stringify(Object.fromEntries(Object.entries(kept).slice(-4))).length;
		expect(bytes / 4).toBeLessThanOrEqual(40);
	});

	test('nothing of the row in clear: the record ID and two 12-character hashes', async () => {
		const sandbox = await sandboxWith();
		const nightly = schedule(sandbox);

		await nightly.run([{ json: { name: 'Secret table', data: 'Wi-Fi password hunter2' } }]);

		const entries = nightly.entries();
		const [id] = sandbox.store.qr.list().map((qr) => qr.id);
		expect(Object.entries(entries)).toEqual([
			[
				expect.stringMatching(/^[\w-]{12}$/),
				expect.stringMatching(new RegExp(`^${id}:[\\w-]{12}$`)),
			],
		]);
		expect(JSON.stringify(entries)).not.toMatch(/Secret|hunter2|Table/);
	});
});

describe('links, for the fields their list does not show', () => {
	const linkSheet = select('link', 'upsert', {
		matchOn: 'alias',
		custom: '={{ $json.alias }}',
		url: '={{ $json.url }}',
		additionalFields: { description: '={{ $json.note }}', password: '={{ $json.password }}' },
	});
	const links = (note = 'Spring') =>
		Array.from({ length: 5 }, (_, i) => ({
			json: { alias: `spring-${i}`, url: `https://example.com/${i}`, note, password: 'open' },
		}));

	test('a password the list does not show: sent once; a description it shows: compared', async () => {
		const sandbox = await sandboxWith();
		const nightly = schedule(sandbox, linkSheet);

		await nightly.run(links());
		const same = await nightly.run(links());
		// Changed in the service: the list shows the description, so the row is sent again.
		sandbox.store.links.list()[1].description = 'Edited by hand';
		const edited = await nightly.run(links());

		expect(same.requests).toEqual({ 'GET /api/urls': 1 });
		expect(edited.requests).toEqual({ 'GET /api/urls': 1, 'PUT /api/url/:id/update': 1 });
		expect(edited.outcomes[1]).toBe('updated');
	});
});
