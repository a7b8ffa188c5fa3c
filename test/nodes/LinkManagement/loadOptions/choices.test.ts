/**
 * The choices of a link's Pixels field (several pixels at once; the fields that pick one record
 * are resource locators): every pixel of the account, read page after page through the
 * transport, by name, with its ID as a number; records without an ID are not offered.
 */
import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import { getPixels } from '../../../../nodes/LinkManagement/loadOptions';
import { listAnswer, pixelRecords } from '../../../helpers/fixtures';
import { answeringContext } from '../../../helpers/picker';

test('getPixels offers every pixel by name, its ID a number, in alphabetical order', async () => {
	const { context } = answeringContext(listAnswer('pixels', pixelRecords));

	const choices = await getPixels.call(context);

	expect(choices).toEqual([
		{ name: 'Analytics · analyticspixel (ID 62)', value: 62 },
		{ name: 'Main site tags · tagmgrpixel (ID 61)', value: 61 },
	]);
});

test('reads every page, and leaves out records without an ID', async () => {
	const system = { id: null, name: 'No ID' };
	const page = (options: IHttpRequestOptions) => {
		const number = Number((options.qs as IDataObject).page);
		const records = [{ ...pixelRecords[0], id: 60 + number, name: `Pixel ${number}` }];
		return listAnswer('pixels', [...records, system], { currentpage: number, maxpage: 3 });
	};
	const { context, asked } = answeringContext(page);

	const choices = await getPixels.call(context);

	expect(asked.map(({ options }) => (options.qs as IDataObject).page)).toEqual([1, 2, 3]);
	expect(choices.map(({ value }) => value)).toEqual([61, 62, 63]);
});
