/**
 * The node runs operations only by the fields and facts they declare. A made-up resource
 * assembled like the others (nothing else changed) pages, maps errors and shapes its output like
 * the node's own operations; declarative routing, which the node never runs, is refused when the
 * node loads.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties, INodeType } from 'n8n-workflow';

import { nodeProperties } from '../../../../nodes/LinkManagement/nodeDescription';
import { RESOURCES } from '../../../../nodes/LinkManagement/resources';
import { executeOperation } from '../../../../nodes/LinkManagement/runner/execute';
import { sentInBody, textField } from '../../../../nodes/LinkManagement/shared/bodyFields';
import {
	getManyOperation,
	idParameter,
} from '../../../../nodes/LinkManagement/shared/commonOperations';
import type {
	OperationDefinition,
	ResourceDefinition,
} from '../../../../nodes/LinkManagement/shared/operation';
import { jsonOf, nodeType, runNode } from '../../../harness';
import { expectNoRequestSent, expr, mockEndpoint } from '../../../helpers';
import { errorAnswer, listAnswer } from '../../../helpers/fixtures';

/** A made-up endpoint family: widgets, listed under `gadgets`, with a `label` made from `title`. */
const labelled = (record: IDataObject) => ({ ...record, label: `Widget ${String(record.title)}` });

const getWidgets = getManyOperation({
	path: '/widgets',
	plural: 'widgets',
	returns: 'ID and title',
	list: { keys: ['gadgets'] },
	output: labelled,
});

const renameWidget: OperationDefinition = {
	option: {
		name: 'Rename',
		value: 'rename',
		action: 'Rename a widget',
	},
	request: { method: 'PUT', path: '/widget/:widgetId/rename' },
	fields: [
		{ displayName: 'Widget ID', name: 'widgetId', type: 'string', default: '' },
		sentInBody(textField({ displayName: 'Title', name: 'title', required: true })),
	],
	pathParameters: { widgetId: idParameter('Widget ID') },
	output: labelled,
};

/** A list the service answers whole, under `data`, its records holding a secret of others. */
const getSprockets: OperationDefinition = {
	...getManyOperation({
		path: '/sprockets',
		plural: 'sprockets',
		returns: 'ID and title',
		list: { keys: ['data'], paged: false },
		secretFields: ['code'],
	}),
	option: {
		name: 'Get Sprockets',
		value: 'getSprockets',
		action: 'Get sprockets',
		description: 'Get sprockets',
	},
};

const widget: ResourceDefinition = {
	resource: 'widget',
	displayName: 'Widget',
	defaultOperation: 'getAll',
	access: { scope: 'links' },
	operations: [getWidgets, renameWidget, getSprockets],
};

function nodeWith(resources: ResourceDefinition[]): INodeType {
	return {
		description: { ...nodeType.description, properties: nodeProperties(resources, 'widget') },
		methods: nodeType.methods,
		async execute(this: IExecuteFunctions) {
			return await executeOperation(this, resources);
		},
	};
}
const widgetNode = nodeWith([...RESOURCES, widget]);

const widgets = (from: number, to: number) =>
	Array.from({ length: to - from + 1 }, (_, index) => ({
		id: from + index,
		title: `${from + index}`,
	}));

describe('a made-up operation assembled like the others', () => {
	test('Get Many reads every page under its own collection key and shapes each record', async () => {
		const pages = [widgets(1, 2), widgets(3, 4), widgets(5, 5)].map((records, index) =>
			mockEndpoint(
				'GET',
				'/api/widgets',
				listAnswer('gadgets', records, { currentpage: index + 1, maxpage: 3, perpage: 2 }),
			),
		);

		const result = await runNode({
			nodeType: widgetNode,
			parameters: { resource: 'widget', operation: 'getAll', returnAll: true },
		});

		expect(result.error).toBeUndefined();
		expect(pages.map(({ requests }) => requests[0]?.query.page)).toEqual(['1', '2', '3']);
		expect(jsonOf(result)).toEqual(widgets(1, 5).map(labelled));
		expect(result.items.every((item) => item.pairedItem !== undefined)).toBe(true);
	});

	test('its path parameter is checked by its own label before anything is sent', async () => {
		const result = await runNode({
			nodeType: widgetNode,
			parameters: { resource: 'widget', operation: 'rename', widgetId: expr('abc'), title: 'X' },
		});

		expect(result.error?.message).toMatch(/^'Widget ID' must be a positive whole number/);
		expectNoRequestSent();
	});

	test('its answer is shaped; an error answer fails the item with the service message', async () => {
		const renamed = mockEndpoint('PUT', '/api/widget/7/rename', { error: 0, id: 7, title: 'New' });
		mockEndpoint('PUT', '/api/widget/8/rename', errorAnswer('Widget 8 is locked.'));

		const result = await runNode({
			nodeType: widgetNode,
			continueOnFail: true,
			items: [{ json: { id: '7' } }, { json: { id: '8' } }],
			parameters: {
				resource: 'widget',
				operation: 'rename',
				widgetId: '={{ $json.id }}',
				title: 'New',
			},
		});

		expect(renamed.requests[0].body).toEqual({ title: 'New' });
		expect(result.items.map(({ json, pairedItem }) => ({ json, pairedItem }))).toEqual([
			{ json: { id: 7, title: 'New', label: 'Widget New' }, pairedItem: { item: 0 } },
			{ json: { error: 'Widget 8 is locked. [item 1]' }, pairedItem: { item: 1 } },
		]);
	});
});

describe('facts a made-up operation declares, nothing else told', () => {
	test('a list without pages: one request without page or limit, Limit applied, secrets left out', async () => {
		const sprockets = mockEndpoint('GET', '/api/sprockets', {
			error: 0,
			data: widgets(1, 4).map((record) => ({ ...record, code: `secret-${record.id}` })),
		});

		const result = await runNode({
			nodeType: widgetNode,
			parameters: { resource: 'widget', operation: 'getSprockets', limit: 3 },
		});

		expect(result.error).toBeUndefined();
		expect(sprockets.requests.map(({ query }) => query)).toEqual([{}]);
		expect(jsonOf(result)).toEqual(widgets(1, 3));
	});

	test("a key without the resource's scope is told which one, naming the resource", async () => {
		mockEndpoint('PUT', '/api/widget/7/rename', {
			error: true,
			message: 'You do not have access to this endpoint with this API key.',
		});

		const result = await runNode({
			nodeType: widgetNode,
			parameters: { resource: 'widget', operation: 'rename', widgetId: '7', title: 'New' },
		});

		expect(result.error?.message).toMatch(
			/^The API key lacks the "links" scope, which Widget operations need/,
		);
	});
});

describe('declarative routing', () => {
	test('an operation that declares routing.output is refused when the node is assembled', () => {
		const withPostReceive: OperationDefinition = {
			...renameWidget,
			option: {
				...renameWidget.option,
				routing: {
					output: { postReceive: [{ type: 'rootProperty', properties: { property: 'data' } }] },
				},
			},
		};
		expect(() => nodeWith([{ ...widget, operations: [withPostReceive] }])).toThrow(
			/Declarative routing is not run by this node \(operation › Rename\)/,
		);
	});

	test('a field that declares routing is refused too', () => {
		const field = { ...(renameWidget.fields[0] as INodeProperties), routing: { send: {} } };
		expect(() =>
			nodeWith([{ ...widget, operations: [{ ...renameWidget, fields: [field] }] }]),
		).toThrow(/widgetId/);
	});

	test("the node's own operations declare none, so it loads", () => {
		expect(() => nodeWith(RESOURCES)).not.toThrow();
	});
});

describe('fields several operations share', () => {
	const field = (name: string) => ({
		displayName: name,
		name,
		type: 'string' as const,
		default: '',
	});
	const [picker, title, note] = ['widgetId', 'title', 'note'].map(field);
	const operation = (value: string, fields: INodeProperties[]) => ({
		...renameWidget,
		option: { ...renameWidget.option, name: value, value },
		fields,
	});
	/** The names of the properties shown for `operation` of the widgets, in order. */
	const shownFor = (properties: INodeProperties[], value: string) =>
		properties
			.filter((p) => p.displayOptions?.show?.resource?.[0] === 'widget')
			.filter((p) => p.displayOptions?.show?.operation?.includes(value))
			.map((p) => p.name);

	test('are one property, shown for each, every operation in its own order', () => {
		const resource = {
			...widget,
			operations: [operation('a', [title, note]), operation('b', [picker, title, note])],
		};

		const properties = nodeProperties([resource], 'widget');

		expect(properties.filter((p) => p.name === 'title')).toHaveLength(1);
		expect(shownFor(properties, 'a')).toEqual(['title', 'note']);
		expect(shownFor(properties, 'b')).toEqual(['widgetId', 'title', 'note']);
	});

	test('that two operations order differently are given twice, each order kept', () => {
		const resource = {
			...widget,
			operations: [operation('a', [title, note]), operation('b', [note, title])],
		};

		const properties = nodeProperties([resource], 'widget');

		expect(properties.filter((p) => p.name === 'title' || p.name === 'note')).toHaveLength(3);
		expect(shownFor(properties, 'a')).toEqual(['title', 'note']);
		expect(shownFor(properties, 'b')).toEqual(['note', 'title']);
	});
});
