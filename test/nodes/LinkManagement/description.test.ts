/**
 * The node's public interface, the names users' workflows store: type and credential names,
 * resources, operations, parameter names and kinds. Saved workflows store these names.
 */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { nodeType } from '../../helpers';
import { PIXEL_TYPE_VALUES } from '../../helpers/fixtures';

const { description } = nodeType;
const properties = description.properties;

/** Fields of the structured QR types, beside `data` (issue 12), shown per type. */
const QR_TYPE_FIELDS = [
	'wifiSsid',
	'wifiPassword',
	'wifiEncryption',
	'smsPhone',
	'smsMessage',
	'emailAddress',
	'emailSubject',
	'emailBody',
	'vcardFirstName',
	'vcardLastName',
	'vcardOrganisation',
	'vcardDetails',
];

/** "Download QR Image": format, size and the binary field. */
const IMAGE = ['format', 'size', 'binaryPropertyName'];

/** The "Link fields" of create and update. */
const LINK_FIELDS = [
	'custom',
	'password',
	'description',
	'metatitle',
	'metadescription',
	'metaimage',
	'expiry',
	'type',
	'overlay',
	'status',
	'domain',
	'campaign',
	'channel',
	'pixels',
	'geotarget',
	'devicetarget',
	'languagetarget',
	'parameters',
	'deeplink',
];

/** The interface table: resource → operation → top-level parameters and collections. */
const INTERFACE: Record<
	string,
	Record<
		string,
		{
			parameters: string[];
			collections?: Record<string, string[]>;
			/** Fields of the structured QR types, beside `data` (issue 12), shown per type. */
			typeFields?: string[];
		}
	>
> = {
	account: {
		get: { parameters: [] },
		update: { parameters: [], collections: { updateFields: ['email', 'password'] } },
	},
	campaign: {
		getAll: { parameters: ['returnAll', 'limit'] },
		create: { parameters: [], collections: { additionalFields: ['name', 'slug', 'public'] } },
		assignLink: { parameters: ['campaignId', 'linkId'] },
		update: {
			parameters: ['campaignId', 'name'],
			collections: { updateFields: ['slug', 'public'] },
		},
		delete: { parameters: ['campaignId'] },
		upsert: { parameters: ['name'], collections: { additionalFields: ['slug', 'public'] } },
	},
	splashPage: { getAll: { parameters: ['returnAll', 'limit'] } },
	qrCode: {
		getAll: { parameters: ['returnAll', 'limit'] },
		get: { parameters: ['qrCodeId'] },
		getStatistics: { parameters: ['qrCodeId', 'dimensions'] },
		create: {
			parameters: ['type', 'data'],
			collections: { additionalFields: ['name', 'background', 'foreground', 'logo'] },
			typeFields: QR_TYPE_FIELDS,
		},
		update: {
			parameters: ['qrCodeId', 'data'],
			collections: { updateFields: ['background', 'foreground', 'logo'] },
		},
		delete: { parameters: ['qrCodeId'] },
		upsert: {
			parameters: ['name', 'type', 'data'],
			collections: { additionalFields: ['background', 'foreground', 'logo'] },
			typeFields: QR_TYPE_FIELDS,
		},
		downloadImage: { parameters: ['qrCodeId', ...IMAGE] },
	},
	channel: {
		getAll: { parameters: ['returnAll', 'limit'] },
		getItems: { parameters: ['channelId', 'returnAll', 'limit'] },
		create: {
			parameters: ['name'],
			collections: { additionalFields: ['description', 'color', 'starred'] },
		},
		assignItem: { parameters: ['channelId', 'itemType', 'itemId'] },
		update: {
			parameters: ['channelId'],
			collections: { updateFields: ['name', 'description', 'color', 'starred'] },
		},
		delete: { parameters: ['channelId'] },
		upsert: {
			parameters: ['name'],
			collections: { additionalFields: ['description', 'color', 'starred'] },
		},
	},
	pixel: {
		getAll: { parameters: ['returnAll', 'limit'] },
		create: { parameters: ['type', 'name', 'tag'] },
		update: { parameters: ['pixelId', 'tag'], collections: { updateFields: ['name'] } },
		delete: { parameters: ['pixelId'] },
		upsert: { parameters: ['matchOn', 'type', 'name', 'tag'] },
	},
	overlay: { getAll: { parameters: ['returnAll', 'limit'] } },
	domain: {
		getAll: { parameters: ['returnAll', 'limit'] },
		create: {
			parameters: ['domain'],
			collections: { additionalFields: ['redirectroot', 'redirect404'] },
		},
		update: {
			parameters: ['domainId'],
			collections: { updateFields: ['redirectroot', 'redirect404'] },
		},
		delete: { parameters: ['domainId'] },
		upsert: {
			parameters: ['domain'],
			collections: { additionalFields: ['redirectroot', 'redirect404'] },
		},
	},
	link: {
		getAll: {
			parameters: ['returnAll', 'limit'],
			collections: { filters: ['search', 'alias'], sort: ['order'] },
		},
		get: { parameters: ['linkId'] },
		getStatistics: { parameters: ['linkId', 'dimensions'] },
		create: { parameters: ['url'], collections: { additionalFields: LINK_FIELDS } },
		update: { parameters: ['linkId', 'url'], collections: { updateFields: LINK_FIELDS } },
		delete: { parameters: ['linkId'] },
		upsert: {
			parameters: ['matchOn', 'custom', 'url'],
			collections: { additionalFields: LINK_FIELDS.filter((field) => field !== 'custom') },
		},
		downloadImage: { parameters: ['linkId', ...IMAGE] },
	},
	user: {
		getAll: { parameters: ['returnAll', 'limit'], collections: { filters: ['type', 'email'] } },
		get: { parameters: ['userId'] },
		create: {
			parameters: ['username', 'email', 'password'],
			collections: { additionalFields: ['planId', 'expiration'] },
		},
		delete: { parameters: ['userId'] },
		getLoginLink: { parameters: ['userId'] },
	},
	plan: {
		getAll: { parameters: ['returnAll', 'limit'] },
		subscribeUser: {
			parameters: ['planId', 'userId', 'type'],
			collections: { additionalFields: ['expiration'] },
		},
	},
};

const LOCATORS = [
	'campaignId',
	'qrCodeId',
	'channelId',
	'pixelId',
	'domainId',
	'linkId',
	'itemId',
	'userId',
	'planId',
];

function shownFor(resource: string, operation: string): INodeProperties[] {
	return properties.filter(
		(property) =>
			property.displayOptions?.show?.resource?.includes(resource) &&
			property.displayOptions?.show?.operation?.includes(operation),
	);
}

function optionValues(property: INodeProperties | undefined): string[] {
	return ((property?.options ?? []) as INodePropertyOptions[]).map((option) =>
		String(option.value),
	);
}

describe('node type', () => {
	test('is linkManagement, "Link Management", version 1, with linkManagementApi', () => {
		expect(description.name).toBe('linkManagement');
		expect(description.displayName).toBe('Link Management');
		expect(description.version).toBe(1);
		expect(description.credentials).toEqual([{ name: 'linkManagementApi', required: true }]);
	});

	test('offers the eleven resources under their display names', () => {
		const resource = properties.find((property) => property.name === 'resource');
		expect(
			Object.fromEntries(
				((resource?.options ?? []) as INodePropertyOptions[]).map((option) => [
					option.value,
					option.name,
				]),
			),
		).toEqual({
			account: 'Account',
			domain: 'Branded Domain',
			link: 'Link',
			campaign: 'Campaign',
			channel: 'Channel',
			overlay: 'CTA Overlay',
			pixel: 'Pixel',
			qrCode: 'QR Code',
			splashPage: 'Splash Page',
			user: 'User',
			plan: 'Plan',
		});
	});
});

describe.each(Object.keys(INTERFACE))('resource %s', (resource) => {
	const operationProperty = properties.find(
		(property) =>
			property.name === 'operation' && property.displayOptions?.show?.resource?.includes(resource),
	);

	test('offers exactly the operations of the interface, getAll named "Get Many"', () => {
		expect(optionValues(operationProperty).sort()).toEqual(Object.keys(INTERFACE[resource]).sort());
		const getMany = ((operationProperty?.options ?? []) as INodePropertyOptions[]).find(
			(option) => option.value === 'getAll',
		);
		if (getMany) expect(getMany.name).toBe('Get Many');
	});

	test.each(Object.entries(INTERFACE[resource]))(
		'%s has the parameters and collections of the interface',
		(operation, expected) => {
			const shown = shownFor(resource, operation);
			const collections = expected.collections ?? {};
			// `options` (rate-limit waits, page size) is the node's own addition to every operation.
			const topLevel = shown.map((property) => property.name).filter((name) => name !== 'options');
			expect(topLevel.sort()).toEqual(
				[
					...expected.parameters,
					...Object.keys(collections),
					...(expected.typeFields ?? []),
				].sort(),
			);

			for (const [collection, fields] of Object.entries(collections)) {
				const property = shown.find((candidate) => candidate.name === collection);
				expect(property?.type).toBe('collection');
				expect(
					((property?.options ?? []) as INodeProperties[]).map((field) => field.name).sort(),
				).toEqual([...fields].sort());
			}
		},
	);
});

describe('parameter kinds', () => {
	test.each(LOCATORS)('%s is a resource locator: by ID, or from a searchable list', (name) => {
		const locators = properties.filter((property) => property.name === name);
		expect(locators.length).toBeGreaterThan(0);
		for (const locator of locators) {
			expect(locator.type).toBe('resourceLocator');
			const modes = locator.modes ?? [];
			expect(modes.map((mode) => mode.name)).toEqual(expect.arrayContaining(['list', 'id']));
			const list = modes.find((mode) => mode.name === 'list');
			const method = list?.typeOptions?.searchListMethod;
			expect(typeof method).toBe('string');
			expect(
				(nodeType.methods?.listSearch as Record<string, unknown> | undefined)?.[method as string],
			).toBeInstanceOf(Function);
			expect(list?.typeOptions?.searchable).toBe(true);
		}
	});

	test.each(['linkId', 'itemId'])('%s also takes a short URL (mode url)', (name) => {
		for (const locator of properties.filter((property) => property.name === name)) {
			expect((locator.modes ?? []).map((mode) => mode.name)).toContain('url');
		}
	});

	test('Return All is a boolean (false); Limit a number (50, at least 1), everywhere', () => {
		const returnAlls = properties.filter((property) => property.name === 'returnAll');
		const limits = properties.filter((property) => property.name === 'limit');
		// Shown for the eleven list operations: every Get Many, and Channel › Get Items.
		const listsShowing = (fields: INodeProperties[]) =>
			fields.flatMap(({ displayOptions }) => displayOptions?.show?.operation ?? []);
		expect(listsShowing(returnAlls)).toHaveLength(11);
		expect(listsShowing(limits)).toHaveLength(11);
		for (const returnAll of returnAlls) {
			expect(returnAll).toMatchObject({
				displayName: 'Return All',
				type: 'boolean',
				default: false,
			});
		}
		for (const limit of limits) {
			expect(limit).toMatchObject({ displayName: 'Limit', type: 'number', default: 50 });
			expect(limit.typeOptions?.minValue).toBe(1);
		}
	});

	test('User › Get Many filters by type (all, admin, free, paid) and exact email', () => {
		const filters = shownFor('user', 'getAll').find((property) => property.name === 'filters');
		const fields = (filters?.options ?? []) as INodeProperties[];
		const type = fields.find((field) => field.name === 'type');
		expect(type?.default).toBe('all');
		expect(optionValues(type)).toEqual(['all', 'admin', 'free', 'paid']);
		expect(fields.find((field) => field.name === 'email')?.type).toBe('string');
	});

	test('a subscription type is monthly (default), yearly or lifetime; expirations are dates', () => {
		const type = shownFor('plan', 'subscribeUser').find((property) => property.name === 'type');
		expect(type?.default).toBe('monthly');
		expect(optionValues(type)).toEqual(['monthly', 'yearly', 'lifetime']);
		const expirations = properties
			.filter(({ name }) => name === 'additionalFields')
			.flatMap((property) => (property.options ?? []) as INodeProperties[])
			.filter(({ name }) => name === 'expiration');
		expect(expirations.map(({ type: kind }) => kind)).toEqual(['dateTime', 'dateTime']);
	});

	test.each([
		['user', 'create', 'planId', 'searchPlans'],
		['link', 'create', 'domain', 'searchDomains'],
		['link', 'create', 'campaign', 'searchCampaigns'],
		['link', 'create', 'channel', 'searchChannels'],
		['link', 'create', 'overlay', 'searchOverlays'],
		['link', 'update', 'domain', 'searchDomains'],
		['link', 'upsert', 'overlay', 'searchOverlays'],
	])(
		'%s › %s: %s is a resource locator in its collection, From List (%s) by default, or by ID',
		(resource, operation, name, method) => {
			const collections = shownFor(resource, operation).filter(({ type }) => type === 'collection');
			const field = collections
				.flatMap(({ options }) => (options ?? []) as INodeProperties[])
				.find((candidate) => candidate.name === name);
			expect(field?.type).toBe('resourceLocator');
			expect(field?.default).toEqual({ mode: 'list', value: '' });
			expect((field?.modes ?? []).map((mode) => mode.name)).toEqual(['list', 'id']);
			expect(field?.modes?.[0].typeOptions?.searchListMethod).toBe(method);
			expect(
				(nodeType.methods?.listSearch as Record<string, unknown> | undefined)?.[method],
			).toBeInstanceOf(Function);
		},
	);

	test('Link › Get Many: sorting (Order By: date, clicks) is its own collection, below the Options', () => {
		const shown = shownFor('link', 'getAll');
		const sort = shown.find(({ name }) => name === 'sort');
		const order = ((sort?.options ?? []) as INodeProperties[]).find(({ name }) => name === 'order');
		expect(sort?.type).toBe('collection');
		expect(optionValues(order)).toEqual(['date', 'clicks']);
		expect(order?.default).toBe('date');
		const position = (name: string) => properties.findIndex((property) => property.name === name);
		expect(properties.indexOf(sort as INodeProperties)).toBeGreaterThan(position('options'));
	});

	test('QR code type offers text, vcard, link, email, phone, sms and wifi', () => {
		const type = shownFor('qrCode', 'create').find((property) => property.name === 'type');
		expect(optionValues(type).sort()).toEqual([
			'email',
			'link',
			'phone',
			'sms',
			'text',
			'vcard',
			'wifi',
		]);
	});

	test('pixel type offers the 13 values of the API reference', () => {
		const type = shownFor('pixel', 'create').find((property) => property.name === 'type');
		expect(optionValues(type).sort()).toEqual([...PIXEL_TYPE_VALUES].sort());
	});

	test('channel item type offers links, bio and qr', () => {
		const itemType = shownFor('channel', 'assignItem').find(
			(property) => property.name === 'itemType',
		);
		expect(optionValues(itemType).sort()).toEqual(['bio', 'links', 'qr']);
	});

	test('public and starred are booleans', () => {
		const collectionFields = properties.flatMap((property) =>
			property.type === 'collection' ? ((property.options ?? []) as INodeProperties[]) : [],
		);
		const booleans = collectionFields.filter(
			(field) => field.name === 'public' || field.name === 'starred',
		);
		expect(booleans.length).toBeGreaterThanOrEqual(4);
		for (const field of booleans) expect(field.type).toBe('boolean');
	});
});

describe('Options', () => {
	const options = properties.find((property) => property.name === 'options');
	const option = (name: string) =>
		((options?.options ?? []) as INodeProperties[]).find((candidate) => candidate.name === name);

	test('Include API Keys (off by default) is shown for the user operations only', () => {
		expect(option('includeApiKeys')).toMatchObject({
			displayName: 'Include API Keys',
			type: 'boolean',
			default: false,
		});
		expect(option('includeApiKeys')?.displayOptions).toEqual({
			show: {
				'/resource': ['user'],
				'/operation': ['create', 'delete', 'get', 'getAll', 'getLoginLink'],
			},
		});
	});

	test('Page Size is not shown where lists come without pages (users, plans)', () => {
		expect(option('pageSize')?.displayOptions?.hide).toEqual({ '/resource': ['user', 'plan'] });
		expect(option('pageSize')?.displayOptions?.show?.['/operation']).toEqual(
			expect.arrayContaining(['getAll', 'getItems', 'upsert']),
		);
	});
});
