import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { getAll as campaigns } from '../resources/campaign/getAll';
import { getAll as channels } from '../resources/channel/getAll';
import { getAll as domains } from '../resources/domain/getAll';
import { getAll as pixels } from '../resources/pixel/getAll';
import { getAll as qrCodes } from '../resources/qrCode/getAll';
import type { OperationDefinition } from '../shared/operation';
import { text } from '../shared/validation';
import { CREDENTIAL_TYPE, requestContext } from '../transport/context';
import { pageOf } from '../transport/pagination';
import { withoutSecrets } from '../transport/redact';
import { sendRequest } from '../transport/send';

const PAGE_SIZE = 100;
const MAX_PAGES_PER_FILTERED_SEARCH = 10;

/**
 * A "From List" search over one of the service's lists (a Get Many operation: its path, its
 * records and their output). The service has no search, so pages are filtered here by what
 * the user typed (name or ID); scrolling asks for the next page. It reads through the
 * transport like the operations, so it keeps to the rate limit.
 */
export function searchRecords(list: OperationDefinition, label: (record: IDataObject) => string) {
	const { path } = list.request;
	const facts = list.list ?? { keys: [] };
	const shape = list.output ?? ((record: IDataObject) => record);
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
		return await withoutSecrets(context.secrets, context.node, async () => {
			const wanted = text(filter).toLowerCase();
			const results: INodeListSearchItems[] = [];
			// n8n asks for the next page only when the user scrolls, which a short filtered list
			// cannot: with a filter, read on (a few pages at most) until something matches.
			let page = Number(paginationToken) > 0 ? Number(paginationToken) : 1;
			for (let read = 0; ; read++) {
				const body = await sendRequest(context, {
					method: 'GET',
					path,
					qs: { page, limit: PAGE_SIZE },
				});
				const { records, maxPage } = pageOf(body, facts, context, `GET ${path}`);
				// Records without an ID (the service's own system domains) cannot be picked.
				for (const record of records.map(shape).filter(hasId)) {
					const name = `${label(record)} (ID ${String(record.id)})`;
					const value = String(record.id);
					if (results.some((result) => result.value === value)) continue;
					if (!wanted || name.toLowerCase().includes(wanted)) results.push({ name, value });
				}
				const more = maxPage !== undefined && page < maxPage && records.length > 0;
				page++;
				if (!more) return { results };
				if (!wanted || results.length > 0 || read + 1 >= MAX_PAGES_PER_FILTERED_SEARCH) {
					return { results, paginationToken: String(page) };
				}
			}
		});
	};
}

const hasId = (record: IDataObject) =>
	record.id !== null && record.id !== undefined && record.id !== '';

const named = (value: unknown, fallback: string) => text(value) || fallback;

export const searchCampaigns = searchRecords(campaigns, (record) =>
	named(record.name, 'Unnamed campaign'),
);
export const searchQrCodes = searchRecords(qrCodes, (record) =>
	named(record.name, 'Unnamed QR code'),
);
export const searchChannels = searchRecords(channels, (record) =>
	named(record.name, 'Unnamed channel'),
);
export const searchPixels = searchRecords(
	pixels,
	(record) => `${named(record.name, 'Unnamed pixel')} · ${named(record.type, 'pixel')}`,
);
export const searchDomains = searchRecords(domains, (record) =>
	named(record.domain, 'Unnamed domain'),
);
