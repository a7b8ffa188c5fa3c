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
import { readPages } from '../transport/pagination';
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
		const from = Number(paginationToken) > 0 ? Number(paginationToken) : 1;
		// The pages a picker reads are of its own size, whatever an operation's Page Size.
		const reading = { ...context, settings: { ...context.settings, pageSize: PAGE_SIZE } };
		return await withoutSecrets(context.secrets, context.node, async () => {
			const results: INodeListSearchItems[] = [];
			let pagesRead = 0;
			let nextPage: number | undefined;
			await readPages(
				reading,
				{ method: 'GET', path, qs: searched },
				facts,
				Infinity,
				async (records, { next }) => {
					pagesRead++;
					// Records without an ID (the service's own system domains) cannot be picked.
					for (const record of records.map(shape).filter(hasId)) {
						const name = `${label(record)} (ID ${String(record.id)})`;
						const value = String(record.id);
						if (results.some((result) => result.value === value)) continue;
						if (!wanted || name.toLowerCase().includes(wanted)) results.push({ name, value });
					}
					// n8n asks for the next page only when the user scrolls, which a short filtered
					// list cannot: with a filter, read on (a few pages at most) until something matches.
					const readOn =
						wanted !== '' && results.length === 0 && pagesRead < MAX_PAGES_PER_FILTERED_SEARCH;
					if (next !== undefined && readOn) return undefined;
					nextPage = next;
					return 'stop';
				},
				{ from, repeatEnds: true },
			);
			return nextPage === undefined ? { results } : { results, paginationToken: String(nextPage) };
		});
	};
}
