/**
 * Runs the Link Management Trigger's `poll()` as n8n does: through n8n-core's own PollContext,
 * on a Workflow whose static data stays between polls of one activation (the same Workflow
 * object, as n8n's active workflows keep it) and is saved as JSON whenever it changed (as
 * n8n saves it), so that a restart can start from what was saved. HTTP is answered by nock
 * (`fakeService`) or by the sandbox.
 */
import nock from 'nock';
import { PollContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INodeExecutionData,
	INodeParameters,
	WorkflowActivateMode,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { LinkManagementTrigger } from '../../nodes/LinkManagement/LinkManagementTrigger.node';
import { clock } from '../../nodes/LinkManagement/transport/clock';
import {
	activeWorkflowOf,
	nodeWithCredential,
	TEST_BASE_URL,
	TEST_CREDENTIALS,
	triggerAdditionalData,
	withDefaults,
} from '../harness';
import { minutesAfter2024 } from './fixtures';
import { AUTHORIZATION } from './service';

export const TRIGGER_TYPE = 'n8n-nodes-link-management.linkManagementTrigger';
export const TRIGGER_NAME = 'Link Management Trigger';
export const triggerType = new LinkManagementTrigger();

export interface PollResult {
	/** What poll() returned: `null`, or the items of its one output. */
	items: INodeExecutionData[] | null;
	error?: Error & { description?: string | null; httpCode?: string | null };
}

export interface ActiveTrigger {
	/** One poll in trigger mode (a poll of the active workflow), or in manual mode ("Fetch Test Event"). */
	poll(mode?: 'trigger' | 'manual'): Promise<PollResult>;
	/** The JSON of a poll's items (throws when the poll failed). */
	emitted(mode?: 'trigger' | 'manual'): Promise<IDataObject[] | null>;
	/** The node's static data as n8n last saved it (JSON). */
	saved(): IDataObject;
	/** How many times n8n would have saved the static data. */
	saves: number;
	/** n8n restarted: the workflow is built again from the saved static data ('init'). */
	restart(): void;
	/** The user deactivated the workflow, then activated it again ('activate'). */
	reactivate(): void;
	/** n8n restarted with this as the node's saved static data. */
	restartWith(nodeStaticData: IDataObject): void;
	/** The user changed the node's parameters and saved: activated again with the saved static data. */
	reconfigure(parameters: INodeParameters): void;
}

/**
 * The time n8n gives a poll: n8n-core's own (5 minutes on its default scheduler) unless given;
 * `null` as n8n 1.x, whose poll contexts have no `getPollBudgetMs`.
 */
export interface PollTime {
	pollBudgetMs?: number | null;
}

export function givePollTime(context: PollContext, pollBudgetMs: number | null | undefined): void {
	const own = context as unknown as { getPollBudgetMs?: () => number };
	if (pollBudgetMs === null) delete own.getPollBudgetMs;
	else if (pollBudgetMs !== undefined) own.getPollBudgetMs = () => pollBudgetMs;
}

/** The trigger's node as a workflow holds it, with its parameters' defaults filled. */
export function triggerNode(parameters: INodeParameters) {
	const node = nodeWithCredential(
		triggerType,
		TRIGGER_TYPE,
		['c6a1d2e3-0000-4000-8000-000000000013', TRIGGER_NAME],
		parameters,
	);
	return node;
}

/** A trigger node with these parameters (defaults filled as the editor stores them), activated. */
export function activeTrigger(
	parameters: INodeParameters,
	credentials: ICredentialDataDecryptedObject = TEST_CREDENTIALS,
	{ pollBudgetMs }: PollTime = {},
): ActiveTrigger {
	const node = triggerNode(parameters);
	const configure = (given: INodeParameters) => {
		node.parameters = withDefaults(triggerType, node, given);
	};
	const additionalData = triggerAdditionalData(credentials, {
		userId: 'test-user',
	});

	let savedJson = '{}';
	const build = () =>
		activeWorkflowOf(
			'trigger-workflow',
			node,
			[triggerType, TRIGGER_TYPE],
			JSON.parse(savedJson) as IDataObject,
		);
	// n8n keeps one poll context per activation and polls through it again; how the workflow
	// was activated is the context's activation mode.
	let workflow: Workflow;
	let activeContext: PollContext;
	const activate = (activation: WorkflowActivateMode) => {
		workflow = build();
		activeContext = new PollContext(workflow, node, additionalData, 'trigger', activation);
		givePollTime(activeContext, pollBudgetMs);
	};
	activate('activate');

	const trigger: ActiveTrigger = {
		saves: 0,
		async poll(mode = 'trigger') {
			const context =
				mode === 'manual'
					? new PollContext(workflow, node, additionalData, 'manual', 'manual')
					: activeContext;
			try {
				const output = await triggerType.poll!.call(context);
				return { items: output === null ? null : output[0] };
			} catch (error) {
				return { items: null, error: error as PollResult['error'] };
			} finally {
				// n8n saves the static data when it changed (after an emit, or a poll without items).
				if (workflow.staticData.__dataChanged === true) {
					savedJson = JSON.stringify(workflow.staticData);
					workflow.staticData.__dataChanged = false;
					trigger.saves++;
				}
			}
		},
		async emitted(mode = 'trigger') {
			const { items, error } = await trigger.poll(mode);
			if (error) throw error;
			return items && items.map((item) => item.json);
		},
		saved() {
			return ((JSON.parse(savedJson) as IDataObject)[`node:${TRIGGER_NAME}`] ?? {}) as IDataObject;
		},
		restart() {
			activate('init');
		},
		reactivate() {
			activate('activate');
		},
		restartWith(nodeStaticData) {
			savedJson = JSON.stringify({ [`node:${TRIGGER_NAME}`]: nodeStaticData });
			activate('init');
		},
		reconfigure(changed) {
			configure(changed);
			activate('update');
		},
	};
	return trigger;
}

/** What a list endpoint of the fake service holds; changed by the test between polls. */
export interface FakeList {
	records: IDataObject[];
	/** Records without an ID that the service appends to every page (system domains). */
	onEveryPage?: IDataObject[];
	/** The largest page the service gives, whatever is asked. */
	pageCap?: number;
}

export type Fault = 'network' | { status: number; body: unknown; headers?: Record<string, string> };

export interface FakeService {
	/** Lists by path below the host, e.g. `/api/qr`; the collection key is the path's own. */
	lists: Record<string, FakeList>;
	/** Every request answered: path, page and limit. */
	requests: Array<{ path: string; page: number; limit: number }>;
	/** Called before each answer; returns a fault to answer with instead (or nothing). */
	fault?: (request: { path: string; page: number }) => Fault | undefined;
	/** Each answer comes this late (a slow service). */
	delayMs?: number;
}

const COLLECTION_KEYS: Array<[RegExp, string]> = [
	[/^\/api\/campaigns$/, 'campaigns'],
	[/^\/api\/qr$/, 'qrs'],
	[/^\/api\/channels$/, 'channels'],
	[/^\/api\/channel\/\d+$/, 'items'],
	[/^\/api\/pixels$/, 'pixels'],
	[/^\/api\/domains$/, 'domains'],
	[/^\/api\/splash$/, 'splash'],
	[/^\/api\/overlay$/, 'cta'],
	[/^\/api\/urls$/, 'urls'],
];

/**
 * A stand-in for the service on nock, answering GET lists page by page from `lists` as the
 * reference describes them (envelope with result, perpage, currentpage, nextpage, maxpage),
 * with the test's key only; for the whole test.
 */
export function fakeService(lists: Record<string, FakeList> = {}): FakeService {
	const service: FakeService = { lists, requests: [] };
	nock(TEST_BASE_URL)
		.persist()
		.matchHeader('authorization', AUTHORIZATION)
		.get(/^\/api\//)
		.query(true)
		.reply(function (uri, _body, answer) {
			// On the transport's clock: virtual in a test that uses virtual time.
			const callback: typeof answer = (error, result) => {
				if (service.delayMs) void clock.sleep(service.delayMs).then(() => answer(error, result));
				else answer(error, result);
			};
			const url = new URL(uri, 'http://placeholder.invalid');
			const page = Number(url.searchParams.get('page') ?? 1);
			const limit = Number(url.searchParams.get('limit') ?? 15);
			const fault = service.fault?.({ path: url.pathname, page });
			if (fault === 'network') {
				callback(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }), [0, '']);
				return;
			}
			if (fault) {
				callback(null, [fault.status, fault.body as nock.Body, fault.headers ?? {}]);
				return;
			}
			service.requests.push({ path: url.pathname, page, limit });
			const key = COLLECTION_KEYS.find(([path]) => path.test(url.pathname))?.[1];
			const list = service.lists[url.pathname];
			if (!key || !list) {
				callback(null, [404, { error: 1, message: `Unknown endpoint ${url.pathname}` }]);
				return;
			}
			const perPage = Math.min(limit, list.pageCap ?? Infinity);
			const maxPage = Math.ceil(list.records.length / perPage);
			const records = list.records.slice((page - 1) * perPage, page * perPage);
			callback(null, [
				200,
				{
					error: 0,
					data: {
						result: list.records.length,
						perpage: perPage,
						currentpage: page,
						nextpage: page < maxPage ? page + 1 : null,
						maxpage: maxPage,
						[key]: [...records, ...(list.onEveryPage ?? [])],
					},
				},
			]);
		});
	return service;
}

/** IDs of emitted records (throws on a `null` poll, to keep assertions short). */
export const idsOf = (records: IDataObject[] | null) => {
	if (records === null) throw new Error('the poll emitted nothing (null)');
	return records.map((record) => record.id);
};

/** QR codes with these IDs (dated in ID order), with the scans given (or 0). */
export const qrCodes = (ids: number[], scans: (id: number) => number = () => 0) =>
	ids.map((id) => ({
		id,
		link: `https://links.example.test/qr/q${id}`,
		scans: scans(id),
		name: `QR code ${id}`,
		date: minutesAfter2024(id),
	}));

/** Short links with these IDs (dated in ID order), with the clicks given (or 0). */
export const links = (ids: number[], clicks: (id: number) => number = () => 0) =>
	ids.map((id) => ({
		id,
		alias: `l${id}`,
		shorturl: `https://go.example.test/l${id}`,
		longurl: `https://example.com/article/${id}`,
		clicks: clicks(id),
		title: `Article ${id}`,
		description: '',
		date: minutesAfter2024(id),
	}));
