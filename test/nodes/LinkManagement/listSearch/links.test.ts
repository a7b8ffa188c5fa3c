/**
 * The link picker asks the service to search (`q`) and filters what comes back itself, so it
 * finds the link also where the service ignores `q`; Channel › Assign Item's picker lists links
 * or QR codes as Item Type says, and bio pages not at all.
 */
import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import { searchItems, searchLinks } from '../../../../nodes/LinkManagement/listSearch';
import { linkRecords, listAnswer, qrRecords } from '../../../helpers/fixtures';
import { answeringContext } from '../../../helpers/picker';

const query = (options: IHttpRequestOptions) => options.qs as IDataObject;

test('sends the typed text as `q` and lists the links it matches', async () => {
	const { context, asked } = answeringContext(listAnswer('urls', [linkRecords[1]]));

	const result = await searchLinks.call(context, ' Menu ');

	expect(query(asked[0].options)).toEqual({ q: 'Menu', page: 1, limit: 100 });
	expect(result.results).toEqual([
		{ name: 'menu → https://example.com/menu (ID 92)', value: '92' },
	]);
});

test('finds the link where the service ignores `q` and answers every link', async () => {
	const { context } = answeringContext(listAnswer('urls', linkRecords));

	const result = await searchLinks.call(context, 'summer');

	expect(result.results.map(({ value }) => value)).toEqual(['91']);
});

test('asks without `q` when nothing is typed', async () => {
	const { context, asked } = answeringContext(listAnswer('urls', linkRecords));

	await searchLinks.call(context);

	expect(query(asked[0].options)).toEqual({ page: 1, limit: 100 });
});

describe('Channel › Assign Item: the item picker', () => {
	const answers = (options: IHttpRequestOptions) =>
		String(options.url).endsWith('/urls')
			? listAnswer('urls', linkRecords)
			: listAnswer('qrs', qrRecords);

	test.each([
		['links', '/urls', ['91', '92']],
		['qr', '/qr', ['31', '32']],
	])('for the item type %s lists GET %s', async (itemType, path, values) => {
		const { context, asked } = answeringContext(answers, { parameters: { itemType } });

		const result = await searchItems.call(context);

		expect(asked.map(({ options }) => new URL(String(options.url)).pathname)).toEqual([
			`/short/api${path}`,
		]);
		expect(result.results.map(({ value }) => value)).toEqual(values);
	});

	test('lists nothing for bio pages, which the service does not list', async () => {
		const { context, asked } = answeringContext(answers, { parameters: { itemType: 'bio' } });

		expect(await searchItems.call(context)).toEqual({ results: [] });
		expect(asked).toEqual([]);
	});
});
