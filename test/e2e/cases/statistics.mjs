// Get Statistics on Link and QR Code (test/e2e/workflows/statistics.json): the seeded statistics
// come out as rows, one per label, counts as numbers, with their share of the dimension.
import assert from 'node:assert/strict';

import { requests } from './sandbox-state.mjs';

/**
 * The rows of the link or QR code `subject` names ({ linkId, shorturl } or { qrCodeId, link }),
 * from { label: [count, share] } by dimension, in the order given.
 */
const rowsOf = (subject, dimensions) =>
	Object.entries(dimensions).flatMap(([dimension, labels]) =>
		Object.entries(labels).map(([label, [count, share]]) => ({
			...subject,
			dimension,
			label,
			count,
			share,
		})),
	);

export const STATISTICS_CASES = [
	{
		name: 'statistics: link getStatistics (every dimension), qrCode getStatistics (countries, social)',
		file: 'test/e2e/workflows/statistics.json',
		check(ctx) {
			const shorturl = ctx.sandbox.store.links.get(1).shorturl;
			// The seed's 34 clicks of link 1: 60 % from the United States, 70 % direct, half and half
			// Chrome on Windows and Safari on iOS; no social network.
			const linkRows = rowsOf(
				{ linkId: 1, shorturl },
				{
					country: { 'United States': [20, 20 / 34], Canada: [14, 14 / 34] },
					referrer: { Direct: [24, 24 / 34], 'https://www.example.org': [10, 10 / 34] },
					browser: { Chrome: [17, 0.5], Safari: [17, 0.5] },
					os: { Windows: [17, 0.5], iOS: [17, 0.5] },
					social: { socialnet_a: [0, 0], socialnet_b: [0, 0], socialnet_c: [0, 0] },
				},
			);
			assert.deepEqual(ctx.out('Link statistics'), linkRows);

			// The seed's statistics of QR code 2; the dimensions come in their own order.
			const link = ctx.sandbox.store.qr.get(2).link;
			const qrRows = rowsOf(
				{ qrCodeId: 2, link },
				{
					country: { 'United States': [10, 10 / 14], Germany: [4, 4 / 14] },
					social: { socialnet_a: [2, 2 / 6], socialnet_b: [4, 4 / 6], socialnet_c: [0, 0] },
				},
			);
			assert.deepEqual(ctx.out('QR code statistics'), qrRows);
			assert.deepEqual(
				[...requests(ctx, 'GET /api/url/:id'), ...requests(ctx, 'GET /api/qr/:id')].map(
					(entry) => entry.url,
				),
				['/api/url/1', '/api/qr/2'],
				'one request per record',
			);
		},
	},
];
