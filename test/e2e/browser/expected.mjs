// What the editor must show, worked out without a browser: the node's resources, operations and
// actions as the built node (dist/) describes them, and the six "From List" ID pickers with the
// names each must list for the sandbox's records.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';

import { OPERATIONS } from '../cases.mjs';
import { REPO } from '../lib/sandbox.mjs';

const require = createRequire(path.join(REPO, 'package.json'));

/**
 * The six ID pickers ("From List" resource locators): an operation that shows each, a filter to type,
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
	{ field: 'linkId', resource: 'Link', operation: 'Get', filter: 'link1', pickId: 12 },
];
/** The picker whose open list is docs/operations.md's picture (docs/images/id-picker.png). */
export const README_PICKER = 'qrCodeId';

/**
 * What each picker must list for the sandbox's records (`sandbox.store`), as the node names them:
 * "<name> (ID <id>)"; pixels also show their type, domains their address, links their alias and
 * destination.
 */
export function idPickerNames(store) {
	const names = (records, label) => records.map((record) => `${label(record)} (ID ${record.id})`);
	return {
		campaignId: names(store.campaigns.list(), (c) => c.name),
		qrCodeId: names(store.qr.list(), (q) => q.name),
		channelId: names(store.channels.list(), (c) => c.name),
		pixelId: names(store.pixels.list(), (p) => `${p.name} · ${p.type}`),
		domainId: names(store.domains.list(), (d) => d.domain),
		linkId: names(store.links.list(), (l) => `${l.alias} → ${l.longurl}`),
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
		// the values are the public interface: names users' workflows store
		assert.deepEqual(
			operation.options.map((o) => o.value).sort(),
			[...(OPERATIONS[resource.value] ?? [])].sort(),
			`operations of ${resource.value}`,
		);
	}
	assert.deepEqual(resources.map((r) => r.value).sort(), Object.keys(OPERATIONS).sort());
	return { resources: resources.map((r) => r.name), byResource, actions, description };
}
