import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { CREDENTIAL_TYPE, pageOf, requestContext, requestService } from '../shared/transport';

const PAGE_SIZE = 100;
const MAX_PAGES_PER_FILTERED_SEARCH = 10;

/**
 * A "From List" search over one of the service's lists. The service has no search, so pages
 * are filtered here by what the user typed (name or ID); scrolling asks for the next page.
 * It reads through the same request path as the operations, so it keeps to the rate limit.
 */
export function searchRecords(path: string, label: (record: IDataObject) => string) {
	return async function search(
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		const credentials = await this.getCredentials(CREDENTIAL_TYPE);
		const context = requestContext(
			this.getNode(),
			0,
			credentials,
			this.helpers.httpRequestWithAuthentication.bind(this),
		);
		const wanted = (filter ?? '').trim().toLowerCase();
		const results: INodeListSearchItems[] = [];
		// n8n asks for the next page only when the user scrolls, which a short filtered list
		// cannot: with a filter, read on (a few pages at most) until something matches.
		let page = Number(paginationToken) > 0 ? Number(paginationToken) : 1;
		for (let read = 0; ; read++) {
			const body = await requestService(context, {
				method: 'GET',
				path,
				qs: { page, limit: PAGE_SIZE },
			});
			const { records, current = page, maxPage } = pageOf(body);
			for (const record of records) {
				const name = `${label(record)} (ID ${String(record.id)})`;
				if (!wanted || name.toLowerCase().includes(wanted))
					results.push({ name, value: String(record.id) });
			}
			const more = maxPage !== undefined && current < maxPage && records.length > 0;
			page = current + 1;
			if (!more) return { results };
			if (!wanted || results.length > 0 || read + 1 >= MAX_PAGES_PER_FILTERED_SEARCH) {
				return { results, paginationToken: String(page) };
			}
		}
	};
}

const text = (value: unknown, fallback: string) =>
	typeof value === 'string' && value.trim() ? value : fallback;

export const searchCampaigns = searchRecords('/campaigns', (record) =>
	text(record.name ?? record.domain, 'Unnamed campaign'),
);
export const searchQrCodes = searchRecords('/qr', (record) => text(record.name, 'Unnamed QR code'));
export const searchChannels = searchRecords('/channels', (record) =>
	text(record.name, 'Unnamed channel'),
);
export const searchPixels = searchRecords(
	'/pixels',
	(record) => `${text(record.name, 'Unnamed pixel')} · ${text(record.type, 'pixel')}`,
);
export const searchDomains = searchRecords('/domains', (record) =>
	text(record.domain, 'Unnamed domain'),
);
