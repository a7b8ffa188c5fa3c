/**
 * The choices of a link's Branded Domain, Campaign, Channel, CTA Overlay and Pixels fields:
 * every record of the account's list, read page after page through the transport, by name,
 * with its ID as a number; records without an ID (system domains) are not offered.
 */
import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import {
	getCampaigns,
	getChannels,
	getDomains,
	getOverlays,
	getPixels,
} from '../../../../nodes/LinkManagement/loadOptions';
import {
	campaignRecords,
	channelRecords,
	ctaRecords,
	domainRecords,
	listAnswer,
	pixelRecords,
} from '../../../helpers/fixtures';
import { answeringContext } from '../../../helpers/picker';

test.each([
	['getDomains', getDomains, 'domains', domainRecords, 'http://l.example.org (ID 82)'],
	['getCampaigns', getCampaigns, 'campaigns', campaignRecords, 'Newsletter (ID 12)'],
	['getChannels', getChannels, 'channels', channelRecords, 'Newsletter (ID 41)'],
	['getOverlays', getOverlays, 'cta', ctaRecords, 'Contact form (ID 72)'],
	['getPixels', getPixels, 'pixels', pixelRecords, 'Analytics · analyticspixel (ID 62)'],
])('%s offers every record by name, its ID a number', async (_name, load, key, records, first) => {
	const { context } = answeringContext(listAnswer(key, records as IDataObject[]));

	const choices = await load.call(context);

	expect(choices).toHaveLength(records.length);
	expect(choices[0]).toEqual({ name: first, value: Number(/ID (\d+)/.exec(first)?.[1]) });
	expect(choices.map(({ name }) => name)).toEqual([...choices.map(({ name }) => name)].sort());
});

test('reads every page, and leaves out records without an ID', async () => {
	const system = { id: null, domain: 'https://sys.example' };
	const page = (options: IHttpRequestOptions) => {
		const number = Number((options.qs as IDataObject).page);
		const records = [
			{ ...domainRecords[0], id: 80 + number, domain: `https://d${number}.example` },
		];
		return listAnswer('domains', [...records, system], { currentpage: number, maxpage: 3 });
	};
	const { context, asked } = answeringContext(page);

	const choices = await getDomains.call(context);

	expect(asked.map(({ options }) => (options.qs as IDataObject).page)).toEqual([1, 2, 3]);
	expect(choices.map(({ value }) => value)).toEqual([81, 82, 83]);
});
