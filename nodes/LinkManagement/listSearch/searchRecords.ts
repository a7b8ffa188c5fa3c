import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { CREDENTIAL_TYPE, pageOf, requestContext, requestService } from '../shared/transport';

const PAGE_SIZE = 100;

/**
 * A "From List" search over one of the service's lists. The service has no search, so each
 * page is filtered here by what the user typed (name or ID); scrolling asks for the next page.
 * It reads through the same request path as the operations, so it keeps to the rate limit.
 */
export function searchRecords(path: string, label: (record: IDataObject) => string) {
	return async function search(
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		const page = Number(paginationToken) > 0 ? Number(paginationToken) : 1;
		const credentials = await this.getCredentials(CREDENTIAL_TYPE);
		const context = requestContext(
			this.getNode(),
			0,
			credentials,
			this.helpers.httpRequestWithAuthentication.bind(this),
		);
		const body = await requestService(context, {
			method: 'GET',
			path,
			qs: { page, limit: PAGE_SIZE },
		});
		const { records, current = page, maxPage } = pageOf(body);
		const wanted = (filter ?? '').trim().toLowerCase();
		const results: INodeListSearchItems[] = records
			.map((record) => ({ name: `${label(record)} (ID ${String(record.id)})`, value: String(record.id) }))
			.filter(({ name }) => !wanted || name.toLowerCase().includes(wanted));
		const more = maxPage !== undefined && current < maxPage && records.length > 0;
		return { results, paginationToken: more ? String(current + 1) : undefined };
	};
}

const text = (value: unknown, fallback: string) =>
	typeof value === 'string' && value.trim() ? value : fallback;

export const searchCampaigns = searchRecords('/campaigns', (record) =>
	text(record.name ?? record.domain, 'Unnamed campaign'),
);
export const searchQrCodes = searchRecords('/qr', (record) => text(record.name, 'Unnamed QR code'));
export const searchChannels = searchRecords('/channels', (record) => text(record.name, 'Unnamed channel'));
export const searchPixels = searchRecords('/pixels', (record) =>
	`${text(record.name, 'Unnamed pixel')} · ${text(record.type, 'pixel')}`,
);
export const searchDomains = searchRecords('/domains', (record) => text(record.domain, 'Unnamed domain'));
