import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import type { OperationDefinition } from '../shared/operation';
import { text } from '../shared/validation';
import { requestContextOf } from '../transport/context';
import { withoutSecrets } from '../transport/errors';
import { pageOf } from '../transport/pagination';
import { sendRequest } from '../transport/send';
import { keyNeedsOf } from '../resources';
import { shapeOf } from '../records/listRecords';
import { hasId } from './labels';

const PAGE_SIZE = 100;
const MAX_PAGES_PER_FILTERED_SEARCH = 10;

type Search = (
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
) => Promise<INodeListSearchResult>;

/**
 * A "From List" search over one of the service's lists (a Get Many operation: its path, its
 * records and their output). Pages are filtered here by what the user typed (name or ID), also
 * where the service searches itself (`searchParameter`, sent with the typed text): where it
 * ignores it, the filter here still finds the record. Scrolling asks for the next page (a list
 * without pages is one request). It reads through the transport like the operations, so it keeps
 * to the rate limit, and a key refused for the list's resource is told why.
 */
export function searchRecords(
	list: OperationDefinition,
	label: (record: IDataObject) => string,
	searchParameter?: string,
): Search {
	const { path } = list.request;
	const facts = list.list ?? { keys: [] };
	const shape = shapeOf(list);
	return async function search(this: ILoadOptionsFunctions, filter, paginationToken) {
		const context = await requestContextOf(this, {
			needs: keyNeedsOf(list),
			secretFields: list.secretFields,
		});
		const wanted = text(filter).toLowerCase();
		const searched = wanted && searchParameter ? { [searchParameter]: text(filter) } : {};
		return await withoutSecrets(context.secrets, context.node, async () => {
			const results: INodeListSearchItems[] = [];
			// n8n asks for the next page only when the user scrolls, which a short filtered list
			// cannot: with a filter, read on (a few pages at most) until something matches.
			let page = Number(paginationToken) > 0 ? Number(paginationToken) : 1;
			for (let read = 0; ; read++) {
				const body = await sendRequest(context, {
					method: 'GET',
					path,
					qs: facts.paged === false ? searched : { ...searched, page, limit: PAGE_SIZE },
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
