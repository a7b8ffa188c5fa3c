/**
 * Stand-ins for list endpoints that answer page by page, for the tests of Return All and Limit:
 * each records the pages it was asked for.
 */
import nock from 'nock';

import { runNode, TEST_BASE_URL } from '../harness';
import { parametersOf } from './operation';

/** Runs QR code › Get Many with these parameters. */
export const getManyQrCodes = async (more = {}) =>
	await runNode({ parameters: parametersOf('qrCode')('getAll', more) });

/** The whole numbers from `from` to `to`. */
export const range = (from: number, to: number) =>
	Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** A QR list answer as the service sends it: QR codes with these IDs, under `envelope`. */
export function qrPage(ids: number[], envelope: Record<string, unknown>) {
	return {
		error: '0',
		data: { ...envelope, qrs: ids.map((id) => ({ id, name: `QR ${id}` })) },
	};
}

/**
 * Answers GET `path` (any query) up to `times` times with `answer(page, query)`, and returns
 * the page numbers asked for, in order.
 */
export function servePages(
	path: string,
	answer: (page: number, query: URLSearchParams) => unknown,
	times = 50,
): number[] {
	const asked: number[] = [];
	nock(TEST_BASE_URL)
		.get(path)
		.query(true)
		.times(times)
		.reply((uri) => {
			const query = new URL(uri, TEST_BASE_URL).searchParams;
			const page = Number(query.get('page'));
			asked.push(page);
			return [200, answer(page, query) as nock.Body];
		});
	return asked;
}

/** What the service says of a page: its envelope beside the records. */
export type Envelope = (page: number, maxPage: number) => Record<string, unknown>;

/**
 * Serves `total` QR codes at GET /api/qr, `perPage` a page; `envelope` may rewrite what each
 * page says. Returns the page and limit of every request, in order.
 */
export function serveQrCodes(
	total: number,
	perPage: number,
	envelope: Envelope = (page, maxPage) => ({
		result: total,
		perpage: perPage,
		currentpage: page,
		nextpage: page + 1,
		maxpage: maxPage,
	}),
): Array<{ page: number; limit: number }> {
	const asked: Array<{ page: number; limit: number }> = [];
	servePages(
		'/api/qr',
		(page, query) => {
			asked.push({ page, limit: Number(query.get('limit')) });
			const maxPage = Math.ceil(total / perPage);
			const ids = range((page - 1) * perPage + 1, Math.min(total, page * perPage));
			return qrPage(page <= maxPage ? ids : [], envelope(page, maxPage));
		},
		100,
	);
	return asked;
}
